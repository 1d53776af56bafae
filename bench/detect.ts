// npm run bench:detect — change detection (@levelfield/detect) on synthetic histories, and Apache
// Otava (PyPI apache-otava, in .levelfield/venv-otava) on the same series.
//
// Histories (seeded, 200 runs each, level 100, Gaussian noise of 1, 2, 5 or 10 % of the level):
//   steps     two steps of 2–20 % (up or down) at random runs, ≥ 25 runs from each other and the ends
//   flat      noise only
//   outliers  noise plus single runs 30–60 % high (2 % of runs)
//   drift     a linear drift of 5 or 10 % over the history
// Both detectors run with the same parameters (Otava's defaults: window 50, p ≤ 0.001, no minimum
// magnitude).
//
//   recall                       true steps of ≥ 3× the noise with a detected change within ±2 runs
//   recall_below_3x              the same for the smaller steps (not a target)
//   false_positives_per_100_runs changes matching no true step (within ±2 runs, one change per step),
//                                per 100 runs of the step, flat and outlier histories
//   drift_changes_per_100_runs   changes found in drift histories (neither true nor false: reported)
//   otava_agreement              Otava's changes matched by ours within ±1 run, one-to-one per
//                                history (each of ours matches at most one of Otava's), over all
//                                Otava's changes in all histories
//   otava_agreement_reverse      ours matched by Otava's, the same way
//   otava_agreement_compat       otava_agreement with otavaCompatibleMerge (Otava 0.8.0's merge, which
//                                leaves the left neighbour of a dropped point untested)
//   otava_recall, otava_false_positives_per_100_runs   Otava scored like ours
//   *_by_kind                    false positives per 100 runs of each kind of history
// BENCH_SEED=N draws another set of histories. Prints progress on stderr and, as its last line on
// stdout, one JSON object.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectChangePoints, normalRandom, seededRandom } from '@levelfield/detect';

const OTAVA_VERSION = '0.8.0';
const LENGTH = 200;
const NOISES = [0.01, 0.02, 0.05, 0.1];
const STEPS = [0.02, 0.03, 0.05, 0.08, 0.1, 0.15, 0.2];
const STEP_SERIES = 8;
const FLAT_SERIES = 25;
const OUTLIER_SERIES = 10;
const DRIFT_SERIES = 10;
const MIN_SEGMENT = 25;
const TRUTH_TOLERANCE = 2;
const AGREEMENT_TOLERANCE = 1;
const PARAMS = { windowLength: 50, maxPValue: 0.001, minMagnitude: 0 };
/** Seed of the histories; BENCH_SEED=… draws another set. */
const SEED = Number(process.env.BENCH_SEED ?? 20_261_126);

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const venv = path.join(repoDir, '.levelfield', 'venv-otava');
const log = (message: string) => process.stderr.write(`[bench:detect] ${message}\n`);

type Kind = 'steps' | 'flat' | 'outliers' | 'drift';
interface Step {
  index: number;
  size: number;
  noise: number;
}
interface History {
  kind: Kind;
  noise: number;
  values: number[];
  steps: Step[];
}

function makeHistories(): History[] {
  const random = seededRandom(SEED);
  const histories: History[] = [];
  const noisy = (noise: number, levels: number[]) => {
    const gauss = normalRandom(seededRandom(Math.floor(random() * 2 ** 32)));
    return levels.map((level) => level * (1 + noise * gauss()));
  };
  for (const noise of NOISES) {
    for (const size of STEPS) {
      for (let s = 0; s < STEP_SERIES; s++) {
        // Two change runs in [MIN_SEGMENT, LENGTH − MIN_SEGMENT], at least MIN_SEGMENT apart.
        const first = MIN_SEGMENT + Math.floor(random() * (LENGTH - 3 * MIN_SEGMENT + 1));
        const secondFrom = first + MIN_SEGMENT;
        const second = secondFrom + Math.floor(random() * (LENGTH - MIN_SEGMENT - secondFrom + 1));
        const signs = [random() < 0.5 ? -1 : 1, random() < 0.5 ? -1 : 1];
        const levels = Array.from({ length: LENGTH }, (_, i) => {
          let level = 100;
          if (i >= first) level *= 1 + signs[0]! * size;
          if (i >= second) level *= 1 + signs[1]! * size;
          return level;
        });
        histories.push({
          kind: 'steps',
          noise,
          values: noisy(noise, levels),
          steps: [
            { index: first, size, noise },
            { index: second, size, noise },
          ],
        });
      }
    }
    for (let s = 0; s < FLAT_SERIES; s++) {
      histories.push({ kind: 'flat', noise, values: noisy(noise, Array(LENGTH).fill(100)), steps: [] });
    }
    for (let s = 0; s < OUTLIER_SERIES; s++) {
      const values = noisy(noise, Array(LENGTH).fill(100)).map((v) =>
        random() < 0.02 ? v * (1.3 + 0.3 * random()) : v,
      );
      histories.push({ kind: 'outliers', noise, values, steps: [] });
    }
    for (let s = 0; s < DRIFT_SERIES; s++) {
      const total = s % 2 === 0 ? 0.05 : 0.1;
      const sign = random() < 0.5 ? -1 : 1;
      const levels = Array.from({ length: LENGTH }, (_, i) => 100 * (1 + (sign * total * i) / (LENGTH - 1)));
      histories.push({ kind: 'drift', noise, values: noisy(noise, levels), steps: [] });
    }
  }
  return histories;
}

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

/** How many of `wanted` are matched by distinct members of `found` within ±tolerance (nearest first). */
function matchCount(wanted: readonly number[], found: readonly number[], tolerance: number): boolean[] {
  const used = new Set<number>();
  return wanted.map((w) => {
    let best = -1;
    for (let j = 0; j < found.length; j++) {
      const d = Math.abs(found[j]! - w);
      if (d <= tolerance && !used.has(j) && (best < 0 || d < Math.abs(found[best]! - w))) best = j;
    }
    if (best < 0) return false;
    used.add(best);
    return true;
  });
}

function score(histories: readonly History[], found: readonly number[][]) {
  let counted = 0;
  let recalled = 0;
  let small = 0;
  let smallRecalled = 0;
  let falsePositives = 0;
  let scoredRuns = 0;
  const byKind: Record<string, { falsePositives: number; runs: number }> = {};
  let driftChanges = 0;
  let driftRuns = 0;
  histories.forEach((h, i) => {
    const changes = found[i]!;
    if (h.kind === 'drift') {
      driftChanges += changes.length;
      driftRuns += h.values.length;
      return;
    }
    scoredRuns += h.values.length;
    const hits = matchCount(
      h.steps.map((s) => s.index),
      changes,
      TRUTH_TOLERANCE,
    );
    h.steps.forEach((s, k) => {
      // Steps of at least 3× the noise (2.999 for 0.03 / 0.01 in floating point).
      if (s.size / s.noise >= 2.999) {
        counted++;
        if (hits[k]) recalled++;
      } else {
        small++;
        if (hits[k]) smallRecalled++;
      }
    });
    const missed = changes.length - hits.filter(Boolean).length;
    falsePositives += missed;
    const kind = byKind[h.kind] ?? { falsePositives: 0, runs: 0 };
    byKind[h.kind] = kind;
    kind.falsePositives += missed;
    kind.runs += h.values.length;
  });
  return {
    recall: recalled / counted,
    recallBelow3x: smallRecalled / small,
    counted,
    falsePositivesPer100: (100 * falsePositives) / scoredRuns,
    falsePositives,
    driftPer100: (100 * driftChanges) / driftRuns,
    falsePositivesPer100ByKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, k]) => [kind, round((100 * k.falsePositives) / k.runs)]),
    ),
  };
}

function agreement(reference: readonly number[][], ours: readonly number[][]): number {
  let total = 0;
  let matched = 0;
  reference.forEach((ref, i) => {
    total += ref.length;
    matched += matchCount(ref, ours[i]!, AGREEMENT_TOLERANCE).filter(Boolean).length;
  });
  return total === 0 ? 1 : matched / total;
}

function ensureOtava(): string | null {
  const python = path.join(venv, 'bin', 'python');
  const ready = () =>
    existsSync(python) &&
    spawnSync(python, ['-c', 'import otava.analysis'], { stdio: 'ignore' }).status === 0;
  if (ready()) return python;
  log(`installing apache-otava ${OTAVA_VERSION} into ${path.relative(repoDir, venv)}`);
  const steps: [string, string[]][] = [
    ['python3', ['-m', 'venv', venv]],
    [
      path.join(venv, 'bin', 'pip'),
      ['install', '--quiet', '--disable-pip-version-check', `apache-otava==${OTAVA_VERSION}`],
    ],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) {
      log(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
      return null;
    }
  }
  return ready() ? python : null;
}

function runOtava(python: string, histories: readonly History[]): { version: string; changes: number[][] } {
  const input = JSON.stringify({
    series: histories.map((h) => h.values),
    window_len: PARAMS.windowLength,
    max_pvalue: PARAMS.maxPValue,
    min_magnitude: PARAMS.minMagnitude,
  });
  const result = spawnSync(python, [path.join(repoDir, 'bench', 'otava_detect.py')], {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`otava_detect.py failed (exit ${result.status})`);
  const output = JSON.parse(result.stdout) as { otava_version: string; change_points: number[][] };
  return { version: output.otava_version, changes: output.change_points };
}

function main() {
  const histories = makeHistories();
  const runs = histories.reduce((sum, h) => sum + h.values.length, 0);
  log(`${histories.length} histories, ${runs} runs`);

  const started = performance.now();
  const ours = histories.map((h) => detectChangePoints(h.values, PARAMS).map((c) => c.index));
  const detectMs = performance.now() - started;
  log(`@levelfield/detect: ${Math.round(detectMs)} ms`);
  const compat = histories.map((h) =>
    detectChangePoints(h.values, { ...PARAMS, otavaCompatibleMerge: true }).map((c) => c.index),
  );
  const mine = score(histories, ours);
  log(
    `recall ${round(mine.recall)} over ${mine.counted} steps ≥ 3× noise; ${mine.falsePositives} false positives`,
  );

  let otava: ReturnType<typeof runOtava> | null = null;
  let otavaMs = 0;
  const python = ensureOtava();
  if (python) {
    const t0 = performance.now();
    otava = runOtava(python, histories);
    otavaMs = performance.now() - t0;
    log(`apache-otava ${otava.version}: ${Math.round(otavaMs)} ms`);
  } else {
    log('Apache Otava is not available: no agreement measured');
  }
  const theirs = otava ? score(histories, otava.changes) : null;

  const result = {
    recall: round(mine.recall),
    false_positives_per_100_runs: round(mine.falsePositivesPer100),
    otava_agreement: otava ? round(agreement(otava.changes, ours)) : null,
    otava_agreement_reverse: otava ? round(agreement(ours, otava.changes)) : null,
    otava_agreement_compat: otava ? round(agreement(otava.changes, compat)) : null,
    otava_changes: otava ? otava.changes.reduce((n, c) => n + c.length, 0) : null,
    our_changes: ours.reduce((n, c) => n + c.length, 0),
    recall_below_3x: round(mine.recallBelow3x),
    false_positives_per_100_runs_by_kind: mine.falsePositivesPer100ByKind,
    drift_changes_per_100_runs: round(mine.driftPer100),
    otava_recall: theirs ? round(theirs.recall) : null,
    otava_false_positives_per_100_runs: theirs ? round(theirs.falsePositivesPer100) : null,
    otava_false_positives_per_100_runs_by_kind: theirs?.falsePositivesPer100ByKind ?? null,
    steps_counted: mine.counted,
    histories: histories.length,
    runs,
    detect_ms: Math.round(detectMs),
    otava_ms: Math.round(otavaMs),
    otava_version: otava?.version ?? null,
    params: PARAMS,
    seed: SEED,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main();
