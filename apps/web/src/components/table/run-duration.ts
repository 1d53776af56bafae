// A run's length as the explorer sorts and every page prints it. Plain TypeScript (no JSX), so
// the server's explorer query and the components share it.

interface RunTimes {
  source: string;
  startedAt: Date;
  endedAt: Date | null;
}

/** Entered from a publication: its stored start and end are both the publication date. */
export const isPublishedRun = (run: { source: string }) => run.source === 'published';

/** The status a run shows and sorts by: "published" for a publication's result, else its stored one. */
export const shownStatus = (run: { source: string; status: string }) =>
  isPublishedRun(run) ? 'published' : run.status;

/** How long the run ran (ms); null while it runs, and for a published run, which has no run time. */
export function runDurationMs(run: RunTimes): number | null {
  if (isPublishedRun(run) || !run.endedAt) return null;
  return run.endedAt.getTime() - run.startedAt.getTime();
}
