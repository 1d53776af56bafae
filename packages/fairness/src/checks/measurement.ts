// F-MEAS-*: how the numbers were taken — counting point, latency definition, steady state,
// cache, repetitions, percentile aggregation, formulas and value origin.
import { formulaMismatch, tpccEfficiency } from '@levelfield/metrics/formulas';
import { meanConfidenceInterval, steadyStateTest } from '@levelfield/metrics/stats';
import { capitalise, compareFields, missingText, verdictOf } from '../compare.ts';
import {
  admitsUnknown,
  canonical,
  denied,
  display,
  type FieldValue,
  isVacuousHead,
  normAggregation,
  normCacheState,
  normCompliance,
  normLatencyEndPoint,
  normLatencyOrigin,
  normLoadModel,
  normResultCache,
  normSelectionRule,
  normText,
  normThroughputSource,
  parseNumber,
  repetitionCount,
  toBool,
  toDay,
  toMs,
  withoutLinks,
} from '../normalize.ts';
import {
  derived,
  entryValue,
  evidenceOf,
  firstOf,
  groupField,
  type Reader,
  type ReadField,
  readEntry,
  saysNothing,
  valuePath,
} from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry, RunInput } from '../schema.ts';
import { fromText, orText } from '../text.ts';
import { organisationsIn, orgKey } from '../vendors.ts';
import { overlappingRuns, printedRepetitions, printedRuns } from './printed-runs.ts';
import { entryComponents } from './software.ts';
import { keyWords } from './workload-parts.ts';

// --- F-MEAS-1 ----------------------------------------------------------------------------------

/**
 * Work counted or timed when handed over: "submission loop only", "incremented when a request is
 * enqueued", "until the last tell returned (handling not awaited)".
 */
const HANDED_OVER =
  /\b(submi(ssion|tted|ts?)|enqueue[ds]?|handed over|dispatch(ed|es)?|not awaited|without waiting|fire and forget)\b/;
const COMPLETED = /\b(complet\w*|finish\w*|acknowledg\w*|acked|done|handled|consumed|delivered|received)\b/;

/**
 * Sides whose figure stops at the hand-over of the work (submitted, enqueued, not awaited), not
 * at its completion: the figure is how fast a side accepts work, and a side that queues it without
 * doing it looks fastest.
 */
function stopsAtHandover(
  input: ComparisonInput,
  key: 'throughputSource' | 'timedRegion',
  what: string,
): { flags: string[]; evidence: CheckEvidence[] } {
  const sides = input.entries.flatMap((entry) => {
    const read = entryValue(readEntry(entry, groupField('measurement', key)));
    const t = read ? normText(read.value) : '';
    const completes = COMPLETED.test(t) && !denied(t, COMPLETED);
    return read && HANDED_OVER.test(t) && !completes ? [{ entry, read }] : [];
  });
  if (sides.length === 0) return { flags: [], evidence: [] };
  return {
    flags: [
      `${what} as work is handed over, not as it completes, on ${sides.map((s) => `${s.entry.label} (${display(s.read.value)})`).join('; ')}: it measures how fast work is accepted, and queued work not yet done counts as done`,
    ],
    evidence: sides.map((s) => evidenceOf(s.entry, `measurement.${key}`, s.read)),
  };
}

export function checkMeas1(input: ComparisonInput): CheckOutcome {
  const handover = stopsAtHandover(input, 'throughputSource', 'throughput is counted');
  return verdictOf(
    compareFields(input, [
      {
        field: 'measurement.throughputSource',
        label: 'throughput counting point',
        read: groupField('measurement', 'throughputSource'),
        norm: normThroughputSource,
        required: true,
      },
    ]),
    {
      why: 'a server-side counter includes work whose acknowledgement never reached a client, so it counts more than a client sees',
      subject: 'the throughput counting point',
    },
    handover,
  );
}

// --- F-MEAS-2 ----------------------------------------------------------------------------------

/**
 * The latency end points a side states or labels its values with, and its stated end point as
 * written (`stated`, unless it says nothing) for a reviewer when no point can be read from it.
 */
function endPointsOf(entry: Entry): { points: Set<string>; evidence: CheckEvidence[]; stated?: unknown } {
  const points = new Set<string>();
  const evidence: CheckEvidence[] = [];
  const read = entryValue(readEntry(entry, groupField('measurement', 'latencyEndPoint')));
  if (read) {
    evidence.push(evidenceOf(entry, 'measurement.latencyEndPoint', read));
    for (const v of Array.isArray(read.value) ? read.value : [read.value]) {
      const p = normLatencyEndPoint(v);
      if (p) points.add(p);
    }
  }
  for (const run of entry.runs)
    for (const v of run.values) {
      if (!v.labels.endPoint) continue;
      const p = normLatencyEndPoint(v.labels.endPoint);
      if (!p || v.value === null) continue;
      if (!points.has(p))
        evidence.push({
          entry: entry.label,
          field: valuePath(v),
          value: v.text ?? v.value,
          origin: v.origin,
          ...(v.source ? { source: v.source } : {}),
        });
      points.add(p);
    }
  return read && !isVacuousHead(read.value) ? { points, evidence, stated: read.value } : { points, evidence };
}

/** Words of a side's own names (its label, system, components): they differ between sides by nature. */
function ownWords(entry: Entry): string[] {
  const names = [entry.label, entry.system ?? '', ...entryComponents(entry).map((c) => c.name)];
  return names
    .flatMap((n) => normText(n).split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w));
}

/**
 * A timed region with every side's own names left out: "SimdJson deserialize run 100000" and
 * "Jackson deserialize run 100000" time the same region, each in its own library.
 */
function timedRegionKey(input: ComparisonInput): (value: FieldValue) => string {
  const names = new Set(input.entries.flatMap(ownWords));
  return (value) =>
    normText(display(value))
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w !== '' && !names.has(w))
      .join(' ');
}

export function checkMeas2(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'measurement.latencyOrigin',
      label: 'latency start point',
      read: groupField('measurement', 'latencyOrigin'),
      norm: normLatencyOrigin,
    },
    {
      field: 'measurement.coCorrection',
      label: 'coordinated-omission correction',
      read: groupField('measurement', 'coCorrection'),
      norm: (v) => {
        const b = toBool(v);
        return b === null ? null : String(b);
      },
    },
    // What the timer covers: one side timing the message's construction too measures more work.
    {
      field: 'measurement.timedRegion',
      label: 'timed region',
      read: groupField('measurement', 'timedRegion'),
      norm: timedRegionKey(input),
    },
  ]);
  const evidence: CheckEvidence[] = [];
  const flags: string[] = [];
  const sides = input.entries.map((entry) => {
    const e = endPointsOf(entry);
    evidence.push(...e.evidence);
    return { entry, points: [...e.points].sort(), stated: e.stated };
  });
  const knownEnds = sides.filter((s) => s.points.length > 0);
  if (knownEnds.length >= 2 && new Set(knownEnds.map((s) => s.points.join('+'))).size > 1)
    flags.push(
      `latency end points differ (${knownEnds.map((s) => `${s.entry.label}: ${s.points.join(' and ')}`).join(' vs ')}); compare "complete" with "complete" only`,
    );
  // Timing from the actual send under an open load hides queueing (coordinated omission).
  for (const entry of input.entries)
    for (const run of entry.runs) {
      const origin = groupField('measurement', 'latencyOrigin')(run);
      const model = groupField('client', 'loadModel')(run);
      const corrected = groupField('measurement', 'coCorrection')(run);
      if (
        origin &&
        normLatencyOrigin(origin.value) === 'actual' &&
        model &&
        normLoadModel(model.value) === 'open' &&
        !(corrected && toBool(corrected.value))
      )
        flags.push(`${entry.label} times latency from the actual send under an open load without correction`);
    }
  const handover = stopsAtHandover(input, 'timedRegion', 'the timer stops');
  const outcome = verdictOf(
    comparisons,
    {
      why: 'latencies that start or end at different points measure different things, and timing from the actual send hides queueing',
      subject: 'the latency definition',
    },
    { flags: [...flags, ...handover.flags], evidence: [...evidence, ...handover.evidence] },
  );
  if (outcome.state === 'flag') return outcome;
  // End points stated in words Levelfield cannot classify ("from the 'new msg' log line to the
  // last delivery"): stated, not missing, so a reviewer compares them with both sides' words.
  const worded = sides.filter((s) => s.points.length === 0 && s.stated !== undefined);
  if (worded.length > 0 && sides.every((s) => s.points.length > 0 || s.stated !== undefined)) {
    const hint = `latency end point in words Levelfield does not classify: ${sides
      .map(
        (s) =>
          `${s.entry.label}: ${s.points.length > 0 ? s.points.join(' and ') : display(s.stated as FieldValue)}`,
      )
      .join(' vs ')}`;
    return {
      state: 'needs_review',
      evidence: outcome.evidence,
      hint,
      message: `Cannot confirm the latency definition is equal: ${hint}; compare them by hand, since latencies that start or end at different points measure different things.`,
    };
  }
  const missing = [
    ...sides
      .filter((s) => s.points.length === 0)
      .map((s) => ({ entry: s.entry.label, field: 'measurement.latencyEndPoint' })),
    ...(comparisons[0]?.sides ?? [])
      .filter((s) => !s.known)
      .map((s) => ({ entry: s.entry.label, field: 'measurement.latencyOrigin' })),
  ];
  if (missing.length > 0)
    return {
      state: 'unknown',
      evidence: outcome.evidence,
      missing,
      message: `Cannot check the latency definition: ${missingText(missing)} not recorded.`,
    };
  return {
    ...outcome,
    message: `Every side times latency from the same start point to the same end point (${knownEnds[0]?.points.join(' and ')}).`,
  };
}

// --- F-MEAS-3 ----------------------------------------------------------------------------------

function durationMs(run: RunInput): ReadField | undefined {
  const f = groupField('measurement', 'durationMs')(run);
  if (f) return f;
  const s = run.series.find((x) => x.summary);
  if (s?.summary)
    return { value: s.summary.durationSeconds * 1000, origin: 'derived', source: `series ${s.name} summary` };
  return undefined;
}

/**
 * A warm-up as a duration, or in words: none ('no warm-up', 'cold start') is 0 ms; a warm-up
 * run, pass or sweep that is discarded is a warm-up of unstated length.
 */
function warmupKey(value: unknown): number | string | null {
  const ms = toMs(value);
  if (ms !== null) return ms;
  const t = normText(value);
  // "none: the script starts measuring at once" says none, whatever follows.
  if (/\b(no|without|none|skipped)\b.*warm ?up|\bcold (start|run)\b|^(none|no)\b/.test(t)) return 0;
  // Compilation kept out of the timing ("compilation outside the measurement") is a warm-up.
  if (
    /warm ?up|discard\w*|thrown away|not (counted|measured)|\bcompil\w* (\w+ ){0,2}(outside|before|excluded from)\b/.test(
      t,
    )
  )
    return 'a warm-up of unstated length';
  return null;
}

/** A timed region that says the warm-up is inside it ("end to end, including warmup (~7.8 s)"). */
const WARMUP_TIMED =
  /(?<!\b(not|without|never) )\bincludi?n?g?e?s? (the |its |a )?warm ?-?ups?\b|\bwarm ?-?ups? (is |are |was |were )?(included|inside|timed|counted)\b/;

/**
 * None, when a side's timed region says the warm-up is timed with the rest: nothing was run and
 * thrown away before the clock started. Read only where no warm-up is recorded.
 */
const warmupInRegion: Reader = (run) => {
  const region = groupField('measurement', 'timedRegion')(run);
  if (!region || region.differs || !WARMUP_TIMED.test(normText(region.value))) return undefined;
  return {
    value: `none before the clock: the timed region includes the warm-up (“${display(region.value)}”)`,
    origin: 'derived',
    source: 'measurement.timedRegion',
  };
};
const warmupRead = firstOf(groupField('measurement', 'warmupMs'), warmupInRegion);

/** Runtimes that compile while the benchmark runs, and toolchains that compile before it. */
const JIT_RUNTIME =
  /\b(java|jvm|openjdk|jdk|hotspot|\.net|dotnet|coreclr|node(\.js)?|v8|luajit|pypy|jruby|julia|kotlin|scala|clojure|truffle\w*|hhvm|yjit)\b|(?<![\w#])[cf]#(?![\w#])/i;
/** A JIT named as switched on ("--jit", "MJIT", "PHP 8 JIT"), and one named as switched off. */
const JIT_SWITCH = /\b(m|y)?jit\b/i;
const JIT_OFF = /\bno\W?jit\b|\bwithout (a |the )?jit\b|\bjit\W+(disabled|off)\b|-joff\b/i;
/** Interpreters with no JIT to warm (PHP 5 with OPcache, CPython, CRuby without YJIT, Lua). */
const INTERPRETER = /\b(cpython|php(-fpm)?|zend|mri|cruby|perl|lua)\b/i;
const AHEAD_OF_TIME = /\b(go|golang|rust|rustc|cargo|c\+\+|gcc|clang|zig|nim|crystal|swift|native image)\b/i;

/** A side's own words that compilation is timed ("the first call, so JIT compilation is inside the timer"). */
const COMPILE_TIMED =
  /\bcompil\w* (is |was |happens |runs )?(inside|within|included in|part of|counted in) (the )?(timer|timing|timed|measure\w*)|\b(jit|just in time)\b[^.;]{0,40}\b(inside|within|included in|part of) (the )?(timer|timing|timed|measure\w*)|\b(timing|timer|timed \w+|measurement) includes? (the )?(jit |just in time )?compil|\bincludes? (the |its )?(jit|just in time) compil/;
/** And that there is nothing to compile while it is timed. */
const NOTHING_TO_COMPILE =
  /\bno (jit |just in time )?(compilation|compile|compiling)( step)?\b|\bnothing to compile\b|\bahead of time\b/;

/**
 * Whether a side's software compiles as it runs (a JVM, V8, HHVM), ahead of time (Go, Rust, C),
 * or is interpreted with nothing to compile while it runs (CPython, PHP with OPcache).
 */
function compileModel(entry: Entry): 'jit' | 'aot' | 'interpreted' | null {
  const said = ['warmupMs', 'timedRegion']
    .map((k) => entryValue(readEntry(entry, groupField('measurement', k)))?.value)
    .filter((v): v is string => typeof v === 'string')
    .map((v) => normText(v))
    .join('; ');
  if (COMPILE_TIMED.test(said)) return 'jit';
  if (NOTHING_TO_COMPILE.test(said)) return 'aot';
  // What runs the timed code: its components, and the language a library benchmark calls it from.
  const language = entryValue(readEntry(entry, groupField('client', 'language')))?.value;
  const names = [
    ...entryComponents(entry).map((c) => c.name),
    ...(typeof language === 'string' ? [language] : []),
  ];
  const jit = names.some((n) => (JIT_RUNTIME.test(n) || JIT_SWITCH.test(n)) && !JIT_OFF.test(n));
  const aot = names.some((n) => AHEAD_OF_TIME.test(n));
  if (jit !== aot) return jit ? 'jit' : 'aot';
  return !jit && names.some((n) => INTERPRETER.test(n)) ? 'interpreted' : null;
}

/**
 * A JIT-compiled side measured with no warm-up against one compiled ahead of time or interpreted:
 * the same "none" on every side is not the same treatment, since only the JIT side is still
 * compiling its hot code while it is timed. With every side JIT-compiled and stated to run without
 * warm-up (`everywhere`), each is timed while still compiling: alike, so not a difference, but not
 * the steady state a throughput usually claims.
 */
function coldJit(input: ComparisonInput): {
  flag: string | null;
  unstated: string | null;
  everywhere: string | null;
} {
  const sides = input.entries.map((entry) => {
    const said = entryValue(readEntry(entry, warmupRead))?.value;
    return { entry, model: compileModel(entry), warmup: warmupKey(said), said };
  });
  const jit = sides.filter((s) => s.model === 'jit');
  const aot = sides.filter((s) => s.model === 'aot' || s.model === 'interpreted');
  const none = { flag: null, unstated: null, everywhere: null };
  const stated = sides.map((s) => `${s.entry.label}: ${display(s.said as FieldValue)}`).join('; ');
  if (sides.length >= 2 && jit.length === sides.length && jit.every((s) => s.warmup === 0))
    return {
      ...none,
      everywhere: `no side warms up before it is timed, and every side is JIT-compiled (${stated})`,
    };
  if (jit.length === 0 || aot.length === 0 || jit.some((s) => s.warmup !== 0 && s.warmup !== null))
    // No side warms up, and no JIT side against a compiled one: alike, but each figure still
    // includes its own system's start-up (an engine spinning up its workers, caches filling).
    return sides.length >= 2 && sides.every((s) => s.warmup === 0)
      ? { ...none, everywhere: `no side warms up before it is timed (${stated})` }
      : none;
  const against = aot
    .map((s) => `${s.entry.label} (${s.model === 'aot' ? 'compiled ahead of time' : 'interpreted'})`)
    .join(', ');
  const labels = (list: typeof sides) => list.map((s) => s.entry.label).join(', ');
  if (jit.every((s) => s.warmup === 0))
    return {
      ...none,
      flag: `${labels(jit)} (JIT-compiled) measured without warm-up against ${against}`,
    };
  // No warm-up recorded for a JIT side: whether its compilation was timed is the question.
  const unrecorded = jit.filter((s) => s.warmup === null);
  return {
    ...none,
    unstated: `${labels(unrecorded)} ${unrecorded.length === 1 ? 'is' : 'are'} JIT-compiled and no warm-up is recorded for ${unrecorded.length === 1 ? 'it' : 'them'}, against ${against}`,
  };
}

export function checkMeas3(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'measurement.durationMs',
      label: 'measured duration',
      read: durationMs,
      norm: (v) => toMs(v),
      // Windows more than a quarter apart (26 s vs 44 s) did not measure the same regime.
      tolerance: 1.25,
      required: true,
      unevenIsFinding: true,
    },
    {
      field: 'measurement.rampMs',
      label: 'ramp-up',
      read: groupField('measurement', 'rampMs'),
      norm: (v) => {
        const ms = toMs(v);
        return ms === null ? null : ms > 0 ? 'yes' : 'no';
      },
    },
    {
      field: 'measurement.intervalMs',
      label: 'reporting interval',
      read: groupField('measurement', 'intervalMs'),
      evidenceOnly: true,
    },
    {
      field: 'measurement.warmupMs',
      label: 'warm-up',
      read: warmupRead,
      norm: warmupKey,
      // None on one side, or one twice as long as the other, is not the same regime.
      tolerance: 2,
      // A warm-up described for one side and not the others is the asymmetry a reader needs.
      unevenIsFinding: true,
    },
  ]);
  const evidence: CheckEvidence[] = [];
  const cold = coldJit(input);
  const flags: string[] = cold.flag ? [cold.flag] : [];
  for (const entry of input.entries)
    for (const run of entry.runs)
      for (const s of run.series) {
        if (!s.throughputSeries || s.throughputSeries.length === 0) continue;
        const r = steadyStateTest(s.throughputSeries);
        evidence.push(
          derived(
            entry,
            `series.${s.name}.throughputSeries (steady state)`,
            {
              verdict: r.verdict,
              relativeChange: Number.isFinite(r.relativeChange) ? Number(r.relativeChange.toFixed(4)) : null,
              pValue: Number.isFinite(r.pValue) ? Number(r.pValue.toFixed(4)) : null,
              intervals: r.n,
            },
            `steadyStateTest (${r.method}): first vs last third`,
          ),
        );
        if (r.verdict === 'drifting')
          flags.push(
            `${entry.label}'s throughput drifts ${r.direction} ${(Math.abs(r.relativeChange) * 100).toFixed(1)} % from the first to the last third (not steady)`,
          );
      }
  const why =
    'warm-up, drift or a much shorter window changes the average, so the runs did not measure the same regime';
  const outcome = verdictOf(comparisons, { why, subject: 'the measurement window' }, { flags, evidence });
  if (outcome.state !== 'unknown' && outcome.state !== 'pass') return outcome;
  if (cold.everywhere)
    return {
      ...outcome,
      state: 'needs_review',
      hint: cold.everywhere,
      message: `${capitalise(cold.everywhere)}: the same on every side, but each result charges compilation and start-up to the timed work, so a reviewer should confirm it is the cold regime the comparison means to measure.`,
    };
  if (!cold.unstated) return outcome;
  return {
    ...outcome,
    state: 'needs_review',
    hint: cold.unstated,
    message: `${capitalise(cold.unstated)}: a reviewer should confirm the JIT side was warmed up before it was timed, since a cold measurement charges its compilation to the result.`,
  };
}

// --- F-MEAS-4 ----------------------------------------------------------------------------------

/** A field a publication names after a result cache ("queryResultCache"), in any group that holds one. */
const RESULT_CACHE_KEY = /(result|query|plan).?cache/i;

/** A result cache recorded under a name of the publication's own: the name says which cache, the value whether. */
const namedResultCache: Reader = (run) => {
  for (const group of ['measurement', 'settings', 'software'] as const)
    for (const key of Object.keys(run.provenance[group])) {
      if (!RESULT_CACHE_KEY.test(key)) continue;
      const f = groupField(group, key)(run);
      if (!f) continue;
      const said = `${keyWords(key).toLowerCase()}: ${String(f.value)}`;
      if (normResultCache(said) !== null) return { ...f, value: said };
    }
  return undefined;
};

/**
 * A result cache named in the cache state, in a field named after it, or in the prose; a cache
 * state that names none says nothing of it.
 */
const resultCacheOf: Reader = (run) => {
  const state = groupField('measurement', 'cacheState')(run);
  if (state && normResultCache(state.value) !== null) return state;
  return namedResultCache(run) ?? fromText(normResultCache)(run);
};

export function checkMeas4(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'measurement.cacheState',
      label: 'cache state',
      read: orText(groupField('measurement', 'cacheState'), normCacheState),
      norm: normCacheState,
      // Required, so stated for one side only it is a finding either way: warm there is a
      // relaxation, and cold there ("no layer cache yet") leaves the others free to have been warm.
      required: true,
    },
    {
      // Warm on every side still differs when one side's result cache answers repeated queries.
      field: 'measurement.cacheState (result cache)',
      label: 'cache switched on or off',
      read: resultCacheOf,
      norm: normResultCache,
    },
  ]);
  const outcome = verdictOf(comparisons, {
    why: 'a warm cache serves from memory what a cold one reads from disk',
    subject: 'the cache state',
  });
  // Equal words do not make equal mixtures: a side whose samples mix cold and warm is not matched.
  const mixed = (comparisons[0]?.sides ?? []).filter((s) => s.keys.includes('mixed'));
  if (outcome.state === 'flag' || mixed.length === 0) return outcome;
  return {
    ...outcome,
    state: 'flag',
    message: `The cache state is not controlled: ${mixed.map((s) => `${s.entry.label} measured cold and warm samples together (${display(s.read?.value)})`).join('; ')}. The share of cold samples, which nobody set, decides the figure.`,
  };
}

// --- F-MEAS-5 ----------------------------------------------------------------------------------

/**
 * A side whose aggregation, or what it says of its repetitions or selection, states a spread
 * (mean ± σ, "Mean and 2*Stdev reported", a confidence interval, min … max).
 */
function reportsSpread(entry: Entry): boolean {
  // The aggregation names a spread in any words; what is said of the repetitions or the selection
  // names one only as a statistic ("a 2-5x range" across tests is no run-to-run spread).
  for (const [read, words] of [
    [groupField('measurement', 'aggregation'), SPREAD],
    [groupField('measurement', 'repetitions'), SPREAD_STATISTIC],
    [groupField('run', 'selectionRule'), SPREAD_STATISTIC],
  ] as const) {
    const said = entryValue(readEntry(entry, read));
    // "not stated (… error and standard deviation not printed)": a spread named to say it is missing.
    if (said === undefined || admitsUnknown(said.value)) continue;
    const t = normText(said.value);
    if (words.test(t) && !denied(t, words)) return true;
  }
  // Or printed beside the figure itself, as libtest and Criterion do: "198,866 ns/iter (+/- 9,663)"
  // (a "+/-" with no number after it means "about").
  return entry.runs.some((run) =>
    run.values.some((v) => v.text !== undefined && /(±|\+\/-)\s*\d/.test(v.text)),
  );
}
/** A spread named as a statistic: ± σ, a standard deviation ("std", "stdev", "stddev"). */
const SPREAD_STATISTIC_WORDS = String.raw`±|\+\/-|\bsigma\b|σ|st(d|d?dev|dev)\b|standard deviation`;
/** A spread in any words an aggregation uses: a statistic, a confidence interval, min … max, a range. */
const SPREAD = new RegExp(
  `${SPREAD_STATISTIC_WORDS}|confidence|\\bci\\b|min\\b.*\\bmax\\b|range|variance|percentiles? across runs`,
);
/** A spread as a statistic or a confidence interval, not a range across tests. */
const SPREAD_STATISTIC = new RegExp(`${SPREAD_STATISTIC_WORDS}|confidence interval`);

/** A spread at least this share of its figure: the figure says little more than its noise. */
const NOISY_SPREAD = 0.5;

/**
 * A figure printed with its spread, each with its unit where printed: "386,525 ns/iter (+/- 368,903)",
 * benchstat's "2.57µ ± 2%", IPython's "26.4 ms ± 29 µs per loop".
 */
const FIGURE_WITH_SPREAD =
  /(\d[\d,.]*)\s*([a-zµ\u03bc]+)?[^\d±+]{0,24}(?:±|\+\/-)\s*(\d[\d,.]*)\s*(%|[a-zµ\u03bc]+)?/i;

/**
 * A spread as a share of its figure: a percentage as printed; two durations in their units
 * (26.4 ms ± 29 µs); otherwise the spread is in its figure's unit.
 */
function spreadShare(
  figureText: string,
  figureUnit = '',
  spreadText: string,
  spreadUnit = '',
): number | null {
  const figure = parseNumber(figureText);
  const spread = parseNumber(spreadText);
  if (!figure || spread === null) return null;
  if (spreadUnit === '%') return spread / 100;
  const f = figureUnit ? toMs(`${figureText} ${figureUnit}`) : null;
  const s = spreadUnit ? toMs(`${spreadText} ${spreadUnit}`) : null;
  return f && s !== null ? s / f : spread / figure;
}

/** Figures whose printed spread is at least half of them: a difference that size is noise. */
function noisyFigures(input: ComparisonInput): string[] {
  const noisy = input.entries.flatMap((entry) =>
    entry.runs.flatMap((run) =>
      run.values.flatMap((v) => {
        const m = v.text ? FIGURE_WITH_SPREAD.exec(v.text) : null;
        if (!m) return [];
        const [, figureText = '', figureUnit, spreadText = '', spreadUnit] = m;
        const share = spreadShare(figureText, figureUnit, spreadText, spreadUnit);
        return share !== null && share >= NOISY_SPREAD
          ? [
              `${entry.label}'s ${v.metric} (${figureText}${figureUnit ? ` ${figureUnit}` : ''} ± ${spreadText}${spreadUnit === '%' ? '%' : spreadUnit ? ` ${spreadUnit}` : ''})`,
            ]
          : [];
      }),
    ),
  );
  return noisy.length > 0
    ? [`the spread is at least half the figure for ${noisy.slice(0, 4).join(', ')}`]
    : [];
}

/**
 * Every figure of the entry is how long one task took ("24.257 ms", "1.2 s", "386 ns/iter"), none a
 * rate or a latency percentile under load. The least time of N runs of one deterministic task is
 * the usual estimate of its cost (noise only adds time), which a best throughput is not.
 */
function reportsTaskTimes(entry: Entry): boolean {
  const values = entry.runs.flatMap((run) => run.values);
  return (
    values.length > 0 &&
    values.every(
      (v) =>
        toMs(`1 ${v.unit.split('/')[0]}`) !== null &&
        v.unit.trim() !== '' &&
        !v.labels.percentile &&
        !/\bp\d|percentile|latenc/.test(normText(`${v.metric} ${v.text ?? ''}`)),
    )
  );
}

/** Every run of an entry ran the same workload and setup: its runs are repetitions of one. */
function oneSetup(entry: Entry): boolean {
  const setups = new Set(
    entry.runs.map((run) =>
      canonical({ workload: run.provenance.workload, settings: run.provenance.settings } as never),
    ),
  );
  return setups.size === 1;
}

/** "2 with Metal, 1 without": runs counted with a setting and runs counted without it. */
const RUNS_WITH = /\b(\d+|one|two|three|four|five)\b[^;.()]{0,20}?\bwith\b/;
const RUNS_WITHOUT = /\b(\d+|one|two|three|four|five|others?|the rest)\b[^;.()]{0,20}?\bwithout\b/;

/**
 * Repetitions that pooled runs of different setups ("averaged across 3 runs (2 with Metal, 1
 * without)"), read from the side's selection rule, repetition group or count: their average is of
 * no one setup, so it is not a repetition of the one compared.
 */
function pooledSetups(said: readonly (ReadField | undefined)[]): ReadField | undefined {
  return said.find((f) => {
    const t = f && typeof f.value === 'string' ? normText(f.value) : '';
    return RUNS_WITH.test(t) && RUNS_WITHOUT.test(t);
  });
}

export function checkMeas5(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const flags: string[] = [];
  const unstated: string[] = [];
  // Grouped by reason, so ten entries without a count read as one sentence, not ten.
  const unreported: string[] = [];
  const once: string[] = [];
  const counts: { label: string; n: number }[] = [];
  const pickedWithSpread: string[] = [];
  const rules: { label: string; text: string; kind: string | undefined }[] = [];
  // Sides reporting the least time of their runs: a flag unless every side takes it of as many runs.
  const leastTimes: { label: string; n: number | null }[] = [];
  // Each side's figures printed per run, read once for its count and for the overlap across sides.
  const printedBySide = input.entries.map((e) => ({ label: e.label, runs: printedRuns(e) }));
  for (const [index, entry] of input.entries.entries()) {
    const rule = entryValue(readEntry(entry, groupField('run', 'selectionRule')));
    const reps = entryValue(readEntry(entry, groupField('measurement', 'repetitions')));
    if (rule) evidence.push(evidenceOf(entry, 'run.selectionRule', rule));
    if (reps) evidence.push(evidenceOf(entry, 'measurement.repetitions', reps));
    const parsed = rule ? normSelectionRule(rule.value) : null;
    if (rule && !rule.differs)
      rules.push({ label: entry.label, text: display(rule.value), kind: parsed?.kind });
    // Runs grouped in an entry are repetitions only when they ran one setup: an entry of four
    // scenarios (cold cache, warm cache, …) is four results, not four repetitions.
    const grouped = entry.runs.length > 1 && oneSetup(entry) ? entry.runs.length : null;
    const printed = printedRepetitions(printedBySide[index]?.runs ?? new Map());
    const n = reps ? repetitionCount(reps.value) : (grouped ?? printed);
    if (n !== null) counts.push({ label: entry.label, n });
    const group = entryValue(readEntry(entry, groupField('run', 'repetitionGroup')));
    const pooled = pooledSetups([rule, group, reps]);
    if (pooled) flags.push(`${entry.label} pools runs of different setups ("${display(pooled.value)}")`);
    // Counted from the runs grouped in the entry, or from each run's printed figure, not stated:
    // the count is the evidence.
    if (!reps && n !== null)
      evidence.push(
        grouped !== null
          ? derived(entry, 'runs in the entry', n, 'runs grouped as repetitions')
          : derived(entry, 'values (one per run)', n, 'figures printed for each run, by run number'),
      );
    // A best run picked, said so, beside the spread of all the runs, hides nothing; without the
    // spread it shows the luckiest run only. Every run's own figure printed is the spread itself.
    const spread = reportsSpread(entry) || (printed ?? 0) >= 2;
    // Failed runs dropped before the rest are averaged are a pick as well. (Outliers dropped
    // either way are not.)
    const kind = parsed?.kind;
    const picked = kind === 'best-of-n' || kind === 'worst-of-n' || kind === 'successful-only';
    if (picked && spread) pickedWithSpread.push(entry.label);
    if (kind === 'best-of-n' && !spread && reportsTaskTimes(entry))
      leastTimes.push({ label: entry.label, n: parsed?.n ?? n ?? null });
    else if (picked && !spread)
      flags.push(
        kind === 'successful-only'
          ? `${entry.label} reports only the runs that did not fail ("${display(rule?.value)}")`
          : `${entry.label} reports the ${kind === 'best-of-n' ? 'best' : 'worst'} of ${parsed?.n ?? n ?? 'N'} runs ("${display(rule?.value)}")`,
      );
    // No count, but a spread (mean ± error, a standard deviation): the variability is shown, so
    // not a finding, but how many runs it spans is for a reviewer to find.
    if (n === null) {
      if (spread) unstated.push(`${entry.label}: a spread is reported, not how many runs it spans`);
      else unreported.push(entry.label);
    }
    // One run states its count honestly but still shows no spread, unless its figure carries one.
    else if (n === 1 && !spread) once.push(entry.label);
    // Several repetitions and no rule for the one reported: it may be the best of them (unless
    // every run's figure is printed).
    else if (!parsed && n > 1 && entry.runs.length === 1 && printed === null)
      unstated.push(`${entry.label}: ${n} repetitions, which one is reported is not stated`);
    // With repeated runs in the entry, show the variability a reader should see.
    const throughputs = entry.runs
      .map((r) => r.series.find((s) => s.summary)?.summary?.throughput ?? null)
      .filter((t): t is number => t !== null);
    if (throughputs.length >= 2) {
      const ci = meanConfidenceInterval(throughputs);
      evidence.push(
        derived(
          entry,
          'series.summary.throughput (95 % CI)',
          { mean: ci.mean, lower: ci.lower, upper: ci.upper, n: ci.n },
          `meanConfidenceInterval (${ci.method})`,
        ),
      );
    }
  }
  const list = (labels: string[]) => labels.join(', ');
  // Twice the repetitions on one side: its figure is the steadier, and its best of more runs luckier.
  const fewest = Math.min(...counts.map((c) => c.n));
  const most = Math.max(...counts.map((c) => c.n));
  if (counts.length >= 2 && fewest > 0 && most >= 2 * fewest)
    flags.push(`repetitions differ (${counts.map((c) => `${c.label}: ${c.n}`).join(' vs ')})`);
  if (unreported.length > 0)
    flags.push(
      `${list(unreported)} ${unreported.length === 1 ? 'does' : 'do'} not report how many repetitions were run`,
    );
  if (once.length > 0)
    flags.push(`${list(once)} ran once and ${once.length === 1 ? 'reports' : 'report'} no spread`);
  flags.push(...noisyFigures(input));
  const leastTimeCounts = new Set(leastTimes.map((s) => s.n));
  const leastTimeAlike =
    leastTimes.length === input.entries.length && leastTimeCounts.size === 1 && !leastTimeCounts.has(null);
  if (leastTimes.length > 0 && !leastTimeAlike)
    flags.push(...leastTimes.map((s) => `${s.label} reports the best of ${s.n ?? 'N'} runs`));
  if (flags.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${flags.join('; ')}: without every repetition and its spread a reader cannot tell a difference from noise, and a best-of-N picks the luckiest run.`,
    };
  if (leastTimeAlike)
    return {
      state: 'needs_review',
      evidence,
      hint: [
        `every side reports the least time of ${leastTimes[0]?.n} runs (${leastTimes.map((s) => s.label).join(', ')}), with no spread`,
        ...unstated,
      ].join('; '),
      message: `Every side reports the least time of ${leastTimes[0]?.n} runs of its task: the same estimate of a task's cost on every side, but without the spread a reviewer should confirm the differences are larger than the noise.`,
    };
  if (unstated.length > 0)
    return {
      state: 'needs_review',
      evidence,
      hint: unstated.join('; '),
      message:
        'A side does not say how many repetitions it ran or which it reports: a reviewer should confirm the count and that the figure is not the best of them.',
    };
  const overlaps = overlappingRuns(printedBySide);
  if (overlaps.length > 0)
    return {
      state: 'needs_review',
      evidence,
      hint: `the sides' printed runs overlap for ${overlaps.join('; ')}`,
      message: `Every run is printed, and the sides' runs overlap for ${overlaps.join('; ')}: the difference between them is within the run-to-run spread, so a reviewer should confirm it is more than noise.`,
    };
  // Runs dropped by rules the sides word differently ("outlier removed in every iteration" against
  // "in the first only"), or by rules Levelfield cannot read: which runs each figure keeps is for a
  // reader to weigh. Rules of known kinds that pick no run ("all runs", "median of 5") need not.
  const detailed = rules.every(
    (r) => r.kind === undefined || r.kind === 'trimmed' || r.kind === 'successful-only',
  );
  if (rules.length >= 2 && detailed && new Set(rules.map((r) => normText(r.text))).size > 1)
    return {
      state: 'needs_review',
      evidence,
      hint: `the sides select their runs by different rules (${rules.map((r) => `${r.label}: ${r.text}`).join(' vs ')})`,
      message: `The sides select the runs they report by rules worded differently (${rules.map((r) => `${r.label}: ${r.text}`).join(' vs ')}): a reviewer should confirm each figure is selected alike.`,
    };
  return {
    state: 'pass',
    evidence,
    message:
      pickedWithSpread.length > 0
        ? `Every side reports its repetitions; ${list(pickedWithSpread)} ${pickedWithSpread.length === 1 ? 'picks its best run and shows' : 'pick their best run and show'} the spread of all of them.`
        : 'Every side reports its repetitions and selects no best run.',
  };
}

// --- F-MEAS-6 ----------------------------------------------------------------------------------

function percentileName(p: string): string {
  const t = normText(p).replace(/\s/g, '');
  if (t === 'max' || t === 'pmax' || t === 'p100') return 'max';
  if (t === 'p999' || t === 'p99.9') return 'p99.9';
  return t;
}

function percentileSet(entry: Entry): string[] {
  const set = new Set<string>();
  for (const run of entry.runs) {
    for (const v of run.values)
      if (v.labels.percentile && v.value !== null) set.add(percentileName(v.labels.percentile));
    for (const s of run.series)
      if (s.kind === 'latency' && s.summary)
        for (const p of ['p50', 'p90', 'p95', 'p99', 'p99.9', 'max']) set.add(p);
  }
  return [...set].sort();
}

export function checkMeas6(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'measurement.aggregation',
      label: 'percentile aggregation',
      read: groupField('measurement', 'aggregation'),
      norm: normAggregation,
      required: true,
    },
    {
      field: 'measurement.histogramFormat',
      label: 'histogram format',
      read: groupField('measurement', 'histogramFormat'),
    },
    {
      field: 'measurement.precisionDigits',
      label: 'histogram precision',
      read: groupField('measurement', 'precisionDigits'),
      norm: (v) => parseNumber(v),
    },
  ]);
  const evidence: CheckEvidence[] = [];
  const flags: string[] = [];
  const sets = input.entries.map((entry) => ({ entry, set: percentileSet(entry) }));
  // Runs' results averaged are percentiles averaged where those results are percentiles.
  const reportsPercentiles = (entry: Entry) =>
    sets.some((s) => s.entry === entry && s.set.some((p) => p !== 'max' && p !== 'min'));
  for (const side of comparisons[0]?.sides ?? [])
    if (
      side.keys.includes('averaged-percentiles') ||
      (side.keys.includes('averaged-runs') && reportsPercentiles(side.entry))
    )
      flags.push(`${side.entry.label} averages percentiles, which gives no percentile of anything`);
  for (const s of sets) if (s.set.length > 0) evidence.push(derived(s.entry, 'reported percentiles', s.set));
  // No percentile reported or named anywhere: the aggregation says how runs were summarised (a
  // mean of three against a median of ten), which is F-MEAS-7's formula, not a percentile's.
  const aggregations = comparisons[0]?.sides ?? [];
  const percentilesAnywhere =
    input.entries.some(reportsPercentiles) ||
    aggregations.some((s) => /\bp\d|percentile|histogram|\btail\b/.test(normText(display(s.read?.value))));
  if (!percentilesAnywhere && aggregations.some((s) => s.read))
    return {
      state: 'unknown',
      // Not the aggregation as evidence: a difference in it is F-MEAS-7's to weigh, not this check's.
      evidence: [],
      message:
        'No side reports or aggregates percentiles: there is no percentile aggregation to compare (how runs are summarised is F-MEAS-7’s).',
    };
  const known = sets.filter((s) => s.set.length > 0);
  if (known.length >= 2 && new Set(known.map((s) => s.set.join(','))).size > 1)
    flags.push(
      `the reported percentiles differ (${known.map((s) => `${s.entry.label}: ${s.set.join(', ')}`).join(' vs ')})`,
    );
  return verdictOf(
    comparisons,
    {
      why: 'percentiles must come from merged histograms and be read at the same points to be compared',
      subject: 'the percentile aggregation',
    },
    { flags, evidence },
  );
}

// --- F-MEAS-7 ----------------------------------------------------------------------------------

/** Where a formula written out turns from its name to its definition. */
const DEFINITION_STARTS =
  /\s*(?:=|:|;|\(|\b(?:computed|calculated|summed|measured|counted|reported|taken|divided|of|as|from|over)\b)/;

interface FormulaParts {
  /** The quantity as compared: normalised words ("total ram used"). */
  quantity: string;
  /** The quantity as the side writes it ("Total RAM used"); empty when the text opens with its definition. */
  name: string;
  /** The rest of a formula written out; empty when it only names the quantity, null for an id. */
  definition: string | null;
}

/**
 * A formula as a name and a definition: "tpcc-efficiency/12.605" is the id of
 * "tpcc-efficiency"; a formula written out is named by its words before the definition
 * ("Total RAM used summed over 18 processes" → "total ram used", "memUsed: heap difference" →
 * "memused"), and its definition is the rest, empty when the text only names the quantity.
 */
function formulaParts(id: string): FormulaParts {
  const written = id.trim();
  if (!/\s/.test(written)) {
    const quantity = id.split('/')[0] ?? id;
    return { quantity, name: quantity, definition: null };
  }
  const text = normText(withoutLinks(id));
  const m = DEFINITION_STARTS.exec(text);
  const quantity = (m ? text.slice(0, m.index) : text).trim() || text;
  const definition = m
    ? text
        .slice(m.index)
        .replace(/^\s*[=:;]\s*/, '')
        .trim()
    : '';
  const name = written.slice(0, DEFINITION_STARTS.exec(written.toLowerCase())?.index).trim();
  return { quantity, name, definition };
}

/**
 * Names of one quantity written shorter on some sides ("MB/s" against "decode MB/s", "throughput"
 * against "generation throughput"): each name maps to the shortest name it ends with.
 */
function shortestNames(names: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const name of names) {
    const shorter = names.filter((n) => n === name || name.endsWith(` ${n}`));
    map.set(
      name,
      shorter.reduce((a, b) => (b.length < a.length ? b : a), name),
    );
  }
  return map;
}

interface FormulaUse {
  id: string;
  read: ReadField;
  parts: FormulaParts;
}

function formulasOf(entry: Entry): { uses: Map<string, FormulaUse>; evidence: CheckEvidence[] } {
  const uses = new Map<string, FormulaUse>();
  const evidence: CheckEvidence[] = [];
  const read = entryValue(readEntry(entry, groupField('measurement', 'formulaIds')));
  if (read) {
    evidence.push(evidenceOf(entry, 'measurement.formulaIds', read));
    for (const id of (Array.isArray(read.value) ? read.value : [read.value]).map((v) => String(v))) {
      const parts = formulaParts(id);
      uses.set(parts.quantity, { id, read, parts });
    }
  }
  for (const run of entry.runs)
    for (const v of run.values) {
      if (!v.formulaId || saysNothing(run.provenance.measurement.formulaIds)) continue;
      const parts = formulaParts(v.formulaId);
      if (uses.has(parts.quantity)) continue;
      uses.set(parts.quantity, {
        id: v.formulaId,
        read: {
          value: v.formulaId,
          origin: v.origin,
          ...(v.formulaStated === false ? { quality: 'estimated' as const } : {}),
        },
        parts,
      });
    }
  return { uses, evidence };
}

/** Recomputes a published TPC-C efficiency with its recorded formula (tpcc-efficiency/<max>). */
function efficiencyReproduction(entry: Entry, id: string): CheckEvidence | null {
  const max = Number(id.split('/')[1]);
  if (!Number.isFinite(max)) return null;
  for (const run of entry.runs) {
    const eff = run.values.find((v) => v.metric === 'efficiency' && v.value !== null);
    const tpm = run.values.find((v) => v.metric === 'tpmC' && v.value !== null && !v.labels.transaction);
    const wh = groupField('workload', 'warehouses')(run);
    const warehouses = wh ? parseNumber(wh.value) : null;
    if (!eff || !tpm || warehouses === null || eff.value === null || tpm.value === null) continue;
    const computed = tpccEfficiency(tpm.value, warehouses, max);
    return derived(
      entry,
      'values.efficiency (recomputed)',
      { published: eff.text ?? eff.value, computed: Number(computed.toFixed(2)), formula: id },
      `tpmC ${tpm.value} / (${warehouses} warehouses × ${max})`,
    );
  }
  return null;
}

/**
 * Formulas written out for one quantity: different definitions on every side that defines it
 * ("summed over the app's 18 processes" against "of 1 process only") are two computations;
 * a side that only names the quantity ("queries per second") defines nothing to compare.
 */
function definitionsDiffer(uses: readonly FormulaUse[]): 'differ' | 'same' | 'undefined' {
  const definitions = uses.map((u) => u.parts.definition);
  if (definitions.every((d) => d === null)) return 'same';
  if (definitions.some((d) => !d)) return 'undefined';
  return new Set(definitions).size > 1 ? 'differ' : 'same';
}

/** A mean taken after dropping extreme values: trimmed, winsorised, "after rejection of outliers". */
const TRIMMED_MEAN =
  /\b(trimmed|truncated|winsori[sz]ed|interquartile) (mean|average)\b|\b(mean|average)\w*( \w+){0,2} (after|excluding|without) (the )?(rejection of |removing |removal of )?(extreme|outlier)\w*( values)?|\b(outliers?|extreme values) (removed|rejected|excluded)\b/g;

/**
 * The statistics a formula's words summarise samples with: a plain mean, a mean after dropping
 * extreme values, a median, the best (minimum) run. Empty when the words name none.
 */
function statisticsOf(text: string): Set<string> {
  const t = normText(text);
  const found = new Set<string>();
  // Read once the trimmed means are taken out, so their "mean" is not a plain mean as well.
  const rest = t.replace(TRIMMED_MEAN, ' ');
  if (rest !== t) found.add('mean without extremes');
  if (/\bmedian\b|\bp50\b/.test(rest)) found.add('median');
  if (/\b(mean|average|avg)\b/.test(rest)) found.add('mean');
  if (/\b(best|min(imum)?|fastest) (of|run|time)\b/.test(rest)) found.add('best run');
  return found;
}

/**
 * With no formula named, the statistic each side's reported figure is (its aggregation as
 * printed): an average of 3 runs against a median of 10 are two formulas for one figure. Only
 * where every side names one and two name none in common.
 */
function aggregationStatistics(
  input: ComparisonInput,
): { parts: string[]; evidence: CheckEvidence[] } | null {
  const sides = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, groupField('measurement', 'aggregation')));
    return { entry, read, stats: read ? statisticsOf(display(read.value)) : new Set<string>() };
  });
  if (sides.some((s) => s.stats.size === 0)) return null;
  const disjoint = sides.some((a, i) =>
    sides.slice(i + 1).some((b) => ![...a.stats].some((x) => b.stats.has(x))),
  );
  if (!disjoint) return null;
  return {
    parts: sides.map((s) => `${s.entry.label}: ${[...s.stats].join(' or ')} (“${display(s.read?.value)}”)`),
    evidence: sides.flatMap((s) => (s.read ? [evidenceOf(s.entry, 'measurement.aggregation', s.read)] : [])),
  };
}

export function checkMeas7(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const formulas = input.entries.map((entry) => {
    const f = formulasOf(entry);
    evidence.push(...f.evidence);
    return { entry, uses: f.uses };
  });
  const names = shortestNames([...new Set(formulas.flatMap((s) => [...s.uses.keys()]))]);
  const sides = formulas.map(({ entry, uses }) => ({
    entry,
    uses: new Map([...uses].map(([q, use]) => [names.get(q) ?? q, use])),
  }));
  const flags: string[] = [];
  const quantities = new Set(sides.flatMap((s) => [...s.uses.keys()]));
  const unstated: string[] = [];
  const undefinedOnSome: string[] = [];
  for (const q of quantities) {
    const users = sides.filter((s) => s.uses.has(q));
    if (users.length < 2) continue;
    const ids = users.map((u) => u.uses.get(q) as FormulaUse);
    const written = definitionsDiffer(ids);
    const listed = `(${users.map((u) => `${u.entry.label}: ${u.uses.get(q)?.id}`).join(' vs ')})`;
    // Named as the first side writes it ("Total RAM used"), not in its compared lower case.
    if (written === 'differ')
      flags.push(`${(ids[0] as FormulaUse).parts.name || q} is computed differently ${listed}`);
    else if (written === 'undefined') undefinedOnSome.push(q);
    else {
      // Compared without the links a written formula cites (each side's own package page).
      const bare = (use: FormulaUse) => ({ formulaId: withoutLinks(use.id).trim(), value: 0 });
      const first = ids[0] as FormulaUse;
      for (const other of ids.slice(1)) {
        const m = formulaMismatch(bare(first), bare(other));
        if (m) {
          flags.push(`${q} ${m} ${listed}`);
          break;
        }
      }
    }
    for (const u of users) {
      const use = u.uses.get(q) as FormulaUse;
      if (use.read.quality === 'estimated' || use.read.quality === 'quoted')
        unstated.push(`${u.entry.label} (${use.id})`);
      if (q === 'tpcc-efficiency') {
        const r = efficiencyReproduction(u.entry, use.id);
        if (r) evidence.push(r);
      }
    }
  }
  if (unstated.length > 0)
    flags.push(
      `the formula is not stated by the publication for ${unstated.join(', ')}: it was reconstructed from the published figures, and the same metric has been published with other formulas (e.g. efficiency against 12.86 or 12.605 tpmC per warehouse)`,
    );
  if (flags.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${capitalise(flags.join('; '))}: a figure is only comparable with one computed by the same formula.`,
    };
  const lacking = sides.filter((s) => s.uses.size === 0);
  const summaries = lacking.length > 0 ? aggregationStatistics(input) : null;
  if (summaries) {
    evidence.push(...summaries.evidence);
    return {
      state: 'flag',
      evidence,
      message: `The sides summarise their runs with different statistics (${summaries.parts.join(' vs ')}): a figure is only comparable with one computed by the same formula.`,
    };
  }
  if (lacking.length > 0)
    return {
      state: 'unknown',
      evidence,
      missing: lacking.map((s) => ({ entry: s.entry.label, field: 'measurement.formulaIds' })),
      message: `Cannot check the metric formulas: no formula ids recorded for ${lacking.map((s) => s.entry.label).join(', ')}.`,
    };
  // A formula one side names and another does not ("mean_time / internal_iterations" against
  // "Bench mean time") is not matched by anything: the sides may compute one figure two ways.
  const unmatched = [...quantities].filter(
    (q) => sides.some((s) => !s.uses.has(q)) || undefinedOnSome.includes(q),
  );
  if (unmatched.length > 0) {
    const named = sides.map((s) => `${s.entry.label}: ${[...s.uses.values()].map((u) => u.id).join(', ')}`);
    const statistics = sides.map((s) => statisticsOf([...s.uses.values()].map((u) => u.id).join('; ')));
    if (
      statistics.every((set) => set.size > 0) &&
      statistics.some((a, i) => statistics.slice(i + 1).some((b) => ![...a].some((x) => b.has(x))))
    )
      return {
        state: 'flag',
        evidence,
        message: `The sides summarise their samples with different statistics (${sides.map((s, i) => `${s.entry.label}: ${[...(statistics[i] ?? [])].join(' or ')}`).join(' vs ')}; formulas: ${named.join(' vs ')}): a figure is only comparable with one computed by the same formula.`,
      };
    return {
      state: 'needs_review',
      evidence,
      hint: `the sides name different formulas (${named.join(' vs ')}): a reviewer should confirm they compute the same figure`,
      message: `The sides' formulas cannot be matched (${named.join(' vs ')}): a reviewer should confirm each figure is computed the same way.`,
    };
  }
  return {
    state: 'pass',
    evidence,
    message: `Every side computes its derived metrics with the same formulas (${[...quantities].join(', ')}).`,
  };
}

// --- F-MEAS-8 ----------------------------------------------------------------------------------

/** Words saying a side's numbers were taken from another party's publication, not measured. */
const NUMBERS_FROM_ELSEWHERE =
  /\b(numbers|results|figures|values|data|measurements|curves) (are |were )?(copied|reused|quoted|borrowed) from\b|\b(numbers|results|figures|values|data|measurements|curves) (are |were )?(taken )?from (\w+ ){0,3}(\w+'s|an? (earlier|previous|other|external|third party|separate)) (\w+ )?(comparison|benchmark|blog|post|paper|publication|article|report|results|runs?|study|baseline)\b|\bquoted (from|in)\b|\b(previously|earlier) (recorded|measured|published|reported)\b|\bas published (by|in)\b|\b(reused|borrowed|copied) (the |their )?(numbers|results|figures|data|curves)\b/;

/** Where a side's own record (its submitter, affiliation or notes) says its numbers come from elsewhere. */
function quotedFrom(entry: Entry): { field: string; text: string } | null {
  for (const run of entry.runs) {
    const fields: [string, unknown][] = [
      ['run.submitter', groupField('run', 'submitter')(run)?.value],
      ['disclosure.affiliation', run.disclosure.affiliation],
      ['run.notes', groupField('run', 'notes')(run)?.value],
    ];
    for (const [field, value] of fields)
      if (typeof value === 'string' && NUMBERS_FROM_ELSEWHERE.test(normText(value)))
        return { field, text: value };
  }
  return null;
}

/**
 * Who measured an entry: its run.submitter, else the organisation its disclosure names first.
 * Sides measured by different parties are figures quoted from each other's publications.
 */
function measuredBy(entry: Entry): { org: string; shown: string; field: string } | null {
  const found = new Set<string>();
  let shown = '';
  let field = '';
  for (const run of entry.runs) {
    const submitter = groupField('run', 'submitter')(run);
    const text = submitter ? String(submitter.value) : run.disclosure.affiliation;
    const org = text ? organisationsIn(text)[0] : undefined;
    if (!org) return null;
    found.add(orgKey(org));
    shown = text as string;
    field = submitter ? 'run.submitter' : 'disclosure.affiliation';
  }
  return found.size === 1 ? { org: [...found][0] as string, shown, field } : null;
}

/** "not measured in this version", "naive_softmax is never timed", "not benchmarked". */
const NOT_MEASURED = /\b(not|never) (been )?(measured|timed|benchmarked|called|executed|re-?measured)\b/;

/**
 * A side's measurement field, or who it says measured it ("GPU numbers not measured by Intel"),
 * saying the side was never measured (its first such field).
 */
function saysNotMeasured(entry: Entry): CheckEvidence | undefined {
  const says = (value: unknown) => typeof value === 'string' && NOT_MEASURED.test(normText(value));
  for (const run of entry.runs) {
    for (const [key, field] of Object.entries(run.provenance.measurement))
      if (field && says(field.value)) return evidenceOf(entry, `measurement.${key}`, field);
    const submitter = groupField('run', 'submitter')(run);
    if (submitter && says(submitter.value)) return evidenceOf(entry, 'run.submitter', submitter);
  }
  return undefined;
}

export function checkMeas8(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const counts: string[] = [];
  const empty: string[] = [];
  const parties = input.entries.map((entry) => ({ entry, by: measuredBy(entry) }));
  const orgs = new Set(parties.map((p) => p.by?.org).filter(Boolean));
  let quotedAcross: string | null = null;
  if (parties.every((p) => p.by) && orgs.size > 1) {
    for (const p of parties)
      if (p.by) evidence.push(derived(p.entry, p.by.field, p.by.shown, 'who measured this side'));
    quotedAcross = `the sides were measured by different parties (${parties.map((p) => `${p.entry.label}: ${p.by?.shown}`).join('; ')}), so each side's figures are quoted from another publication`;
  }
  for (const entry of input.entries) {
    let n = 0;
    let any = false;
    for (const run of entry.runs) {
      if (run.values.some((v) => v.value !== null) || run.series.some((s) => s.summary)) any = true;
      for (const v of run.values) {
        if (v.quality === 'measured' || v.value === null) continue;
        n++;
        evidence.push({
          entry: entry.label,
          field: valuePath(v),
          value: v.text ?? v.value,
          origin: v.origin,
          quality: v.quality,
          ...(v.source ? { source: v.source } : {}),
        });
      }
    }
    if (!any) empty.push(entry.label);
    if (n > 0) counts.push(`${n} value${n === 1 ? '' : 's'} on ${entry.label}`);
  }
  // A side whose own record says its numbers come from elsewhere ("Supabase (numbers from
  // NirantK's comparison)") was not measured by this publication, values or not.
  const quoted = input.entries.flatMap((e) => {
    const said = quotedFrom(e);
    return said ? [{ entry: e, said }] : [];
  });
  for (const q of quoted)
    evidence.push(derived(q.entry, q.said.field, q.said.text, 'where the numbers come from'));
  // A run its own publication calls an estimate ("compliance: estimate") reports no measurement,
  // whatever its values say of themselves.
  const estimated = input.entries.filter((e) =>
    e.runs.some((r) => {
      const c = groupField('run', 'compliance')(r);
      return c !== undefined && !c.differs && normCompliance(c.value) === 'estimate';
    }),
  );
  for (const e of estimated) evidence.push(derived(e, 'run.compliance', 'estimate'));
  // A side with no figure of its own whose measurement record says it was never timed: whatever
  // the comparison claims of it comes from elsewhere.
  const unmeasured = input.entries.flatMap((e) => {
    const said = empty.includes(e.label) ? saysNotMeasured(e) : undefined;
    return said ? [{ entry: e, said }] : [];
  });
  for (const u of unmeasured) evidence.push(u.said);
  const findings = [
    ...unmeasured.map(
      (u) => `${u.entry.label} was not measured by this publication ("${display(u.said.value)}")`,
    ),
    ...(estimated.length > 0
      ? [
          `${estimated.map((e) => e.label).join(', ')} ${estimated.length === 1 ? 'is' : 'are'} published as an estimate`,
        ]
      : []),
    ...(counts.length > 0
      ? [
          `${counts.join(' and ')} ${counts.length === 1 && counts[0]?.startsWith('1 ') ? 'is' : 'are'} estimated or quoted, not measured`,
        ]
      : []),
    ...(quotedAcross ? [quotedAcross] : []),
    ...quoted.map((q) => `${q.entry.label}'s numbers are taken from another publication ("${q.said.text}")`),
  ];
  if (findings.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${capitalise(findings.join('; '))}: such numbers cannot be compared with measurements as equals.`,
    };
  if (empty.length > 0)
    return {
      state: 'unknown',
      evidence,
      missing: empty.map((e) => ({ entry: e, field: 'values / series' })),
      message: `Cannot check the origin of the results of ${empty.join(', ')}: no values or series recorded.`,
    };
  const counted = input.entries.map(
    (e) =>
      `${e.label}: ${e.runs.reduce((n, r) => n + r.values.filter((v) => v.value !== null).length + r.series.filter((s) => s.summary).length, 0)}`,
  );
  for (const e of input.entries)
    evidence.push(
      derived(
        e,
        'values (measured)',
        e.runs.reduce(
          (n, r) =>
            n + r.values.filter((v) => v.value !== null).length + r.series.filter((s) => s.summary).length,
          0,
        ),
      ),
    );
  const apart = runDaysApart(input);
  if (apart)
    return {
      state: 'needs_review',
      evidence,
      hint: `the sides were measured on different days (${apart})`,
      message: `Every reported value is measured, but the sides were measured on different days (${apart}): a reviewer should confirm no side's figures were carried over from an earlier run under other versions or conditions.`,
    };
  return {
    state: 'pass',
    evidence,
    message: `Every reported value is measured (values and series per side — ${counted.join(', ')}).`,
  };
}

/** More days than this between the sides' runs: they are separate measurements, not one. */
const SAME_RUN_DAYS = 7;

/**
 * The days each side was run on (`run.startedAt`), when every side states one and the earliest
 * and latest are more than a week apart: "ultimate-express: 2024-10-26; fastify: 2024-09-29 (27
 * days apart)". Null otherwise.
 */
function runDaysApart(input: ComparisonInput): string | null {
  const days = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, groupField('run', 'startedAt')));
    const text =
      read && typeof read.value === 'string' ? /\d{4}-\d{2}-\d{2}/.exec(read.value)?.[0] : undefined;
    return { entry, text, day: text ? toDay(text) : null };
  });
  if (days.length < 2 || days.some((d) => d.day === null)) return null;
  const values = days.map((d) => d.day as number);
  const span = Math.max(...values) - Math.min(...values);
  if (span <= SAME_RUN_DAYS) return null;
  return `${days.map((d) => `${d.entry.label}: ${d.text}`).join('; ')}; ${span} days apart`;
}
