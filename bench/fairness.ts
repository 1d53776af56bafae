// npm run bench:fairness — the fairness engine scored on real publications it was not built from.
// Each file of packages/fairness/corpus/<set>/ is a published comparison encoded from its own text
// (published.import JSON), with the asymmetries that rebuttals, issues or audits document
// (`expected`) and what the texts show was equal (`expectedPass`). The results go through the
// same validation and run-fact merge as `published.import`, then through runChecks.
//   expected_flags  documented asymmetries
//   flagged         … whose check answered flag
//   surfaced        … flag, or needs_review with a hint (a reviewer is pointed at it)
//   unknown         … unknown (the encoding lacks what the check needs)
//   missed          … pass or a hint-less needs_review
//   false_flags     expectedPass checks that answered flag
//   silent_passes   passes with a side missing from the evidence or with fields missing
// Prints per-check recall and precision, one line per set, and as its last line the JSON of all.
// `BENCH_SETS=dev` scores one set; held-out sets (holdout*) print no per-file lines unless
// BENCH_SHOW_HOLDOUT=1, so they stay unseen while the engine changes. It runs under the
// react-server condition (npm run bench:fairness passes it) because it validates through the web
// app's own server-only import code. `BENCH_FILE=<path>` prints
// every check of one corpus file (state, message, hint, missing) instead; `BENCH_VALIDATE=<path>` only
// says whether published.import accepts the file (for encoders, who must not see the engine's answers).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CheckResult, runChecks } from '@levelfield/fairness';
import { type CorpusFile, corpusComparison } from '../apps/web/src/server/published/corpus.ts';

const CORPUS = path.join(import.meta.dirname, '../packages/fairness/corpus');

interface Tally {
  expected_flags: number;
  flagged: number;
  surfaced: number;
  unknown: number;
  missed: number;
  false_flags: number;
  silent_passes: number;
  invalid_files: number;
}

const empty = (): Tally => ({
  expected_flags: 0,
  flagged: 0,
  surfaced: 0,
  unknown: 0,
  missed: 0,
  false_flags: 0,
  silent_passes: 0,
  invalid_files: 0,
});

const log = (line: string) => process.stderr.write(`${line}\n`);

const surfacedState = (r: CheckResult) =>
  r.state === 'flag' || (r.state === 'needs_review' && Boolean(r.hint));

function silentPass(r: CheckResult, labels: string[]): boolean {
  if (r.state !== 'pass') return false;
  return (r.missing?.length ?? 0) > 0 || labels.some((l) => !r.evidence.some((e) => e.entry === l));
}

/** Every check of one file, for reading what the engine made of it. */
function explain(file: string) {
  const input = corpusComparison(JSON.parse(readFileSync(file, 'utf8')) as CorpusFile);
  if ('errors' in input) return log(`refused by published.import — ${input.errors.join('; ')}`);
  for (const r of runChecks(input))
    log(
      `${r.id} ${r.state}: ${r.message}${r.hint ? `\n   hint: ${r.hint}` : ''}${r.missing ? `\n   missing: ${r.missing.map((m) => `${m.entry}: ${m.field}`).join('; ')}` : ''}`,
    );
}

/** Whether published.import takes a corpus file, without running a check. */
function validate(file: string) {
  const input = corpusComparison(JSON.parse(readFileSync(file, 'utf8')) as CorpusFile);
  log('errors' in input ? `refused by published.import — ${input.errors.join('; ')}` : 'accepted');
  if ('errors' in input) process.exitCode = 1;
}

function main() {
  if (process.env.BENCH_VALIDATE) return validate(process.env.BENCH_VALIDATE);
  if (process.env.BENCH_FILE) return explain(process.env.BENCH_FILE);
  // Sets are the corpus's folders; its README sits beside them.
  const folders = readdirSync(CORPUS, { withFileTypes: true }).filter((d) => d.isDirectory());
  const sets = (process.env.BENCH_SETS ?? folders.map((d) => d.name).join(',')).split(',').filter(Boolean);
  const total = empty();
  const perCheck = new Map<string, { expected: number; flagged: number; falseFlags: number }>();
  const bySet: Record<string, Tally> = {};
  for (const set of sets) {
    const tally = empty();
    const dir = path.join(CORPUS, set);
    for (const name of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const file = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CorpusFile;
      const input = corpusComparison(file);
      if ('errors' in input) {
        tally.invalid_files++;
        tally.expected_flags += file.expected.length;
        tally.missed += file.expected.length;
        log(`${set}/${file.id}: refused by published.import — ${input.errors.slice(0, 3).join('; ')}`);
        continue;
      }
      const results = runChecks(input);
      const labels = file.entries.map((e) => e.label);
      const byId = new Map(results.map((r) => [r.id, r]));
      const lines: string[] = [];
      for (const e of file.expected) {
        const r = byId.get(e.check);
        const stat = perCheck.get(e.check) ?? { expected: 0, flagged: 0, falseFlags: 0 };
        stat.expected++;
        tally.expected_flags++;
        if (r?.state === 'flag') {
          tally.flagged++;
          stat.flagged++;
        }
        if (r && surfacedState(r)) tally.surfaced++;
        else if (r?.state === 'unknown') tally.unknown++;
        else tally.missed++;
        perCheck.set(e.check, stat);
        lines.push(`  ${e.check.padEnd(11)} ${(r?.state ?? 'none').padEnd(12)} ${e.asymmetry.slice(0, 90)}`);
      }
      for (const p of file.expectedPass ?? []) {
        const r = byId.get(p.check);
        if (r?.state === 'flag') {
          tally.false_flags++;
          const stat = perCheck.get(p.check) ?? { expected: 0, flagged: 0, falseFlags: 0 };
          stat.falseFlags++;
          perCheck.set(p.check, stat);
          lines.push(`  ${p.check.padEnd(11)} FALSE FLAG   ${r.message.slice(0, 120)}`);
        }
      }
      tally.silent_passes += results.filter((r) => silentPass(r, labels)).length;
      if (!set.startsWith('holdout') || process.env.BENCH_SHOW_HOLDOUT === '1')
        log(`${set}/${file.id}\n${lines.join('\n')}`);
    }
    bySet[set] = tally;
    for (const k of Object.keys(total) as (keyof Tally)[]) total[k] += tally[k];
    log(`${set}: ${JSON.stringify(tally)}`);
  }
  log('\nper check: recall (flagged / documented) and precision (flags on documented / all flags scored)');
  for (const [id, s] of [...perCheck.entries()].sort())
    log(
      `  ${id.padEnd(11)} recall ${s.flagged}/${s.expected}  precision ${s.flagged + s.falseFlags === 0 ? 'n/a' : (s.flagged / (s.flagged + s.falseFlags)).toFixed(2)}`,
    );
  const rate = (n: number) => (total.expected_flags ? Number((n / total.expected_flags).toFixed(3)) : 0);
  process.stdout.write(
    `${JSON.stringify({ ...total, flag_rate: rate(total.flagged), surfaced_rate: rate(total.surfaced), sets: bySet })}\n`,
  );
}

main();
