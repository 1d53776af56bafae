// Pure helpers for showing review threads: grouped by what they anchor (the annotated
// methodology section), and the threads at one marked item of the report page.
import { checkName } from '~/components/checklist/order';
import { formatUtc } from '~/lib/format';
import type { ReviewAnchor } from '~/lib/schemas/review';
import type { ReportAnchors } from '~/server/reports/anchors-of';
import type { ReviewThreadView } from '~/server/reports/threads';

type Kind = ReviewAnchor['kind'];

/** Section order and titles: the checks first, as the report lists them. */
export const KIND_TITLES: Record<Kind, string> = {
  check: 'Fairness checks',
  cell: 'Headline table',
  field: 'Provenance and disclosure',
  range: 'Charts',
};
const KINDS = Object.keys(KIND_TITLES) as Kind[];

export interface AnchorGroup {
  key: string;
  label: string;
  threads: ReviewThreadView[];
}

/**
 * A group's heading: a check by its name ("F-HW-2 · Total resources comparable") when the version
 * on the page has it, anything else by the thread's anchor label.
 */
function headingOf(thread: ReviewThreadView, checks: ReportAnchors['checks']): string {
  const { anchor } = thread;
  const check = anchor.kind === 'check' ? checks.find((c) => c.checkId === anchor.checkId) : undefined;
  return check ? checkName({ id: check.checkId, title: check.title }) : thread.anchorLabel;
}

/** Per kind (in KIND_TITLES order, empty kinds left out), one group per anchored item in order of first thread. */
export function groupByAnchor(
  threads: readonly ReviewThreadView[],
  checks: ReportAnchors['checks'],
): { kind: Kind; groups: AnchorGroup[] }[] {
  const groups = new Map<string, AnchorGroup & { kind: Kind }>();
  for (const thread of threads) {
    const group = groups.get(thread.anchorKey);
    if (group) group.threads.push(thread);
    else
      groups.set(thread.anchorKey, {
        key: thread.anchorKey,
        kind: thread.anchor.kind,
        label: headingOf(thread, checks),
        threads: [thread],
      });
  }
  return KINDS.flatMap((kind) => {
    const ofKind = [...groups.values()].filter((g) => g.kind === kind).map(({ kind: _kind, ...g }) => g);
    return ofKind.length > 0 ? [{ kind, groups: ofKind }] : [];
  });
}

/**
 * The threads at one marked item: those whose anchorKey is `key`, or lies within it — the key
 * "range:throughput" covers every range of that chart (see anchorKey).
 */
export function threadsAt<T extends { anchorKey: string }>(threads: readonly T[], key: string): T[] {
  return threads.filter((t) => t.anchorKey === key || t.anchorKey.startsWith(`${key}|`));
}

/** Minutes in UTC, identical on the server and in the browser (no hydration mismatch). */
export function formatWhen(at: Date): string {
  return formatUtc(at);
}
