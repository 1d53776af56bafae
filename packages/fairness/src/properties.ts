// The rule "unknown is never pass" as a property over any comparison (docs/fairness.md,
// principle 1): replacing any one evidence field on any side with a value that says nothing
// never yields pass. Used by the engine's own tests and by the seed publications' tests.
import { CHECKS, runCheck } from './catalogue.ts';
import type { CheckResult, ComparisonInput } from './schema.ts';
import { barePath } from './subject.ts';
import { withField } from './testing.ts';

export const NOT_STATED = ['not stated', 'default', 'n/a', '?', '', null, 'short', 'unspecified'] as const;

/** Provenance paths of a check's evidence that a run records (not values, series or derived names). */
export function recordedPaths(input: ComparisonInput, result: CheckResult): string[] {
  const paths = new Set<string>();
  for (const e of result.evidence) {
    const path = barePath(e.field);
    const parts = path.split('.');
    const known =
      parts[0] === 'nodes'
        ? input.entries.some((en) =>
            en.runs.some((r) =>
              r.provenance.nodes.some(
                (n) =>
                  n.role === parts[1] &&
                  (n[parts[2] as 'hardware'] as Record<string, unknown>)?.[parts[3] ?? ''],
              ),
            ),
          )
        : input.entries.some((en) =>
            en.runs.some(
              (r) =>
                (r.provenance[parts[0] as 'run'] as Record<string, unknown> | undefined)?.[parts[1] ?? ''],
            ),
          );
    if (known) paths.add(path);
  }
  return [...paths];
}

/** Every pass that survives a not-stated value in one of its evidence fields, described; none is the rule. */
export function passesOnNothing(input: ComparisonInput, label: string): string[] {
  const out: string[] = [];
  for (const check of CHECKS) {
    const result = runCheck(check, input);
    if (result.state !== 'pass') continue;
    for (const path of recordedPaths(input, result))
      for (let entry = 0; entry < input.entries.length; entry++)
        for (const value of NOT_STATED) {
          const r = runCheck(check, withField(input, entry, path, { value, origin: 'imported' }));
          if (r.state === 'pass')
            out.push(
              `${label} ${check.id}: ${path} = ${JSON.stringify(value)} on side ${entry}: ${r.message}`,
            );
        }
  }
  return out;
}
