// The annotated methodology section as plain markup: threads grouped by what they anchor, each
// with its state, its comments and its history of state changes. No hooks, so the server renders
// it for readers without JavaScript (ReviewThreadsStatic) and ReviewSection reuses it with the
// reviewer's controls slotted in.
import type { ReactNode } from 'react';
import { formatWhen, groupByAnchor, KIND_TITLES } from '~/components/review/threads-by-anchor';
import type { ReportAnchors } from '~/server/reports/anchors-of';
import type { ReviewThreadView } from '~/server/reports/threads';
import './review.css';

/** Said under the threads to readers who cannot open one. */
export const WHO_MAY_REVIEW =
  'Members of the publishing organization with the reviewer role can open threads.';

export const STATE_LABELS: Record<ReviewThreadView['state'], string> = {
  open: 'open',
  resolved: 'resolved',
  accepted: 'accepted by the author',
};

export function StateBadge({ state }: { state: ReviewThreadView['state'] }) {
  return <span className={`thread-state thread-state-${state}`}>{STATE_LABELS[state]}</span>;
}

function Comments({ thread }: { thread: ReviewThreadView }) {
  return (
    <ol className="thread-comments">
      {thread.comments.map((c) =>
        c.event ? (
          <li key={c.id} className="thread-event">
            <strong>{c.author}</strong> {c.body} ·{' '}
            <time dateTime={c.createdAt.toISOString()}>{formatWhen(c.createdAt)}</time>
          </li>
        ) : (
          <li key={c.id} className="thread-comment">
            <p className="thread-meta">
              <strong>{c.author}</strong>{' '}
              <time dateTime={c.createdAt.toISOString()}>{formatWhen(c.createdAt)}</time>
            </p>
            <p className="thread-body">{c.body}</p>
          </li>
        ),
      )}
    </ol>
  );
}

function Thread({
  thread,
  version,
  actions,
}: {
  thread: ReviewThreadView;
  version: number;
  actions?: (thread: ReviewThreadView) => ReactNode;
}) {
  return (
    <article
      className={`thread thread-${thread.state}`}
      id={`thread-${thread.id}`}
      data-thread-state={thread.state}
    >
      <header className="thread-head">
        <StateBadge state={thread.state} />
        <span className="muted small">
          opened by {thread.openedBy}
          {thread.reportVersion !== null && thread.reportVersion !== version
            ? ` while reading version ${thread.reportVersion}`
            : ''}
        </span>
      </header>
      <Comments thread={thread} />
      {actions?.(thread)}
    </article>
  );
}

export function ThreadList({
  threads,
  checks,
  version,
  actions,
}: {
  threads: readonly ReviewThreadView[];
  /** The version's checks: threads on a check are headed by its title, not its bare id. */
  checks: ReportAnchors['checks'];
  /** The version on the page: threads opened on another one say so. */
  version: number;
  /** The reviewer's controls under each thread (ReviewSection); none for readers. */
  actions?: (thread: ReviewThreadView) => ReactNode;
}) {
  if (threads.length === 0)
    return (
      <p className="muted review-empty">No review threads yet: nobody has questioned this methodology.</p>
    );
  return (
    <div className="review-groups">
      {groupByAnchor(threads, checks).map(({ kind, groups }) => (
        <section key={kind} className="review-kind">
          <h3>{KIND_TITLES[kind]}</h3>
          {groups.map((group) => (
            <div key={group.key} className="review-anchor" data-review-anchor={group.key}>
              <h4>{group.label}</h4>
              {group.threads.map((thread) => (
                <Thread key={thread.id} thread={thread} version={version} actions={actions} />
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

/** The section around the list; one heading and id for both renderings, so links to #review work. */
export function AnnotatedMethodology({
  threads,
  children,
}: {
  threads: readonly ReviewThreadView[];
  children: ReactNode;
}) {
  const open = threads.filter((t) => t.state === 'open').length;
  return (
    <section className="panel review-section" id="review" aria-labelledby="review-title">
      <h2 id="review-title">Annotated methodology</h2>
      <p className="muted small">
        Reviewers’ threads on this report’s checks, figures, provenance and charts
        {threads.length > 0 ? ` — ${threads.length} in all, ${open} open` : ''}. Threads are resolved by
        reviewers and accepted by the report’s authors.
      </p>
      {children}
    </section>
  );
}
