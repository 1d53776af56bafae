// What a webhook receives about a regression: Levelfield's JSON event, or for Slack-compatible
// receivers (Slack incoming webhooks, Mattermost, Discord's /slack endpoint) {"text": …} with the
// same facts in one message.
import 'server-only';
import type { WebhookFormat } from '@levelfield/db/client';

export interface RegressionEvent {
  type: 'regression.confirmed' | 'regression.detected';
  project: string;
  historyUrl: string;
  runUrl: string;
  benchmark: string;
  system: string | null;
  branch: string | null;
  commit: string | null;
  /** p50, p99 or throughput */
  metric: string;
  /** The latency series they are of: "latency", "time_per_op{benchmark=BenchmarkParse}" */
  series: string;
  meanBefore: number;
  meanAfter: number;
  relativeChange: number;
  pValue: number;
  /** Who confirmed it; null for a newly detected one. */
  confirmedBy: string | null;
  /** One line in words, as notifications say it. */
  summary: string;
}

export function webhookBody(format: WebhookFormat, event: RegressionEvent): string {
  if (format === 'slack')
    return JSON.stringify({ text: `${event.summary}\n<${event.historyUrl}|Open the history>` });
  return JSON.stringify(event);
}
