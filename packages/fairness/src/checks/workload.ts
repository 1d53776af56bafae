// F-WL-*: the workload — spec and parameters, think times, features, subsets, variants, loading.
import {
  capitalise,
  compareField,
  compareFields,
  evidenceFor,
  type FieldComparison,
  type FieldSpec,
  nestedSets,
  saysChosenPerSide,
  sidesText,
  verdictOf,
} from '../compare.ts';
import {
  admitsUnknown,
  canonical,
  denied,
  display,
  type FieldValue,
  isVacuous,
  markParts,
  normFeature,
  normScale,
  normText,
  parseNumber,
  toBool,
} from '../normalize.ts';
import { ownFieldDifferences } from '../own-fields.ts';
import { derived, entryValue, evidenceOf, firstOf, groupField, type Reader, readEntry } from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry, RunInput } from '../schema.ts';
import { intendedClasses, isIntended } from '../subject.ts';
import {
  partsInMetricNames,
  partsInParameters,
  partsInText,
  partsNotRun,
  resultsMissingOnSomeSides,
  standardBenchmark,
} from './benchmark-parts.ts';
import { featureSwitches } from './feature-text.ts';
import { platformDifferences } from './software.ts';
import { requireAny } from './topology.ts';
import { headOf, nameParts, nestedParts, parametersPart, variantNamesHow } from './workload-parts.ts';

/**
 * A programming language naming the form the work is written in: "generated Julia source",
 * "the C version", "Rust port". One program written in each side's language is one workload.
 */
const LANGUAGE_FORM =
  /\b(c|c\+\+|c#|f#|d|rust|go|golang|java|julia|python|javascript|typescript|php|ruby|fortran|zig|nim|haskell|ocaml|swift|kotlin|scala|lua|perl|r|matlab|octave|elixir|erlang|crystal|dart|vox)\s+(source|code|program|implementation|version|port|translation)\b/g;

/** "TPC-C", "tpcc", "TPC C" → "tpcc". */
export function normWorkloadName(value: unknown): string | null {
  // "query1-query4 (SQL JOINs)" and "query1-query4 (aggregation pipeline)" are one workload,
  // each side's way of running it in the aside (F-WL-3's).
  const t = normText(headOf(value))
    .replace(LANGUAGE_FORM, '$2')
    // The port each side listens on ("localhost:8001" against ":8002") is where it is reached,
    // not the work.
    .replace(/\b([a-z0-9][\w.-]*):\d{2,5}\b/g, '$1:port')
    .split(/\s+/)
    .map(singular)
    .join('')
    .replace(/\./g, '');
  return t === '' ? null : t;
}

/** "queries" → "query", "updates" → "update": one name written in the singular or the plural. */
function singular(word: string): string {
  if (word.length <= 3 || /ss$/.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(s|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.replace(/s$/, '');
}

export const workloadParameterSpecs: FieldSpec[] = [
  {
    field: 'workload.warehouses',
    label: 'warehouses',
    read: groupField('workload', 'warehouses'),
    norm: (v) => parseNumber(v),
    tolerance: 1,
  },
  {
    field: 'workload.scale',
    label: 'scale',
    read: groupField('workload', 'scale'),
    norm: normScale,
  },
  // How a side does the work (its mode, query files) is F-WL-3's, not a different workload.
  { field: 'workload.parameters', label: 'parameters', read: parametersPart('what') },
  { field: 'workload.mix', label: 'transaction mix', read: groupField('workload', 'mix') },
  // A variant on one side (another input format, a modified mix) is a different workload.
  { field: 'workload.variant', label: 'variant', read: groupField('workload', 'variant') },
  { field: 'workload.skew', label: 'skew', read: groupField('workload', 'skew') },
  { field: 'workload.seed', label: 'random seed', read: groupField('workload', 'seed') },
];

// --- F-WL-1 ------------------------------------------------------------------------------------

/**
 * The repository a benchmark implementation lives in: "github.com/m3g/2021_FortranCon" for a file
 * in it. Each side's file there (its language's program) is how it does the work, F-WL-3's; the
 * repository is the benchmark.
 */
export function repositoryOf(value: unknown): string | null {
  const t = normText(value)
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\s.*$/, '');
  const forge = /^((github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\/[^/]+\/[^/#?]+)/.exec(t);
  const repo = (forge?.[1] ?? t).replace(/(\.git)?\/?$/, '');
  return repo === '' ? null : repo;
}

/** A word with its punctuation stripped ("(stockfish," gives "stockfish"). */
const bareWord = (word: string) => word.replace(/[^a-z0-9]+/g, '');

/**
 * Texts that differ only where they name the systems compared ("docker run … -h" against "podman
 * run … -h", a match "vs Stockfish 8" against "vs AlphaZero"): the same work, named after the
 * systems compared on purpose. A word holding any word of a side's own system or label is its
 * name; another side's system counts where its whole name stands in the text, so a generic word
 * of it ("html" of node-html-parser) still reads as work; a version right after a name goes with it.
 */
function differsOnlyByNames(c: FieldComparison): boolean {
  // Text, or settings as printed ("invocation=time bash script"); not a number or a list.
  const textOf = (v: FieldValue | undefined) =>
    typeof v === 'string' ? v : v !== null && typeof v === 'object' && !Array.isArray(v) ? display(v) : null;
  if (c.intended || c.sides.some((s) => !s.read || textOf(s.read.value) === null)) return false;
  const systemNames = c.sides.map((s) => normText(s.entry.system).split(/\s+/).map(bareWord).filter(Boolean));
  const texts = c.sides.map((s, index) => {
    // Settings are read against the system's name only: a label may name the very setting that
    // differs ("H100 (TensorRT-LLM, FP8)" beside precision=FP8).
    const label = typeof s.read?.value === 'string' ? s.entry.label : '';
    const own = normText(`${s.entry.system ?? ''} ${label}`)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3);
    const words = normText(textOf(s.read?.value)).split(/\s+/);
    const bare = words.map(bareWord);
    const named = words.map((w) => own.some((n) => w.includes(n)));
    for (const [other, name] of systemNames.entries()) {
      if (other === index || name.length === 0) continue;
      for (let i = 0; i + name.length <= bare.length; i++)
        if (name.every((n, j) => bare[i + j] === n))
          for (let j = 0; j < name.length; j++) named[i + j] = true;
    }
    for (let i = 1; i < words.length; i++)
      if (named[i - 1] && /^v?\d+(\.\d+)*$/.test(bare[i] ?? '')) named[i] = true;
    return words.filter((_, i) => !named[i]).join(' ');
  });
  return new Set(texts).size === 1;
}

/**
 * Entries that form a grid, every system on every workload ("email" and "db" runs of both queue
 * libraries): the workloads are the publication's rows, each compared across the systems, not a
 * difference between them.
 */
function everySystemOnEveryWorkload(c: FieldComparison): boolean {
  if (c.spec.field !== 'workload.name' && c.spec.field !== 'run.benchmark') return false;
  const groups = new Map<string, Set<string>>();
  for (const s of c.sides) {
    if (!s.known || !s.entry.system) return false;
    const key = JSON.stringify([...s.keys].sort());
    const systems = groups.get(key) ?? new Set<string>();
    systems.add(normText(s.entry.system));
    groups.set(key, systems);
  }
  const sets = [...groups.values()];
  const first = [...(sets[0] ?? [])].sort().join('|');
  return (
    sets.length >= 2 && (sets[0]?.size ?? 0) >= 2 && sets.every((g) => [...g].sort().join('|') === first)
  );
}

/**
 * "X: write, readKey" against "X: write, readKey, readSeq" is one benchmark run in part on a
 * side: a subset, which F-WL-4 reports, not another workload. So is a side that ran one of the
 * workloads the others ran (a variant entered for the VM image only).
 */
function subsetOfWorkloads(c: FieldComparison): boolean {
  if (c.spec.field !== 'workload.name' && c.spec.field !== 'run.benchmark') return false;
  return nestedParts(c.sides.map((s) => s.read?.value)) || nestedSets(c.sides.map((s) => s.keys));
}

/** Variants that say how a side does the work: F-WL-3's difference, not another workload. */
function howVariant(c: FieldComparison): boolean {
  return c.spec.field === 'workload.variant' && c.sides.some((s) => variantNamesHow(s.read?.value));
}

/** Commits of implementations kept in a repository per side: each names its own history. */
function commitsOfOwnRepositories(c: FieldComparison, input: ComparisonInput): boolean {
  if (c.spec.field !== 'workload.implementationCommit') return false;
  const repositories = input.entries.map((e) =>
    repositoryOf(entryValue(readEntry(e, groupField('workload', 'implementationRepository')))?.value),
  );
  return repositories.every((r) => r !== null) && new Set(repositories).size > 1;
}

/** Parameters of several runs per side where one side's runs are among another's. */
function gridInPart(c: FieldComparison): boolean {
  return (
    c.spec.field === 'workload.parameters' &&
    c.sides.some((s) => s.keys.length > 1) &&
    nestedSets(c.sides.map((s) => s.keys))
  );
}

/**
 * Parameter objects that agree on every key all stated sides give and differ only by keys some
 * sides leave out ("spanLevel: TRACE" printed for one library of three), every side's keys within
 * another's: not a different workload on the evidence, but what the other sides used is unknown.
 * Returns those keys with the sides that state them, or null when a shared key differs, the key
 * sets do not nest, or the values are not objects.
 */
function oneSidedKeys(c: FieldComparison): string[] | null {
  if (c.spec.field !== 'workload.parameters' || c.sides.some((s) => s.read?.differs)) return null;
  const objects = c.sides
    .filter((s) => s.read)
    .flatMap((s) => {
      const value: unknown = s.read?.value;
      return isPlainObject(value) ? [{ label: s.entry.label, value }] : [];
    });
  if (objects.length < 2 || objects.length < c.sides.filter((s) => s.read).length) return null;
  // Each side naming work the others do not ("jobs" on one, "iterations" and "queues" on the
  // other) describes the work in different terms: a difference, not a gap.
  if (!nestedSets(objects.map((o) => Object.keys(o.value)))) return null;
  const keys = new Set(objects.flatMap((o) => Object.keys(o.value)));
  const shared = [...keys].filter((k) => objects.every((o) => k in o.value));
  const agree = shared.every((k) => new Set(objects.map((o) => canonical(o.value[k] as never))).size === 1);
  if (!agree) return null;
  return [...keys]
    .filter((k) => !shared.includes(k))
    .map(
      (k) =>
        `${k} stated for ${objects
          .filter((o) => k in o.value)
          .map((o) => `${o.label} (${display(o.value[k] as FieldValue)})`)
          .join(', ')} only`,
    );
}

/**
 * Texts that agree clause by clause except where a side says a part was not stated ("original
 * q16, blackhole sink" against "original q16, sink not stated"), every side's stated clauses
 * within another's: not a difference on the evidence, but a gap, which verdictOf sends to a
 * reviewer with both sides' words (a value that admits part of it is unknown never passes).
 */
function differsOnlyInUnstatedClauses(c: FieldComparison): boolean {
  const sides = c.sides.filter((s) => s.read);
  if (sides.length < 2 || sides.some((s) => typeof s.read?.value !== 'string' || s.read.differs))
    return false;
  const split = sides.map((s) =>
    normText(s.read?.value)
      .split(/\s*[,;]\s*/)
      .filter(Boolean),
  );
  return (
    split.some((clauses) => clauses.some(admitsUnknown)) &&
    nestedSets(split.map((clauses) => clauses.filter((x) => !admitsUnknown(x))))
  );
}

/** Words that say a side's work was changed ("modified q16", "phrase filters instead of LIKE"). */
const CHANGED_WORK =
  /\b(modified|patched|customi[sz]ed|tweaked|rewritten|altered|instead of|rather than|without)\b/;

/**
 * The numbers a value states, each with the word it is part of, in sorted order: "1,000 rows of
 * float32" is "1000 float32", so a type named by its width (tf32 against float32) still differs.
 */
function quantitiesOf(value: unknown): string {
  const text = markParts(normText(typeof value === 'string' ? value : JSON.stringify(value)));
  return (text.match(/[a-z_]*\d[\w.,]*/g) ?? [])
    .map((n) => n.replace(/,/g, '').replace(/\.$/, ''))
    .sort()
    .join(' ');
}

/**
 * Descriptions that differ in words while every number in them agrees ("for (…) malloc(i)" against
 * "for (…) mi_malloc(i)", the same regexes in two syntaxes): each side may be naming the same work
 * in its own system's terms, or the words may hide other work ("modified for OrioleDB"). Only a
 * reader can tell, so such a difference goes to a reviewer instead of being flagged; a difference
 * in any number (a scale, a count, a size) is flagged.
 */
function differsInWordsOnly(c: FieldComparison): boolean {
  const stated = c.sides.filter((s) => s.read && !s.read.differs);
  if (stated.length < 2 || stated.length < c.sides.length) return false;
  if (stated.some((s) => CHANGED_WORK.test(normText(s.read?.value)))) return false;
  const quantities = new Set(stated.map((s) => quantitiesOf(s.read?.value)));
  return quantities.size === 1 && !quantities.has('');
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A knob whose number each implementation defines on its own scale: an encoder's quality, CRF,
 * RF or constant quality, an effort or speed preset, a compression level. "-q 90" to cjxl and
 * "-Q 90" to cavif, or RF 22 to x264 and x265, are the same number, not the same quality.
 */
const OWN_SCALE_WORDS = 'constant quality|quality|q|crf|rf|cq|effort|speed|preset|compression level|level';
/** Such a knob with the number set for it: "quality -q 90", "rf 22", "constant quality (40)". */
const OWN_SCALE_KNOB = new RegExp(String.raw`\b(${OWN_SCALE_WORDS})\b[^\w.]{0,4}(\d+(?:\.\d+)?)`, 'g');
/** A parameter's name that is such a knob: "level", "quality", "crf", "preset", "effort"… */
const OWN_SCALE_KEY = new RegExp(`^(${OWN_SCALE_WORDS})$`);

/**
 * Parameters that differ between the sides only in such knobs ("level=1" against "level=3", the
 * files the same): the knobs that differ, or null when anything else differs or the values are
 * not parameter sets.
 */
function ownScaleKnobsDiffer(c: FieldComparison): string | null {
  const sets = c.sides.map((s) => s.read?.value);
  if (!sets.every((v) => isPlainObject(v))) return null;
  const objects = sets as Record<string, unknown>[];
  const keys = new Set(objects.flatMap((o) => Object.keys(o)));
  const differing = [...keys].filter(
    (k) => new Set(objects.map((o) => canonical((o[k] ?? null) as FieldValue))).size > 1,
  );
  // Numbers on every side: "level: TRACE" on one side is a log level, not a point on a scale.
  const numeric = (k: string) => objects.every((o) => parseNumber(o[k]) !== null);
  return differing.length > 0 && differing.every((k) => OWN_SCALE_KEY.test(normText(k)) && numeric(k))
    ? differing.join(', ')
    : null;
}

/**
 * Different systems given the same number for a knob each defines on its own scale: the
 * parameters agree in print while the work they ask for need not. Null when the systems are the
 * same, or a side names no such knob, or the numbers differ (F-WL-1 compares those already).
 */
function sameNumberOnOwnScales(input: ComparisonInput): string | null {
  const systems = new Set(input.entries.map((e) => normText(e.system ?? '')));
  if (!(input.subject ?? ['system']).includes('system') || systems.size < 2 || systems.has('')) return null;
  const knobs = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, groupField('workload', 'parameters')));
    const text = read ? normText(display(read.value)) : '';
    // "-q 90" is a quality of 90.
    const named = [...text.matchAll(OWN_SCALE_KNOB)].map((m) => `${m[1] === 'q' ? 'quality' : m[1]} ${m[2]}`);
    return [...new Set(named)].sort().join(', ');
  });
  const [first] = knobs;
  return first && knobs.every((k) => k === first) ? first : null;
}

/** Traffic no one chose: a live tap, production requests, real users as they came. */
const LIVE_INPUT =
  /\b(live|production|real[- ]?users?'?|real[- ]world) (\w+ ){0,2}(traffic|requests|load|users|sessions)\b|\bnot replayed\b/;
/** …unless the sides were fed the same copy of it: replayed, mirrored, shadowed, split at once. */
const SAME_COPY =
  /\b(?<!not )(replay(ed|ing)?|mirror(ed|ing)?|shadow(ed|ing)?|tee'?d|duplicated|recorded|captured and replayed)\b|\b(same time|simultaneous\w*|side by side|a\/b|split between)\b/;

/**
 * Every side fed live traffic (a production service, a network tap): each run saw whatever arrived
 * while it ran, so the inputs differ unless the sides shared one copy of the traffic at once.
 * Returns each side's workload wording when every side says so, else null.
 */
function liveInputs(input: ComparisonInput): string | null {
  const texts = input.entries.map((entry) => {
    const parts = (['name', 'parameters'] as const).map((k) => {
      const read = entryValue(readEntry(entry, groupField('workload', k)));
      return read ? normText(display(read.value)) : '';
    });
    return { label: entry.label, text: parts.filter(Boolean).join('; ') };
  });
  if (!texts.every((t) => LIVE_INPUT.test(t.text) && !SAME_COPY.test(t.text))) return null;
  return texts.map((t) => `${t.label}: ${t.text}`).join(' vs ');
}

/** Parameters a side names and says are not stated: "options not stated on A (library defaults, values not stated)". */
function unsaidParameters(input: ComparisonInput): string[] {
  const parts: string[] = [];
  for (const entry of input.entries) {
    const params = entryValue(readEntry(entry, groupField('workload', 'parameters')))?.value;
    if (!isPlainObject(params)) continue;
    for (const [key, value] of Object.entries(params))
      if (typeof value === 'string' && admitsUnknown(value))
        parts.push(`${key} not stated on ${entry.label} (${value})`);
  }
  return parts;
}

export function checkWl1(input: ComparisonInput): CheckOutcome {
  const head: FieldSpec[] = [
    {
      field: 'workload.name',
      label: 'workload',
      read: firstOf(groupField('workload', 'name'), groupField('run', 'benchmark')),
      norm: normWorkloadName,
      required: true,
    },
    {
      field: 'workload.specVersion',
      label: 'spec version',
      read: firstOf(groupField('workload', 'specVersion'), groupField('run', 'benchmarkVersion')),
    },
    {
      field: 'run.benchmark',
      label: 'benchmark',
      read: groupField('run', 'benchmark'),
      norm: normWorkloadName,
    },
    {
      field: 'run.benchmarkVersion',
      label: 'benchmark version',
      read: groupField('run', 'benchmarkVersion'),
    },
  ];
  const implementation: FieldSpec[] = [
    {
      field: 'workload.implementationRepository',
      label: 'benchmark implementation',
      read: groupField('workload', 'implementationRepository'),
      norm: repositoryOf,
    },
    {
      // The code the benchmark ran, at another commit on some side, is another workload, unless
      // the sides' implementations live in repositories of their own (commitsOfOwnRepositories).
      field: 'workload.implementationCommit',
      label: 'implementation commit',
      read: groupField('workload', 'implementationCommit'),
    },
    { field: 'workload.datasetHash', label: 'dataset', read: groupField('workload', 'datasetHash') },
    { field: 'workload.schemaHash', label: 'schema', read: groupField('workload', 'schemaHash') },
  ];
  const oneSided: string[] = [];
  const chosenPerSide: string[] = [];
  const sweeps: string[] = [];
  const comparisons = compareFields(input, [...head, ...workloadParameterSpecs, ...implementation]).map(
    (c) => {
      if (!c.differs) return c;
      // Words saying the value was picked per side are the difference, however alike they read.
      const perSide = c.sides.filter((s) => saysChosenPerSide(s.read?.value));
      if (perSide.length > 0) {
        const texts = perSide.map((s) => display(s.read?.value as FieldValue));
        const said =
          perSide.length === c.sides.length && new Set(texts).size === 1
            ? `every side: ${texts[0]}`
            : perSide.map((s, i) => `${s.entry.label}: ${texts[i]}`).join('; ');
        chosenPerSide.push(`${c.spec.label} chosen per side (${said})`);
        return { ...c, differs: false };
      }
      if (
        howVariant(c) ||
        commitsOfOwnRepositories(c, input) ||
        subsetOfWorkloads(c) ||
        differsOnlyByNames(c) ||
        everySystemOnEveryWorkload(c) ||
        differsOnlyInUnstatedClauses(c)
      )
        return { ...c, differs: false };
      // Runs with other parameters on some sides (a second model one side did not run) are a
      // grid run in part: each run is one workload, and the runs one side left out are F-WL-4's
      // subset, which a reviewer weighs here rather than a different workload.
      if (gridInPart(c)) {
        oneSided.push(`${c.spec.label} runs (${sidesText(c)}) cover more of the grid on some sides`);
        return { ...c, differs: false };
      }
      // A sweep over a knob each system scales its own way (zstd levels 1–4 beside cgo zstd's 1,
      // 3, 6, 9): the points differ by design, and whether they are comparable is a reviewer's.
      const knobs = ownScaleKnobsDiffer(c);
      if (knobs) {
        sweeps.push(`${c.spec.label} differ only in ${knobs}`);
        return { ...c, differs: false };
      }
      const keys = oneSidedKeys(c);
      if (!keys) return c;
      oneSided.push(...keys);
      return { ...c, differs: false };
    },
  );
  const differing = comparisons.filter((c) => c.differs);
  const worded = differing.every(differsInWordsOnly) ? differing : [];
  const outcome = verdictOf(
    comparisons.map((c) => (worded.includes(c) ? { ...c, differs: false } : c)),
    {
      why: 'a different scale, mix or skew is a different workload, so the numbers do not measure the same work',
      subject: 'the workload spec and parameters',
    },
    { flags: chosenPerSide },
  );
  if (outcome.state === 'flag') return outcome;
  if (worded.length > 0) {
    const texts = worded.map((c) => `${c.spec.label} (${sidesText(c)})`).join('; ');
    return {
      state: 'needs_review',
      evidence: evidenceFor(comparisons),
      hint: `the sides describe the work in different words with the same numbers: ${texts}`,
      message: `The workload is worded differently per side while every number in it agrees (${texts}): a reviewer should confirm the words name the same work in each system's terms.`,
    };
  }
  if (outcome.state !== 'pass') return outcome;
  if (sweeps.length > 0)
    return {
      state: 'needs_review',
      evidence: outcome.evidence,
      hint: `the sides run at different points of a setting each system scales its own way: ${sweeps.join('; ')}`,
      message: `The workload agrees except for a setting each system defines on its own scale (${sweeps.join('; ')}): a reviewer should confirm the points compared are comparable.`,
    };
  const ownScale = sameNumberOnOwnScales(input);
  if (ownScale)
    return {
      state: 'needs_review',
      evidence: outcome.evidence,
      hint: `every side is set to ${ownScale}, but each system defines that setting on its own scale`,
      message: `Every side is given the same setting (${ownScale}) on systems that each define it on their own scale: a reviewer should confirm equal numbers ask for the same quality or effort (a quality, CRF or effort of 90 on one encoder is not 90 on another).`,
    };
  const live = liveInputs(input);
  if (live)
    return {
      state: 'needs_review',
      evidence: outcome.evidence,
      hint: `every side measured live traffic, which no one replayed to the others (${live})`,
      message: `Every side ran on live traffic (${live}): each run saw whatever arrived while it ran, so a reviewer should confirm the sides got the same traffic (the same copy at once, or a replay) before comparing them.`,
    };
  // A parameter a side names but leaves unsaid ("options: library defaults, values not stated")
  // is left out of the comparison above, but two libraries' defaults may be two workloads.
  const unsaid = unsaidParameters(input);
  if (unsaid.length > 0)
    return {
      state: 'needs_review',
      evidence: outcome.evidence,
      hint: `the workload agrees where it is stated, but ${unsaid.join('; ')}`,
      message: `The workload every side states agrees, but parts of it are not stated (${unsaid.join('; ')}): a reviewer should confirm the sides ran the same work.`,
    };
  if (oneSided.length > 0)
    return {
      state: 'needs_review',
      evidence: outcome.evidence,
      hint: `the workload agrees where every side states it, but ${oneSided.join('; ')}`,
      message: `The workload every side states agrees, but parts are stated for some sides only (${oneSided.join('; ')}): a reviewer should confirm the others ran the same.`,
    };
  return requireAny(
    outcome,
    comparisons.slice(head.length, head.length + workloadParameterSpecs.length),
    'the workload parameters',
  );
}

// --- F-WL-2 ------------------------------------------------------------------------------------

/**
 * Load tools that send each request as soon as the last is answered and have no setting to wait
 * between them: a side driven only by these has no think time, whatever the publication says of it.
 */
const NO_WAIT_TOOL = /^(ab|apache ?bench|wrk2?|hey|oha|bombardier|h2load|autocannon|redis-benchmark)$/;

/** Think times stated, or none where every load tool the driver names cannot wait. */
const thinkTimes: Reader = (run) => {
  const stated = groupField('workload', 'keyingThinkTimes')(run);
  if (stated) return stated;
  const driver = groupField('client', 'driver')(run);
  const tools = normText(driver?.value)
    .replace(/\([^)]*\)/g, '')
    .split(/\s*(?:,|\/|\band\b|\bor\b)\s*/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (!driver || tools.length === 0 || !tools.every((t) => NO_WAIT_TOOL.test(t))) return undefined;
  return {
    value: 'none: the load tool cannot wait between requests',
    origin: 'derived',
    source: `client.driver (${display(driver.value)})`,
  };
};

/** Think times on or off: a switch, words, or a wait of so many (milli)seconds between requests. */
function thinkTimesOn(value: unknown): 'on' | 'off' | null {
  const b = toBool(value);
  if (b !== null) return b ? 'on' : 'off';
  const t = normText(value);
  // A wait of so many (milli)seconds decides, before words: "no wait declared; the default
  // min_wait = 1000" waits a second.
  const waits = [
    ...t.matchAll(/\b(?:wait|think|sleep|pause|delay)\w*\b[^.;]{0,30}?(\d+(?:\.\d+)?)/g),
    ...t.matchAll(
      /(\d+(?:\.\d+)?) ?(?:ms|s|secs?|seconds?|milliseconds?)? (?:wait|think|sleep|pause|delay)/g,
    ),
  ].map((m) => Number(m[1]));
  if (waits.length > 0) return waits.some((w) => w > 0) ? 'on' : 'off';
  if (/disabled|no wait|zero|off|none/.test(t)) return 'off';
  if (/spec|honou?red|\bon\b|enabled|tpc/.test(t)) return 'on';
  return null;
}

export function checkWl2(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'workload.keyingThinkTimes',
      label: 'keying/think times',
      read: thinkTimes,
      norm: thinkTimesOn,
    },
    {
      field: 'workload.waitFraction',
      label: 'wait fraction',
      read: groupField('workload', 'waitFraction'),
      norm: (v) => parseNumber(v),
      tolerance: 1.2,
    },
  ]);
  return requireAny(
    verdictOf(comparisons, {
      why: 'without keying and think times each terminal sends far more requests, so throughput is no longer bounded the same way',
      subject: 'the keying and think times',
    }),
    comparisons,
    'the keying and think times',
  );
}

// --- F-WL-3 (REV) ------------------------------------------------------------------------------

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).map(([k, v]) => (v === true ? k : `${k}: ${String(v)}`));
  if (value === null || value === undefined || value === '') return [];
  return [String(value)];
}

/** "enabled", "on (TLS 1.3)" → on; "disabled (KRaft does not support SASL)" → off; else null. */
function onOff(value: unknown): 'on' | 'off' | null {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  const t = normText(value);
  if (/^(enabled|on|true|yes|required)\b/.test(t)) return 'on';
  if (/^(disabled|off|false|no|none|not (enabled|used))\b/.test(t)) return 'off';
  return null;
}

/**
 * What a setting chooses, as a word that can be compared across systems: a switch's on/off, or
 * a named choice's first word ("bilinear", "Lanczos 3 (where available)" → "lanczos"). Amounts
 * are F-SW-2's (a shared setting set far apart), and a value that says nothing chooses nothing.
 */
function choiceOf(value: unknown): string | null {
  const state = onOff(value);
  if (state) return state;
  // An amount leads with its number ("8", "64 MB"); a name may carry one ("lanczos3").
  if (typeof value !== 'string' || isVacuous(value) || /^\s*[~≈<>]?\s*\d/.test(value)) return null;
  return (
    normText(headOf(value))
      .match(/^[a-z][a-z0-9_-]*/)?.[0]
      ?.replace(/[\d_-]+$/, '') || null
  );
}

/** Each of an entry's configuration settings with the one choice all its runs make (a run apart skips it). */
function settingChoices(entry: Entry): Map<string, { key: string; value: unknown; choice: string }> {
  const map = new Map<string, { key: string; value: unknown; choice: string }>();
  const skipped = new Set<string>();
  for (const run of entry.runs) {
    const config = groupField('software', 'configuration')(run);
    const value = config && !config.differs ? config.value : null;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [key, v] of Object.entries(value)) {
      const name = normText(key);
      const choice = choiceOf(v);
      if (!choice || skipped.has(name)) continue;
      const seen = map.get(name);
      if (seen && seen.choice !== choice) {
        map.delete(name);
        skipped.add(name);
      } else if (!seen) map.set(name, { key, value: v, choice });
    }
  }
  return map;
}

/**
 * Settings that sides name alike (TLS, compression, a resampling filter) but choose differently:
 * one side does the work of a feature another skips, or a cheaper kind of it — unless the
 * configuration is what the comparison varies. Sides that do not state the setting are left out.
 */
function switchedFeatures(input: ComparisonInput): { parts: string[]; evidence: CheckEvidence[] } {
  const parts: string[] = [];
  const evidence: CheckEvidence[] = [];
  if (isIntended(input, 'software.configuration')) return { parts, evidence };
  const configs = input.entries.map((entry) => ({ entry, map: settingChoices(entry) }));
  const names = new Set(configs.flatMap((c) => [...c.map.keys()]));
  for (const name of names) {
    const states = configs.flatMap((c) => {
      const s = c.map.get(name);
      return s ? [{ entry: c.entry, s }] : [];
    });
    if (states.length < 2 || new Set(states.map((x) => x.s.choice)).size < 2) continue;
    parts.push(
      `${states[0]?.s.key} differs (${states.map((x) => `${x.entry.label}: ${display(x.s.value as FieldValue)}`).join(' vs ')})`,
    );
    for (const x of states)
      evidence.push(
        derived(x.entry, `software.configuration.${x.s.key}`, x.s.value as CheckEvidence['value']),
      );
  }
  return { parts, evidence };
}

/**
 * Records of how each side does the work, each compared as written: its own way of doing it
 * (the parameters that name a mode, an API, query files); what its timer covers, since one
 * prepared statement against a hundred awaited queries is different work per operation whatever
 * the workload is called; the variant, a side's named change from the standard workload; its
 * indexes.
 */
const WORK_RECORDS: FieldSpec[] = [
  { field: 'workload.parameters', label: 'how the work is done', read: parametersPart('how') },
  {
    field: 'measurement.timedRegion',
    label: 'the timed operation',
    read: groupField('measurement', 'timedRegion'),
  },
  { field: 'workload.variant', label: 'the variant each side ran', read: groupField('workload', 'variant') },
  { field: 'workload.indexes', label: 'the index set', read: groupField('workload', 'indexes') },
];

/** Component roles that do part of the work itself, as opposed to hosting or driving it. */
const WORKING_ROLE =
  /transform|plugin|codec|parser|seriali[sz]er|compiler|backend|engine|index|optimi[sz]er|planner|kernel|minif/i;
/** Compiler settings that relax floating-point semantics: the results are not the same computation. */
const RELAXED_MATH = /fast-?math|-ofast|unsafe-math|\breassoc\b|-ffinite-math/i;

/** Relaxed floating-point semantics on some sides and not stated for the others (F-DUR-1's rule). */
function relaxedMath(input: ComparisonInput): { parts: string[]; evidence: CheckEvidence[] } {
  const sides = input.entries.map((entry) => ({
    entry,
    read: entryValue(readEntry(entry, groupField('software', 'compilerFlags'))),
  }));
  const relaxed = sides.filter((s) => s.read && RELAXED_MATH.test(display(s.read.value)));
  const others = sides.filter((s) => !relaxed.includes(s));
  if (relaxed.length === 0 || others.length === 0) return { parts: [], evidence: [] };
  return {
    parts: [
      `${relaxed.map((s) => `${s.entry.label} computes with relaxed floating-point semantics (${display(s.read?.value)})`).join('; ')}, ${others.map((s) => s.entry.label).join(', ')} ${others.some((s) => s.read) ? 'does not' : 'states no such setting'}`,
    ],
    evidence: sides.flatMap((s) => (s.read ? [evidenceOf(s.entry, 'software.compilerFlags', s.read)] : [])),
  };
}

export function checkWl3(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const intended = new Set(intendedClasses(input, 'workload.features'));
  // A subject naming the feature list itself varies every feature on purpose.
  const allIntended = isIntended(input, 'workload.features');
  const features = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, groupField('workload', 'features')));
    if (read) evidence.push(evidenceOf(entry, 'workload.features', read));
    return { entry, list: read ? listOf(read.value) : null, differs: Boolean(read?.differs) };
  });
  const known = features.filter((f) => f.list !== null && !f.differs) as { entry: Entry; list: string[] }[];
  const keyed = known.map((f) => ({ ...f, keys: new Set(f.list.map((x) => normFeature(x))) }));
  const parts: string[] = [];
  for (const f of keyed) {
    const only = f.list.filter(
      (x) =>
        !allIntended &&
        !intended.has(normFeature(x)) &&
        keyed.some((o) => o !== f && !o.keys.has(normFeature(x))),
    );
    if (only.length > 0) parts.push(`${f.entry.label} only: ${only.join(', ')}`);
  }
  for (const f of features)
    if (f.differs && !allIntended) parts.push(`${f.entry.label}: features differ (not stated)`);
  for (const switched of [switchedFeatures(input), featureSwitches(input)]) {
    parts.push(...switched.parts);
    evidence.push(...switched.evidence);
  }
  for (const spec of WORK_RECORDS) {
    const c = compareField(input, spec);
    // A variant is F-WL-3's only where it says how a side does the work; else F-WL-1 reads it.
    if (!c.differs || (spec.field === 'workload.variant' && !howVariant(c))) continue;
    parts.push(`${c.spec.label} differs (${sidesText(c)})`);
    evidence.push(...evidenceFor([c]));
  }
  // A part of the work done by another program on each side: SWC against Babel as the transform.
  const doers = platformDifferences(input, (role) => WORKING_ROLE.test(role));
  parts.push(...doers.parts.map((p) => `another program does the ${p}`));
  evidence.push(...doers.evidence);
  const relaxed = relaxedMath(input);
  parts.push(...relaxed.parts);
  evidence.push(...relaxed.evidence);
  const why =
    'stored procedures, batching, a native API or query text of its own on one side change how much work each operation does';
  if (parts.length > 0)
    return {
      state: 'flag',
      evidence,
      hint: parts.join('; '),
      message: `${capitalise(parts.join('; '))}: ${why}.`,
    };
  const unrecorded = features.filter((f) => f.list === null).map((f) => f.entry.label);
  const otherWork = workDescriptionsDiffering(input);
  if (known.length === 0 && otherWork.parts.length > 0)
    return {
      state: 'needs_review',
      evidence: [...evidence, ...otherWork.evidence],
      missing: unrecorded.map((e) => ({ entry: e, field: 'workload.features' })),
      hint: otherWork.parts.join('; '),
      message: `No side records the features its implementation uses, and what the sides record of their work differs (${otherWork.parts.join('; ')}): a reviewer should confirm every side does the same work per operation, since ${why}.`,
    };
  if (known.length === 0)
    return {
      state: 'unknown',
      evidence,
      missing: unrecorded.map((e) => ({ entry: e, field: 'workload.features' })),
      message: 'Cannot check functional parity: no side records the features its implementation uses.',
    };
  if (unrecorded.length > 0)
    return {
      state: 'needs_review',
      evidence,
      missing: unrecorded.map((e) => ({ entry: e, field: 'workload.features' })),
      hint: `features stated for ${known.map((k) => `${k.entry.label} (${k.list.join(', ') || 'none'})`).join(', ')}, not for ${unrecorded.join(', ')}`,
      message: `A reviewer should confirm ${unrecorded.join(', ')} implement the workload with the same features: ${why}.`,
    };
  return {
    state: 'pass',
    evidence,
    message: `Every side implements the workload with the same features (${known.map((k) => `${k.entry.label}: ${k.list.join(', ') || 'none'}`).join('; ')}).`,
  };
}

/**
 * What else a side records about the work it does, for a review when no side lists its features:
 * the workload's own parameters, variant and mix, the configuration as printed, and the
 * publication's own fields of any group (a write operation, a query style, whether reads are
 * validated) — each a place a side may do more or less per operation.
 */
function workDescriptionsDiffering(input: ComparisonInput): { parts: string[]; evidence: CheckEvidence[] } {
  const specs = [
    ...workloadParameterSpecs.filter((s) =>
      ['workload.parameters', 'workload.variant', 'workload.mix'].includes(s.field),
    ),
    // The setup as printed ("layout analysis on" against "no layout analysis"): where a side's
    // extra work often shows when no feature list is given.
    {
      field: 'software.configuration',
      label: 'configuration',
      read: groupField('software', 'configuration'),
    },
  ];
  const compared = compareFields(input, specs);
  const differing = compared.filter((c) => c.differs);
  // Described for some sides only ("constant-time BN operations" on one library): what the others
  // did is unknown, and the one description is where a reviewer starts.
  const oneSided = compared.filter(
    (c) => !c.differs && !c.intended && !c.known && c.sides.some((s) => s.read),
  );
  return {
    parts: [
      ...differing.map((c) => `${c.spec.label} differs (${sidesText(c)})`),
      ...oneSided.map(
        (c) =>
          `${c.spec.label} stated for ${c.sides
            .filter((s) => s.read)
            .map((s) => `${s.entry.label} (${display(s.read?.value as FieldValue)})`)
            .join(', ')} only`,
      ),
      ...ownFieldDifferences(input).map((o) => o.text),
    ],
    evidence: evidenceFor([...differing, ...oneSided]),
  };
}

// --- F-WL-4 (REV) ------------------------------------------------------------------------------

/**
 * The parts a side says it ran or left out, from its parameters ({queries: [...]}) and its
 * benchmark line and variant note. A list with a part the benchmark does not have ("query 1000
 * rows" in a 22-query benchmark) is not a list of parts and is ignored.
 */
function statedParts(run: RunInput, total: number | undefined) {
  const parameters = groupField('workload', 'parameters')(run)?.value;
  const texts = [
    groupField('workload', 'name')(run),
    groupField('run', 'benchmark')(run),
    groupField('workload', 'variant')(run),
  ].flatMap((f) => (typeof f?.value === 'string' ? [f.value] : []));
  const listed = [partsInParameters(parameters)];
  const leftOut: string[][] = [];
  for (const t of texts) {
    const found = partsInText(t);
    listed.push(found.ran);
    leftOut.push(found.leftOut);
  }
  const valid = (parts: string[]) =>
    total === undefined || parts.every((p) => (/^\d+$/.test(p) ? Number(p) <= total : total === 6));
  return {
    ran: new Set(listed.filter(valid).flat()),
    leftOut: new Set(leftOut.filter(valid).flat()),
  };
}

/**
 * Words saying a side ran or reports part of a suite: "(subset)", "2 of the 8 benchmarks", "q04 only
 * reported", "only Llama2-70B submitted". Counts of runs or repetitions ("3 of 5 runs") are not parts.
 */
const SUBSET_WORDS =
  /\(subset\)|\b(a |only a )?subset of (the |its )?(\w+ )?(tests|benchmarks?|queries|suite|cases|workloads|scenarios)\b|\b(reported|submitted|shown|published|benchmarked|tested) only\b|\bonly (\w+ ){0,3}(reported|submitted|shown|published)\b/;
const PART_OF_SUITE =
  /\b(\d+) of (the |its |all )?(\d+) (\w+ )?(tests|benchmarks|queries|workloads|cases|scenarios|suites|packages|models|operations|programs)\b/;

function subsetSaid(entry: Entry): { field: string; text: string } | null {
  for (const run of entry.runs) {
    const fields: [string, unknown][] = [
      ['run.benchmark', groupField('run', 'benchmark')(run)?.value],
      ...Object.keys(run.provenance.workload).map((k): [string, unknown] => [
        `workload.${k}`,
        groupField('workload', k)(run)?.value,
      ]),
    ];
    for (const [field, value] of fields) {
      if (value === undefined || value === null) continue;
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const t = normText(text);
      const part = PART_OF_SUITE.exec(t);
      if (SUBSET_WORDS.test(t) || (part && Number(part[1]) < Number(part[3])))
        return { field, text: text.length > 160 ? `${text.slice(0, 157)}…` : text };
    }
  }
  return null;
}

export function checkWl4(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const metricParts = partsInMetricNames(input.entries);
  const sides = input.entries.map((entry) => {
    const ops = new Set<string>();
    for (const run of entry.runs) {
      for (const v of run.values) {
        const op = v.labels.transaction ?? v.labels.operation;
        if (op && v.value !== null) ops.add(normText(op));
      }
      for (const s of run.series) {
        const op = s.labels.transaction ?? s.labels.operation;
        if (op) ops.add(normText(op));
      }
    }
    const name = entry.runs
      .map((r) => firstOf(groupField('workload', 'name'), groupField('run', 'benchmark'))(r))
      .find((f) => f !== undefined);
    const known = name ? standardBenchmark(name.value) : undefined;
    const declaredTotal = entry.runs.map((r) => groupField('workload', 'operationTypes')(r)).find((f) => f);
    if (declaredTotal) evidence.push(evidenceOf(entry, 'workload.operationTypes', declaredTotal));
    const total = declaredTotal ? parseNumber(declaredTotal.value) : (known?.total ?? null);
    const stated = entry.runs.map((r) => statedParts(r, total ?? undefined));
    const ran = new Set(stated.flatMap((p) => [...p.ran]));
    const leftOut = [...new Set(stated.flatMap((p) => [...p.leftOut]))];
    // Parts named in the setup, or else in the dotted metric names every side reports, stand for
    // the operations when no result is labelled by one.
    if (ops.size === 0) for (const p of ran) ops.add(p);
    if (ops.size === 0) for (const p of metricParts.get(entry) ?? []) ops.add(p);
    evidence.push(
      derived(
        entry,
        'reported operations',
        [...ops].sort(),
        'operation labels of values and series, the parts the setup names, or the parts of dotted metric names',
      ),
    );
    const text =
      ops.size === 0
        ? `${entry.label}: no per-operation results`
        : `${entry.label}: ${ops.size}${total !== null ? `/${total}` : ''} ${known?.what ?? 'operation types'} reported`;
    // A side that counts the parts it could not run ("queries.unsupported: 10") left them out.
    const notRun = partsNotRun(entry);
    const named = leftOut.length ? `${text}, ${leftOut.length} left out (${leftOut.join(', ')})` : text;
    return {
      entry,
      ops,
      total,
      text: notRun > 0 ? `${named}, ${notRun} it could not run` : named,
      name,
      leftOut: notRun > 0 ? [...leftOut, `${notRun} it could not run`] : leftOut,
    };
  });
  const why = 'a subset chosen after the fact can hide the operations where a system is weak';
  const names = sides.map((s) => s.name?.value);
  if (nestedParts(names))
    return {
      state: 'flag',
      evidence: [
        ...evidence,
        ...sides.flatMap((s) =>
          s.name ? [evidenceOf(s.entry, s.name.path ?? 'workload.name', s.name)] : [],
        ),
      ],
      hint: sides.map((s) => `${s.entry.label}: ${display(s.name?.value ?? null)}`).join('; '),
      message: `The sides run different parts of one benchmark (${sides.map((s) => `${s.entry.label}: ${nameParts(s.name?.value).parts?.join(', ')}`).join('; ')}): ${why}; a reviewer can waive it with the publication's justification.`,
    };
  const hint = sides.map((s) => s.text).join('; ');
  // A side whose own description says it ran part of a suite ("RTOSBench tests (subset)", "2 of the
  // 8 training benchmarks", "q04.sql only reported"): the part is a choice, whatever else it lists.
  const said = sides.flatMap((s) => {
    const words = subsetSaid(s.entry);
    return words ? [{ side: s, words }] : [];
  });
  for (const x of said)
    evidence.push(derived(x.side.entry, x.words.field, x.words.text, 'a subset in its own words'));
  if (said.length > 0)
    return {
      state: 'flag',
      evidence,
      hint,
      message: `Only part of the benchmark is reported, in the publication's own words (${said.map((x) => `${x.side.entry.label}: "${x.words.text}"`).join('; ')}): ${why}; a reviewer can waive it with the publication's justification.`,
    };
  const subset = sides.filter(
    (s) => s.leftOut.length > 0 || (s.total !== null && s.ops.size > 0 && s.ops.size < (s.total as number)),
  );
  const reporting = sides.filter((s) => s.ops.size > 0);
  const sets = new Set(reporting.map((s) => [...s.ops].sort().join('|')));
  if (subset.length > 0 || (reporting.length >= 2 && sets.size > 1))
    return {
      state: 'flag',
      evidence,
      hint,
      message: `${subset.length > 0 ? `Only part of the benchmark is reported (${subset.map((s) => s.text).join('; ')})` : `The sides report different operations (${hint})`}: ${why}; a reviewer can waive it with the publication's justification.`,
    };
  // A figure most sides publish and one side does not ("requests/s" for two frameworks of three,
  // PageRank for five graph systems of seven) is a sub-result not shown.
  const unshown = resultsMissingOnSomeSides(input.entries);
  if (unshown.length > 0) {
    const text = unshown.map((u) => `${u.entry.label} reports no ${u.missing.join(', ')}`).join('; ');
    for (const u of unshown)
      evidence.push(derived(u.entry, 'values (missing)', u.missing, 'reported by most sides'));
    return {
      state: 'flag',
      evidence,
      hint: `${text} (most sides do)`,
      message: `Not every result is shown for every side (${text}, which most sides report): ${why}; a reviewer can waive it with the publication's justification.`,
    };
  }
  if (reporting.length === 0)
    return {
      state: 'needs_review',
      evidence,
      hint,
      message: `No per-operation results are recorded: a reviewer should confirm the publication reports every part of the benchmark, since ${why}.`,
    };
  return {
    state:
      reporting.length === sides.length && sides.every((s) => s.total !== null) ? 'pass' : 'needs_review',
    evidence,
    hint,
    message: `Every side reports the same operations (${hint}).`,
  };
}

// --- F-WL-5 (REV) ------------------------------------------------------------------------------

export function checkWl5(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const parts: string[] = [];
  for (const entry of input.entries) {
    const variant = entryValue(readEntry(entry, groupField('workload', 'variant')));
    const division = entryValue(readEntry(entry, groupField('run', 'division')));
    if (variant) evidence.push(evidenceOf(entry, 'workload.variant', variant));
    if (division) evidence.push(evidenceOf(entry, 'run.division', division));
    const open = division && /open|modified/.test(normText(division.value));
    if (variant || open)
      parts.push(
        `${entry.label}: ${variant ? `variant "${display(variant.value)}"` : 'modified rules'}${division ? ` (division ${display(division.value)})` : ''}`,
      );
  }
  return {
    state: 'needs_review',
    evidence,
    hint:
      parts.length > 0
        ? `outside the standard benchmark — ${parts.join('; ')}`
        : 'no variant or modified division recorded',
    message:
      parts.length > 0
        ? 'A side runs a variant outside the standard benchmark: a reviewer should confirm it is labelled as such wherever its numbers appear.'
        : 'A reviewer should confirm no side runs an unlabelled variant of the benchmark.',
  };
}

// --- F-WL-6 (AUTO where recorded; REV) ---------------------------------------------------------

/** Words that put loading inside the timed result: "reading the CSV is inside the timed function". */
const LOAD_INSIDE =
  /\binclud(ed|es|ing)\b|\binside the (timer|timed|benchmark\w*)\b|\bpart of the (timed|measured)\b|\b(on|in|inside) every (timed|benchmark)\b/;
/** Words that keep it out: "excluded", "reported separately", "read before the timer starts". */
const LOAD_OUTSIDE =
  /\bnot (included|timed|counted|part of)\b|\bexclud\w*|\bseparately\b|\bbeforehand\b|\bbefore (the )?tim(er|ing|ed)\b|\bahead of time\b|\bpre ?(prepared|compiled|loaded)\b|\balready in memory\b/;

/**
 * Whether a side's result includes its load time: a yes or no, else the first of the words
 * above that the text uses ("page-level parsing included …; document open recorded separately"
 * answers with its first clause).
 */
function loadIncluded(value: unknown): boolean | null {
  const b = toBool(value);
  if (b !== null) return b;
  const t = normText(value);
  const inside = LOAD_INSIDE.exec(t);
  const outside = LOAD_OUTSIDE.exec(t);
  if (!inside && !outside) return null;
  if (inside && outside) return inside.index < outside.index;
  return Boolean(inside);
}

/**
 * A load time of zero beside a real one: the zero side loaded nothing (it reads its raw files
 * inside the timed queries, work the other side did before the clock) or did not measure its
 * load. Either way the sides did not prepare the same way, whatever each says about counting it.
 */
function loadSkipped(loadTime: FieldComparison | undefined): string | null {
  const sides = (loadTime?.sides ?? []).map((s) => ({ s, ms: s.known ? parseNumber(s.read?.value) : null }));
  const zero = sides.filter((x) => x.ms === 0);
  const loaded = sides.filter((x) => x.ms !== null && x.ms > 0);
  if (zero.length === 0 || loaded.length === 0) return null;
  const list = (xs: typeof sides) =>
    xs.map((x) => `${x.s.entry.label}: ${display(x.s.read?.value as FieldValue)} ms`).join(', ');
  return `Load time is zero on some sides (${list(zero)}) and not on others (${list(loaded)}): a side that loads nothing reads its raw data inside the timed work (or left its load unmeasured), so the sides did not prepare the same way.`;
}

/** Work done before a timer that prepares the system itself: a compile, a build, an index, code generated. */
const PREPARATION =
  /\b(compil\w*|build(s|ing)?|built|index(es|ing|ed)?|precomput\w*|code ?gen\w*|generates? code)\b/;

/** A side's excluded load names a compile or build step, not denied ("no compile step"). */
function excludedPreparation(value: unknown): boolean {
  const t = normText(value);
  return PREPARATION.test(t) && !denied(t, PREPARATION);
}

export function checkWl6(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'measurement.loadTimeIncluded',
      label: 'load time included in the result',
      read: groupField('measurement', 'loadTimeIncluded'),
      norm: (v) => {
        const b = toBool(v);
        return b === null ? null : String(b);
      },
      required: true,
    },
    {
      field: 'workload.loadTimeMs',
      label: 'load time',
      read: groupField('workload', 'loadTimeMs'),
      evidenceOnly: true,
    },
  ]);
  const loadTime = comparisons[1];
  const why = 'counting loading or preprocessing on one side only changes what the time measures';
  const outcome = verdictOf(comparisons, { why, subject: 'the treatment of load time' });
  const skipped = loadSkipped(loadTime);
  if (skipped && outcome.state !== 'flag')
    return { state: 'flag', evidence: outcome.evidence, message: skipped };
  // Load counted on every side is one rule, not one amount of work: a JVM's or an interpreter's
  // start, or a compile in every timed call, weighs on one side what a native binary's load does
  // not. Without each side's load time only a reader can tell the loads are alike.
  const included = comparisons[0]?.sides ?? [];
  const loadTimes = loadTime?.sides ?? [];
  if (
    outcome.state === 'pass' &&
    included.every((s) => toBool(s.read?.value) === true) &&
    loadTimes.some((s) => !s.known)
  )
    return {
      ...outcome,
      state: 'needs_review',
      hint: `load time is counted in the result on every side (${included.map((s) => `${s.entry.label}: ${display(s.read?.value as FieldValue)}`).join('; ')}), but its size is not recorded on ${loadTimes
        .filter((s) => !s.known)
        .map((s) => s.entry.label)
        .join(', ')}`,
      message:
        'Every side counts its load in the result, but not every load time is recorded: a reviewer should confirm the loads are alike (a runtime start-up or a compile in every timed call weighs on one side only).',
    };
  // Load kept out of the timing on every side, where only some sides' excluded work is a compile
  // or build step: foil compiles its keys into a module before the timer, ETS has nothing to
  // compile. Alike by rule, but one side's cost is left out of the figure.
  const prepared = included.filter((s) => excludedPreparation(s.read?.value));
  if (
    outcome.state === 'pass' &&
    included.every((s) => toBool(s.read?.value) === false) &&
    prepared.length > 0 &&
    prepared.length < included.length
  )
    return {
      ...outcome,
      state: 'needs_review',
      hint: `a compile or build step is kept out of the timing on ${prepared.map((s) => `${s.entry.label} (${display(s.read?.value as FieldValue)})`).join(', ')} only`,
      message:
        'Every side keeps its load out of the result, but only some sides have a compile or build step in what is kept out: a reviewer should confirm the figure does not hide a cost only those sides pay.',
    };
  if (outcome.state === 'flag' || outcome.state === 'pass') return outcome;
  // Words decide a difference ("included" against "excluded"); that two sides both say
  // "includes" does not show they include the same work, so prose never passes.
  const said = (comparisons[0]?.sides ?? []).map((s) => ({ s, included: loadIncluded(s.read?.value) }));
  if (said.every((x) => x.included !== null) && new Set(said.map((x) => x.included)).size > 1)
    return {
      state: 'flag',
      evidence: outcome.evidence,
      message: `Load time is included on some sides only (${said
        .map(
          (x) =>
            `${x.s.entry.label}: ${x.included ? 'included' : 'not included'} — ${display(x.s.read?.value as FieldValue)}`,
        )
        .join('; ')}): ${why}.`,
    };
  if (outcome.state !== 'unknown') return outcome;
  const times = (loadTime?.sides ?? []).map(
    (s) => `${s.entry.label}: ${s.read ? `${display(s.read.value)} ms` : 'not recorded'}`,
  );
  return {
    ...outcome,
    state: 'needs_review',
    hint: `Whether load time is part of the result is not recorded on every side; load times — ${times.join('; ')}.`,
    message:
      'A reviewer should confirm loading and preprocessing time are treated the same way on every side.',
  };
}
