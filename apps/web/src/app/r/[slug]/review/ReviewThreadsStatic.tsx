// The annotated methodology section rendered on the server alone, for readers who cannot review
// (anonymous visitors, viewers): the full thread list, no client JavaScript. Reviewers get
// ReviewSection, which renders the same list with its forms.
import 'server-only';
import type { ReportAnchors } from '~/server/reports/anchors-of';
import type { ReviewThreadView } from '~/server/reports/threads';
import { serverCaller } from '~/server/root';
import { AnnotatedMethodology, ThreadList, WHO_MAY_REVIEW } from './ThreadList';

/** Pass `threads` when the page has loaded them already (for ThreadMarker); otherwise they are loaded here. */
export async function ReviewThreadsStatic({
  slug,
  version,
  threads,
  checks,
}: {
  slug: string;
  version: number;
  threads?: readonly ReviewThreadView[];
  /** The version's checks, to head their threads by title. */
  checks: ReportAnchors['checks'];
}) {
  const list = threads ?? (await (await serverCaller()).reports.threads.list({ slug }));
  return (
    <AnnotatedMethodology threads={list}>
      <ThreadList threads={list} checks={checks} version={version} />
      <p className="muted small">{WHO_MAY_REVIEW}</p>
    </AnnotatedMethodology>
  );
}
