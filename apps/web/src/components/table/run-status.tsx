// How a run says what it is and when, in the runs explorer and on the run page's header. A run
// entered from a publication has no run of its own to time: it is "published" on its
// publication date (stored as its start and end), never "succeeded" after "0 s".
import { StatusBadge } from '@levelfield/ui/badge';
import { formatUtc, formatUtcDate } from '~/lib/format';
import { isPublishedRun, shownStatus } from './run-duration';

interface RunTiming {
  source: string;
  status: string;
  startedAt: Date;
}

export function RunStatusBadge({ run }: { run: RunTiming }) {
  const status = shownStatus(run);
  return status === 'published' ? (
    <StatusBadge status="published">published</StatusBadge>
  ) : (
    <StatusBadge status={status} />
  );
}

/**
 * "published 2021-10-01" (the date is all a publication gives), or the start to the minute;
 * `zone={false}` where a column header already says UTC.
 */
export function RunWhen({
  run,
  prefix = false,
  zone = true,
}: {
  run: RunTiming;
  prefix?: boolean;
  zone?: boolean;
}) {
  const iso = run.startedAt.toISOString();
  if (isPublishedRun(run))
    return <time dateTime={iso.slice(0, 10)}>published {formatUtcDate(run.startedAt)}</time>;
  const utc = formatUtc(run.startedAt);
  return (
    <time dateTime={iso}>
      {prefix ? 'started ' : ''}
      {zone ? utc : utc.replace(/ UTC$/, '')}
    </time>
  );
}
