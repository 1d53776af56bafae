// Every run of the report with its full provenance and disclosure (authors, interests, artefacts,
// AI assistance), as frozen at publication. Each field is marked as a review anchor.
import Link from 'next/link';
import { DisclosurePanel } from '~/components/provenance/disclosure-panel';
import { type Annotate, ProvenancePanel } from '~/components/provenance/provenance-panel';
import { RunStatusBadge, RunWhen } from '~/components/table/run-status';
import type { ReportSnapshot } from '~/server/reports/snapshot';

type Entry = ReportSnapshot['entries'][number];

function RunSummary({ run, member }: { run: Entry['runs'][number]; member: boolean }) {
  // A published run is "published" on its publication date, as everywhere (run-status.tsx).
  const timing = { source: run.source, status: run.status, startedAt: new Date(run.startedAt) };
  return (
    <p className="meta small">
      <RunStatusBadge run={timing} />
      <span className="tag">{run.source}</span>
      {run.system ? <span>{run.system}</span> : null}
      <RunWhen run={timing} prefix />
      {run.sourceUrl ? <a href={run.sourceUrl}>published source</a> : null}
      {/* The run page shows more than the snapshot, so only members of the organization go there. */}
      {member ? <Link href={`/runs/${run.id}`}>live run page</Link> : null}
    </p>
  );
}

export function RunDetails({
  entries,
  member,
  annotate,
}: {
  entries: readonly Entry[];
  /** A member of the organization (may open the live run pages). */
  member: boolean;
  annotate?: Annotate;
}) {
  return (
    <div className="report-runs">
      {entries.map((entry) =>
        entry.runs.map((run) => (
          <section key={run.id} className="panel report-run" id={`run-${run.id}`} aria-label={run.name}>
            <h3>
              <span className="entry-label">{entry.label}</span> {run.name}
            </h3>
            <RunSummary run={run} member={member} />
            <div className="two-col">
              <div>
                <h4>Provenance</h4>
                <ProvenancePanel
                  provenance={run.provenance}
                  anchorRun={run.id}
                  annotate={annotate}
                  published={run.source === 'published'}
                />
              </div>
              <div>
                <h4>Disclosure</h4>
                <DisclosurePanel disclosure={run.disclosure} anchorRun={run.id} annotate={annotate} />
              </div>
            </div>
          </section>
        )),
      )}
    </div>
  );
}
