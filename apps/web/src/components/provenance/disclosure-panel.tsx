// Who made the run, with what interest, and how much of it an AI assistant produced.
import { type Disclosure, webUrlOrNull } from '@levelfield/contracts/provenance';
import { type Annotate, anchorField } from './provenance-panel';

const AI_DECLARED: Record<Disclosure['ai']['declared'], string> = {
  yes: 'AI assistance declared',
  no: 'No AI assistance declared',
  'not-stated': 'AI assistance not stated',
};

const authorsOf = (d: Disclosure) =>
  d.authors.map((a) => (a.affiliation ? `${a.name} (${a.affiliation})` : a.name)).join(', ');

/**
 * A disclosure folded to one line — authors and AI assistance — that opens to the whole panel with
 * the prompt log: on a comparison, where it discloses every figure above it.
 */
export function DisclosureLine({
  disclosure,
  entries,
}: {
  disclosure: Disclosure;
  entries: string[] | null;
}) {
  const { ai } = disclosure;
  return (
    <details className="disclosure-line" data-testid="disclosure">
      <summary>
        <strong>Disclosure{entries ? ` (${entries.join(', ')})` : ''}:</strong>{' '}
        {disclosure.authors.length ? authorsOf(disclosure) : 'authors not stated'} ·{' '}
        <span className={`ai ai-${ai.declared}`}>{AI_DECLARED[ai.declared]}</span>
        {ai.tools.length ? ` (${ai.tools.join(', ')})` : ''}
        {ai.promptLog || ai.promptLogUrl ? ' · prompt log' : ''}
      </summary>
      <DisclosurePanel disclosure={disclosure} />
    </details>
  );
}

export function DisclosurePanel({
  disclosure,
  anchorRun,
  annotate,
}: {
  disclosure: Disclosure;
  /** The run's id, to mark the fields the provenance diff compares as review anchors (report pages). */
  anchorRun?: string;
  annotate?: Annotate;
}) {
  const { ai } = disclosure;
  const anchor = (path: string) => (anchorRun ? anchorField(anchorRun, `disclosure.${path}`) : {});
  const marker = (path: string) =>
    anchorRun && annotate ? annotate(`field:${anchorRun}|disclosure.${path}`) : null;
  return (
    <div className="disclosure">
      <dl className="fields">
        <div className="field">
          <dt>Authors</dt>
          <dd>
            {disclosure.authors.length ? authorsOf(disclosure) : <span className="muted">not stated</span>}
          </dd>
        </div>
        <div className="field" {...anchor('affiliation')}>
          <dt>Affiliation</dt>
          <dd>
            {disclosure.affiliation ?? <span className="muted">not stated</span>}
            {marker('affiliation')}
          </dd>
        </div>
        <div className="field" {...anchor('conflictOfInterest')}>
          <dt>Conflict of interest</dt>
          <dd>
            {disclosure.conflictOfInterest ?? <span className="muted">not stated</span>}
            {marker('conflictOfInterest')}
          </dd>
        </div>
        <div className="field" {...anchor('otherVendorConsulted')}>
          <dt>Other vendor consulted</dt>
          <dd>
            {disclosure.otherVendorConsulted.replace('-', ' ')}
            {marker('otherVendorConsulted')}
          </dd>
        </div>
        <div className="field">
          <dt>Artefacts</dt>
          <dd>
            {disclosure.artefacts.length ? (
              <ul className="plain">
                {disclosure.artefacts.map((a) => (
                  <li key={a.url}>
                    {webUrlOrNull(a.url) ? <a href={a.url}>{a.url}</a> : a.url}
                    {a.sha256 ? <code className="hash"> sha256:{a.sha256.slice(0, 12)}…</code> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">none listed</span>
            )}
          </dd>
        </div>
      </dl>
      <h3 className={`ai ai-${ai.declared}`} {...anchor('ai.declared')}>
        {AI_DECLARED[ai.declared]} {marker('ai.declared')}
      </h3>
      <dl className="fields">
        <div className="field">
          <dt>Scopes</dt>
          <dd>{ai.scopes.length ? ai.scopes.join(', ') : <span className="muted">—</span>}</dd>
        </div>
        <div className="field">
          <dt>Tools and models</dt>
          <dd>{ai.tools.length ? ai.tools.join(', ') : <span className="muted">—</span>}</dd>
        </div>
        <div className="field">
          <dt>Human responsible</dt>
          <dd>
            {ai.humanResponsible ?? <span className="muted">—</span>}
            {ai.humanReviewed !== undefined
              ? ` · human review ${ai.humanReviewed ? 'done' : 'not done'}`
              : ''}
          </dd>
        </div>
        <div className="field">
          <dt>Commit-trailer evidence</dt>
          <dd>
            {ai.evidence.length ? (
              <ul className="plain">
                {ai.evidence.map((e) => (
                  <li key={`${e.commit}-${e.trailer}`}>
                    <code>{e.commit.slice(0, 10)}</code> {e.trailer}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">none found</span>
            )}
          </dd>
        </div>
      </dl>
      {ai.promptLog || ai.promptLogUrl ? (
        <details className="prompt-log">
          <summary>Prompt log</summary>
          {webUrlOrNull(ai.promptLogUrl) ? (
            <a href={ai.promptLogUrl}>{ai.promptLogUrl}</a>
          ) : (
            (ai.promptLogUrl ?? null)
          )}
          {ai.promptLog ? <pre>{ai.promptLog}</pre> : null}
        </details>
      ) : null}
    </div>
  );
}
