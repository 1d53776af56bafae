// "💬 2 open" beside an item of the report that review threads anchor to, linking to the first
// of them in the annotated methodology section. No hooks: the server page renders it.

import { threadsAt } from '~/components/review/threads-by-anchor';
import type { ReviewThreadView } from '~/server/reports/threads';
import './review.css';

/** 💬, drawn: not every system has an emoji font (headless Chromium on Debian has none). */
function CommentIcon() {
  return (
    <svg
      width="13"
      height="13"
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      className="thread-marker-icon"
    >
      <path d="M4 5h16v11H9l-5 4V5Z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * `anchorKey` is the anchor's kind, a colon and the item's data-anchor-* value (see anchorKey in
 * ~/server/reports/anchor): "check:F-HW-1", "cell:tpmC|Rama", "field:{runId}|{path}", and
 * "range:throughput" for every thread on a chart. Renders nothing where there is no thread.
 */
export function ThreadMarker({
  anchorKey,
  threads,
}: {
  anchorKey: string;
  threads: readonly Pick<ReviewThreadView, 'id' | 'anchorKey' | 'state'>[];
}) {
  const here = threadsAt(threads, anchorKey);
  const first = here[0];
  if (!first) return null;
  const open = here.filter((t) => t.state === 'open').length;
  const text = open > 0 ? `${open} open` : `${here.length} closed`;
  const title = `${here.length} review thread${here.length === 1 ? '' : 's'} here, ${open} open`;
  return (
    <a
      className={`thread-marker${open > 0 ? ' has-open' : ''}`}
      href={`#thread-${first.id}`}
      title={title}
      aria-label={title}
    >
      <CommentIcon /> {text}
    </a>
  );
}
