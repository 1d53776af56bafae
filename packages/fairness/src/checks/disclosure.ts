// F-DISC-*: what the publication discloses — absolute numbers, compliance, authorship, AI
// assistance — and whether the comparison varies more than one thing at once.
import { capitalise, compareFields, type FieldSpec, genericFieldSpec, verdictOf } from '../compare.ts';
import {
  isVacuous,
  normAcknowledgement,
  normAggregation,
  normCacheState,
  normClientPlacement,
  normCompliance,
  normCpuModel,
  normDurability,
  normFeatures,
  normHostType,
  normIsolation,
  normLanguage,
  normLoadModel,
  normOrm,
  normProtocolClass,
  normText,
  normThroughputSource,
  parseNumber,
  toBool,
  toBytes,
  toMs,
} from '../normalize.ts';
import {
  derived,
  entryValue,
  firstOf,
  groupField,
  groupOf,
  nodeCount,
  nodeField,
  nodeSum,
  pathReader,
  readEntry,
  recordedPaths,
} from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry, PublishedValue } from '../schema.ts';
import { barePath } from '../subject.ts';
import { isVendorOf, organisationsIn, productStem } from '../vendors.ts';
import { isRatio, VERSUS_PART } from './benchmark-parts.ts';
import { concurrencyStyleReader } from './client.ts';
import { checkSw2, linkingReader, platformDifferences, sharedComponentVersions } from './software.ts';
import { normWorkloadName } from './workload.ts';

// --- F-DISC-1 ----------------------------------------------------------------------------------

/** A linked artefact that holds results rather than code: a metrics or results repository, raw data files. */
const RESULTS_DATA = /\/(metrics|results?|raw[-_]?data|data)(\/|$|[-_.])|\.(csv|json|parquet)(\?|$)/i;

/** A value the publication printed a number for: a point, or a range's ends ("30~45 %"). */
function isReported(v: PublishedValue): boolean {
  return v.value !== null || (v.low !== undefined && v.high !== undefined);
}

/**
 * The parts of a dotted metric name that name an operation: not the ratio itself ("speedup",
 * "speedupVsAwsCli") whichever end it sits at ("upload50GB.speedupVsAwsCli", "speedup.lazygrid"),
 * nor the side it is relative to ("vsHostedQemu").
 */
function operationParts(metric: string): string[] {
  return metric
    .split('.')
    .filter((part) => part !== '' && !isRatio({ metric: part, unit: '' }) && !VERSUS_PART.test(part))
    .map((part) => normText(part));
}

/**
 * Metrics known only as ratios: a ratio whose dotted name names an operation ("upload50GB" of
 * "upload50GB.speedupVsAwsCli", "lazygrid" of "speedup.lazygrid") that no absolute value on any
 * side names, where the absolute values are dotted too ("download50GB.throughput"). A side may
 * give absolute numbers for one operation and only "12× faster" for another: that one is still
 * reported as a ratio.
 */
function ratioOnlyMetrics(input: ComparisonInput): string[] {
  const values = input.entries.flatMap((e) => e.runs.flatMap((r) => r.values)).filter(isReported);
  const absolute = values.filter((v) => !isRatio(v) && v.metric.includes('.'));
  if (absolute.length === 0) return [];
  const absoluteParts = new Set(absolute.flatMap((v) => operationParts(v.metric)));
  const ratioOnly = new Set<string>();
  for (const v of values) {
    if (!isRatio(v) || !v.metric.includes('.')) continue;
    const operations = operationParts(v.metric);
    if (operations.length > 0 && !operations.some((o) => absoluteParts.has(o)))
      ratioOnly.add(operations.join('.'));
  }
  return [...ratioOnly];
}

const TIME_OR_RATE_UNIT =
  /^(ns|µs|μs|us|ms|s|sec|secs|seconds?|min|minutes?|h|hours?)$|\/\s*(s|sec|second|min|minute|h|hour)\b|\bper (second|sec|minute|hour)\b|^(ops|rps|qps|tps|fps|iops|req|requests|it)\b/;
const BYTES_UNIT = /^(b|bytes?|kb|mb|gb|tb|kib|mib|gib|tib)$/;

/**
 * What a value measures, coarsely: how fast (a time or a rate) or how much memory; null when
 * neither is clear. Ratios say it in their name ("speedup", "less memory").
 */
function dimensionOf(v: PublishedValue): 'speed' | 'memory' | null {
  if (isRatio(v)) {
    if (/speed|fast|slow|throughput|latency|time|duration|tps|qps|rps|ops/i.test(v.metric)) return 'speed';
    if (/memory|ram\b|rss|heap|footprint|smaller|size/i.test(v.metric)) return 'memory';
    return null;
  }
  const unit = v.unit.trim().toLowerCase();
  if (TIME_OR_RATE_UNIT.test(unit)) return 'speed';
  if (BYTES_UNIT.test(unit)) return 'memory';
  return null;
}

/**
 * How fast the sides are, known only as ratios ("30~45 % speed-up") while every absolute number
 * printed measures something else (memory): the headline has no number a reader can weigh.
 */
function speedOnlyAsRatio(input: ComparisonInput): boolean {
  const runs = input.entries.flatMap((e) => e.runs);
  if (runs.some((r) => r.series.some((s) => s.summary))) return false;
  const values = runs.flatMap((r) => r.values).filter(isReported);
  const ratios = values.filter((v) => isRatio(v));
  const absolute = values.filter((v) => !isRatio(v));
  return (
    ratios.some((v) => dimensionOf(v) === 'speed') &&
    absolute.length > 0 &&
    absolute.every((v) => dimensionOf(v) === 'memory')
  );
}

export function checkDisc1(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const onlyRatios: string[] = [];
  const empty: string[] = [];
  for (const entry of input.entries) {
    const values = entry.runs.flatMap((r) => r.values).filter(isReported);
    const series = entry.runs.flatMap((r) => r.series).filter((s) => s.summary);
    const absolute = values.filter((v) => !isRatio(v));
    const ratios = values.filter((v) => isRatio(v));
    if (absolute.length + series.length > 0)
      evidence.push(
        derived(
          entry,
          'absolute values',
          absolute.length + series.length,
          'published values and series summaries with units',
        ),
      );
    if (ratios.length > 0) evidence.push(derived(entry, 'ratio values', ratios.length));
    if (absolute.length + series.length === 0 && ratios.length > 0) onlyRatios.push(entry.label);
    if (values.length + series.length === 0) empty.push(entry.label);
  }
  // A side with no numbers of its own while another reports relative to it ("25× Redis") is
  // known only through the other side's ratio.
  const anyRatio = input.entries.some((e) =>
    e.runs.some((r) => r.values.some((v) => isReported(v) && isRatio(v))),
  );
  if (anyRatio) for (const e of empty) if (!onlyRatios.includes(e)) onlyRatios.push(e);
  const rawData = [
    ...new Set(
      input.entries.flatMap((e) =>
        e.runs.flatMap((r) => r.disclosure.artefacts.map((a) => a.url).filter((u) => RESULTS_DATA.test(u))),
      ),
    ),
  ];
  if (onlyRatios.length > 0 && rawData.length > 0)
    return {
      state: 'needs_review',
      evidence,
      hint: `${onlyRatios.join(', ')} entered only as ratios, but the publication links its raw results (${rawData.join(', ')})`,
      message: `${onlyRatios.join(', ')} ${onlyRatios.length === 1 ? 'is' : 'are'} entered only as ratios while the publication links raw results: enter the absolute numbers from ${rawData.join(', ')}, or a reviewer confirms they are not there.`,
    };
  if (onlyRatios.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${onlyRatios.join(', ')} ${onlyRatios.length === 1 ? 'is' : 'are'} reported only as ratios: without absolute numbers a reader cannot tell whether either side performed reasonably.`,
    };
  if (speedOnlyAsRatio(input))
    return {
      state: 'flag',
      evidence,
      message:
        'How fast each side is, is reported only as ratios; the absolute numbers printed measure memory: without them a reader cannot tell whether either side performed reasonably.',
    };
  const ratioOnly = ratioOnlyMetrics(input);
  if (ratioOnly.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${ratioOnly.join(', ')} ${ratioOnly.length === 1 ? 'is' : 'are'} reported only as ratios on every side (other results have absolute numbers): without them a reader cannot tell whether either side performed reasonably there.`,
    };
  // Numbers for some sides and none at all for others: the publication shows absolute results for
  // one side only (principle 2), which a reader cannot weigh against anything.
  const numbered = input.entries
    .filter((e) => !empty.includes(e.label))
    .map((e) => {
      const n = e.runs.reduce((sum, r) => sum + r.values.length + r.series.length, 0);
      return `${e.label} (${n} result${n === 1 ? '' : 's'})`;
    });
  if (empty.length > 0 && numbered.length > 0)
    return {
      state: 'flag',
      evidence,
      missing: empty.map((e) => ({ entry: e, field: 'values / series' })),
      hint: `absolute numbers stated for ${numbered.join(', ')}, not for ${empty.join(', ')}`,
      message: `Absolute numbers stated for ${numbered.join(', ')}, not for ${empty.join(', ')}: a result shown for some sides only cannot be weighed against the others; enter theirs if the publication prints them.`,
    };
  // No side has a number, but every side's results are entered as the publication printed them:
  // words, a chart, a screenshot, each without a figure. That is this check's finding.
  const printed = input.entries.map((e) => ({ label: e.label, values: e.runs.flatMap((r) => r.values) }));
  const printedWithoutNumbers = printed.every(
    ({ values }) => values.length > 0 && values.every((v) => !isReported(v) && (v.text ?? '').trim() !== ''),
  );
  if (empty.length > 0 && printedWithoutNumbers)
    return {
      state: 'flag',
      evidence,
      message: `Every side's result is printed without a number (${printed.map((p) => `${p.label}: “${p.values[0]?.text}”`).join('; ')}): a claim resting on charts, ratios or words alone lets no reader tell whether either side performed reasonably.`,
    };
  // No side has a number at all: either the publication printed none (only a claim, a chart, a
  // screenshot: this check's finding) or they were not entered. Only a person can tell which.
  if (empty.length > 0)
    return {
      state: 'needs_review',
      evidence,
      missing: empty.map((e) => ({ entry: e, field: 'values / series' })),
      hint: `no absolute number is recorded for any side (${empty.join(', ')}): a claim resting on charts, ratios or words alone`,
      message: `No absolute number is recorded for ${empty.join(', ')}: if the publication prints none (only a claim, a chart or a ratio), a reader cannot tell whether either side performed reasonably; if it does, enter them.`,
    };
  return { state: 'pass', evidence, message: 'Every side reports absolute numbers.' };
}

// --- F-DISC-2 ----------------------------------------------------------------------------------

export function checkDisc2(input: ComparisonInput): CheckOutcome {
  const comparisons = compareFields(input, [
    {
      field: 'run.compliance',
      label: 'compliance status',
      read: groupField('run', 'compliance'),
      norm: normCompliance,
      required: true,
    },
    {
      field: 'run.division',
      label: 'division',
      read: groupField('run', 'division'),
      norm: (v) =>
        /open|modified/.test(normText(v)) ? 'open' : /closed|standard/.test(normText(v)) ? 'closed' : null,
    },
  ]);
  const flags = (comparisons[0]?.sides ?? [])
    .filter((s) => s.keys.includes('estimate'))
    .map((s) => `${s.entry.label}'s result is an estimate`);
  return verdictOf(
    comparisons,
    {
      why: 'an audited result, an unofficial run and an estimate carry different weight and must not be presented as equals',
      subject: 'the compliance status',
    },
    { flags },
  );
}

// --- F-DISC-3 ----------------------------------------------------------------------------------

/** A statement that there is no conflict: "does not favor any vendor", "independent", "not sponsored". */
const NO_CONFLICT =
  /\b(no|not|never|without|n't)\b[^.;]*\b(favou?r\w*|conflicts?|interests?|bias(ed)?|affiliat\w*|sponsor\w*|paid|compensat\w*|funded)\b|\b(independent|unaffiliated|neutral|vendor[- ]neutral)\b/i;

/**
 * A conflict of interest the publication itself declares ("none", "not stated" and a statement
 * that there is none declare nothing).
 */
function declaredConflict(entry: Entry): string | undefined {
  return entry.runs
    .map((r) => r.disclosure.conflictOfInterest?.trim())
    .find(
      (c): c is string =>
        Boolean(c) &&
        !isVacuous(c) &&
        !/^(none|no|no conflicts?)\b/i.test(c ?? '') &&
        !NO_CONFLICT.test(c ?? ''),
    );
}

/** A role written beside an author's name: "Daan Leijen (mimalloc author, Microsoft)". */
function roleBesideName(name: string): string | undefined {
  return /\(([^)]*)\)/.exec(name)?.[1];
}

function affiliationText(entry: Entry): string[] {
  const out = new Set<string>();
  for (const run of entry.runs) {
    const d = run.disclosure;
    if (d.affiliation) out.add(d.affiliation);
    for (const a of d.authors)
      if (a.affiliation) out.add(`${a.name} (${a.affiliation})`);
      else if (roleBesideName(a.name)) out.add(a.name);
    if (d.conflictOfInterest) out.add(`conflict of interest: ${d.conflictOfInterest}`);
  }
  return [...out];
}

/** The organisations that published or ran an entry: its affiliation and its authors'. */
function organisationsOf(entry: Entry): string[] {
  const orgs = new Set<string>();
  for (const run of entry.runs) {
    const d = run.disclosure;
    if (d.affiliation) for (const o of organisationsIn(d.affiliation)) orgs.add(o);
    for (const a of d.authors) {
      if (a.affiliation) for (const o of organisationsIn(a.affiliation)) orgs.add(o);
      const role = roleBesideName(a.name);
      if (role) for (const o of organisationsIn(role)) orgs.add(o);
    }
  }
  return [...orgs];
}

/**
 * What each side is a product of: its system, and when the comparison's subject is a client
 * or software field (a driver, an ORM), that field's value ("asyncpg", "Drizzle").
 */
function productsOf(input: ComparisonInput, entry: Entry): string[] {
  const names = entry.system ? [entry.system] : [];
  for (const subject of input.subject) {
    const path = subject === 'orm' ? 'client.orm' : subject;
    if (!/^(client|software)\./.test(path) || path === 'software.components') continue;
    const read = entryValue(readEntry(entry, pathReader(path)));
    for (const v of read ? (Array.isArray(read.value) ? read.value : [read.value]) : [])
      if (typeof v === 'string' && v.trim()) names.push(v);
  }
  return names;
}

/**
 * What a side's products are, by stem: each part of a combined name counts ("CRuby + YJIT" is
 * cruby+yjit), so sides built on one base product but differing in the part compared (YJIT
 * against MJIT) are different products, and the maker of one of those parts has a rival.
 */
function productIdentity(products: readonly string[]): string {
  return products
    .flatMap((p) => p.split(/\s+\+\s+/))
    .map(productStem)
    .join('+');
}

/**
 * The repository whose committed content a side's numbers were quoted from: "ox-content" for
 * github.com/ubugeeei-prod/ox-content/blob/…/README.md or ubugeeei-prod.github.io/ox-content.
 * Issues, pull requests and discussions are anyone's writing in a repository, so they name no
 * publisher.
 */
function hostRepository(entry: Entry): string | null {
  for (const run of entry.runs) {
    const url = run.sourceUrl ?? '';
    const forge =
      /^https?:\/\/(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org)\/[^/]+\/([^/#?]+)(?:\/([^/#?]+))?/i.exec(
        url,
      );
    // An issue, a discussion or a pull request is anyone's writing: a critic's fork opens pull
    // requests too (seed 002's is one).
    if (forge && !/^(issues|pulls?|discussions|merge_requests|compare)$/i.test(forge[2] ?? ''))
      return (forge[1] as string).replace(/\.git$/i, '');
    const pages = /^https?:\/\/[^./]+\.github\.io\/([^/#?]+)/i.exec(url);
    if (pages) return pages[1] as string;
  }
  return null;
}

/** Words of a repository's name that say it holds benchmarks, not a product of its own. */
const BENCH_WORD = /^(bench|benchmarks?|benches|perf|performance|comparisons?|compare|vs|tests?|suite)$/;

/**
 * A product named as a run of a repository's words beside words of its own, none a benchmark's:
 * "telescope-fzf-native.nvim" is fzf-native's plugin repository; "redis-benchmarks" is a
 * repository of benchmarks, whoever keeps it.
 */
function repositoryWrapsProduct(repository: string, product: string): boolean {
  const words = (t: string) =>
    t
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  const repo = words(repository);
  const name = words(product.replace(/\s+\d[\w.]*$/, ''));
  if (name.length < 2 || name.join('').length < 6 || repo.length <= name.length) return false;
  for (let i = 0; i + name.length <= repo.length; i += 1) {
    if (!name.every((w, j) => repo[i + j] === w)) continue;
    const rest = [...repo.slice(0, i), ...repo.slice(i + name.length)];
    return !rest.some((w) => BENCH_WORD.test(w));
  }
  return false;
}

/** "@ox-content/napi" is named by the repository "ox-content"; "pdfminer.six" by "pdfminer.six". */
function repositoryNames(repository: string, product: string): boolean {
  const key = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, '');
  const repo = key(repository);
  if (repo.length < 3) return false;
  const segments = product.replace(/^@/, '').split(/[/\s]+/);
  return (
    key(product) === repo ||
    segments.some((seg) => key(seg) === repo) ||
    productStem(repository) === productStem(product) ||
    repositoryWrapsProduct(repository, product)
  );
}

/**
 * Results published in the repository of one compared product (its README, its docs) and of no
 * other: that product's project published the comparison, whatever affiliation is declared.
 */
function publishedInOwnRepository(
  sides: readonly { entry: Entry; products: string[] }[],
  evidence: CheckEvidence[],
): string | null {
  const hosts = new Set(sides.map((s) => hostRepository(s.entry)).filter((h): h is string => h !== null));
  for (const host of hosts) {
    const owners = sides.filter((s) => s.products.some((p) => repositoryNames(host, p)));
    if (owners.length !== 1) continue;
    const [owner] = owners;
    const others = sides.filter((s) => s !== owner).flatMap((s) => s.products.slice(-1));
    for (const s of sides) {
      const url = s.entry.runs.find((r) => r.sourceUrl)?.sourceUrl;
      if (url) evidence.push(derived(s.entry, 'sourceUrl', url));
    }
    return `the results are published in the repository of ${owner?.products.at(-1)} (${host}), compared against ${[...new Set(others)].join(', ')}`;
  }
  return null;
}

export function checkDisc3(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const findings: string[] = [];
  const parts: string[] = [];
  const sides = input.entries.map((entry) => {
    const products = productsOf(input, entry);
    return { entry, products, identity: productIdentity(products) };
  });
  const stems = new Set(sides.map((s) => s.identity));
  const makerOf = (org: string, side: (typeof sides)[number]) =>
    side.products.find((p) => isVendorOf(org, p, side.entry.vendor));
  for (const side of sides) {
    const { entry } = side;
    const affiliations = affiliationText(entry);
    if (affiliations.length > 0) evidence.push(derived(entry, 'disclosure.affiliation', affiliations));
    const orgs = organisationsOf(entry);
    const consulted = entry.runs
      .map((r) => r.disclosure.otherVendorConsulted)
      .find((c) => c !== 'not-stated');
    if (affiliations.length === 0) {
      parts.push(`${entry.label}: no affiliation declared`);
      continue;
    }
    const own = orgs.map((o) => makerOf(o, side)).find(Boolean);
    const rivals = sides
      .filter((other) => other !== side && other.identity !== side.identity)
      .map((other) => orgs.map((o) => makerOf(o, other)).find(Boolean))
      .filter((p): p is string => Boolean(p));
    const others = sides.filter((o) => o !== side).flatMap((o) => o.products.slice(-1));
    // A vendor of every side's product (SQL Server on Azure and on AWS) benchmarks no rival of its own.
    const ownAgainstRival = own !== undefined && stems.size > 1;
    if (ownAgainstRival)
      findings.push(
        `${entry.label} is published by the vendor of ${own}, compared against ${[...new Set(others)].join(', ')}`,
      );
    if (rivals.length > 0)
      findings.push(
        `${entry.label} is published by the vendor of a competing system (${[...new Set(rivals)].join(', ')})`,
      );
    const declared = declaredConflict(entry);
    if (declared && !ownAgainstRival && rivals.length === 0)
      findings.push(`${entry.label} declares a conflict of interest (${declared})`);
    const makes = [own, ...rivals].filter(Boolean);
    parts.push(
      `${entry.label}: ${affiliations.join('; ')}${makes.length ? ` — the vendor of ${[...new Set(makes)].join(', ')}` : ' — no compared product’s vendor'}${consulted ? `; other vendor consulted: ${consulted}` : ''}`,
    );
  }
  // One product's repository against another product: a vendor of every side's product (one
  // product's versions in its own README) benchmarks no rival of its own.
  const ownRepository = stems.size > 1 ? publishedInOwnRepository(sides, evidence) : null;
  if (ownRepository && findings.length === 0) findings.push(ownRepository);
  if (findings.length > 0)
    return {
      state: 'flag',
      evidence,
      hint: parts.join(' | '),
      message: `${capitalise(findings.join('; '))}: a vendor benchmarking its own product against a competitor has a conflict of interest, so its choices deserve the closest reading.`,
    };
  return {
    state: 'needs_review',
    evidence,
    hint: parts.join(' | '),
    message:
      'No compared product’s vendor is recognised among the affiliations: a reviewer should confirm who ran and published each side.',
  };
}

// --- F-DISC-4 (AUTO commit trailers + declaration; REV scope) ----------------------------------

/**
 * A commit trailer naming a model or an AI tool ("Co-authored-by: Claude", "Made-with: Cursor"),
 * or saying what generated or assisted the change, or a commit a coding agent authored itself
 * ("Author: Claude <noreply@anthropic.com>", a claude.ai/code session link): the evidence the
 * agent captures (agents/internal/provenance/git.go), read again here for published and imported runs.
 */
const AI_TRAILER =
  /(co-?authored|made|created|written|built|coded)-?(by|with):.*(claude|anthropic|copilot|gpt|openai|codex|gemini|cursor|aider|devin|windsurf|codeium|tabnine|codewhisperer|\bcody\b|\bllm\b|\bai\b)|assisted-?by:|generated-?by:|generated with|\b(author|committer):\s*(claude|copilot|codex|devin|cursor|aider|gemini|chatgpt)\b|claude\.ai\/code|chatgpt\.com\/codex|noreply@anthropic\.com/i;

export function checkDisc4(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const undeclared: string[] = [];
  const declaredYes: string[] = [];
  const silent: string[] = [];
  const hints: string[] = [];
  const states = new Set<string>();
  for (const entry of input.entries) {
    const ai = entry.runs.map((r) => r.disclosure.ai);
    const declared = ai.some((a) => a.declared === 'yes')
      ? 'yes'
      : ai.every((a) => a.declared === 'no')
        ? 'no'
        : 'not-stated';
    states.add(declared);
    if (declared === 'not-stated') silent.push(entry.label);
    const trailers = ai.flatMap((a) => a.evidence).filter((e) => AI_TRAILER.test(e.trailer));
    evidence.push(derived(entry, 'disclosure.ai.declared', declared));
    if (trailers.length > 0)
      evidence.push({
        entry: entry.label,
        field: 'disclosure.ai.evidence',
        value: [...new Set(trailers.map((t) => `${t.commit}: ${t.trailer}`))].slice(0, 20),
        origin: trailers[0]?.origin ?? 'captured',
      });
    if (trailers.length > 0 && declared !== 'yes')
      undeclared.push(`${entry.label} (${trailers.length} AI trailer${trailers.length === 1 ? '' : 's'})`);
    if (declared === 'yes') {
      declaredYes.push(entry.label);
      const a = ai.find((x) => x.declared === 'yes') ?? ai[0];
      if (!a) continue;
      const turns = a.promptLog ? (a.promptLog.match(/^#+\s*Turn \d+|^Turn \d+/gim)?.length ?? 0) : 0;
      if (a.scopes.length) evidence.push(derived(entry, 'disclosure.ai.scopes', a.scopes));
      if (a.tools.length) evidence.push(derived(entry, 'disclosure.ai.tools', a.tools));
      if (a.promptLog || a.promptLogUrl)
        evidence.push(
          derived(
            entry,
            'disclosure.ai.promptLog',
            a.promptLogUrl ?? `${a.promptLog?.length ?? 0} characters${turns ? `, ${turns} turns` : ''}`,
          ),
        );
      hints.push(
        `${entry.label}: AI assistance declared — scopes ${a.scopes.join(', ') || 'not stated'}; tools ${a.tools.join(', ') || 'not stated'}; prompt log ${a.promptLog ? `included${turns ? ` (${turns} turns)` : ''}` : a.promptLogUrl ? 'linked' : 'not provided'}; ${trailers.length} commit trailer${trailers.length === 1 ? '' : 's'}; human responsible ${a.humanResponsible ?? 'not stated'}; human review ${a.humanReviewed === undefined ? 'not stated' : a.humanReviewed ? 'done' : 'not done'}`,
      );
    }
  }
  if (undeclared.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `Commits show AI assistance that is not declared on ${undeclared.join(', ')}: readers should know which parts a model wrote.`,
    };
  // A model wrote part of one side's harness or port and nothing is said of the others': stated
  // for one side only (principle 2). Declared "no" on the others leaves the scope to a reviewer.
  if (declaredYes.length > 0 && silent.length > 0)
    return {
      state: 'flag',
      evidence,
      hint: hints.join(' | '),
      message: `AI assistance is declared for ${declaredYes.join(', ')}, and nothing is said of it for ${silent.join(', ')}: a reader cannot tell whether the sides were built the same way.`,
    };
  if (declaredYes.length > 0)
    return {
      state: 'needs_review',
      evidence,
      hint: hints.join(' | '),
      message:
        'AI assistance is declared: a reviewer should check its scope (harness code, configuration, analysis, report text) and that a person reviewed the result.',
    };
  if (states.size === 1 && states.has('no'))
    return { state: 'pass', evidence, message: 'Every side declares that no AI assistance was used.' };
  return {
    state: 'unknown',
    evidence,
    missing: input.entries.map((e) => ({ entry: e.label, field: 'disclosure.ai.declared' })),
    message: 'AI assistance is not stated on every side.',
  };
}

// --- F-DISC-5 (confounding) --------------------------------------------------------------------

const num = (v: unknown) => parseNumber(v);
const bool = (v: unknown) => {
  const b = toBool(v);
  return b === null ? null : String(b);
};

/** The dimension groups and the system-neutral fields that stand for them. */
export const DIMENSION_GROUPS: { group: string; specs: FieldSpec[] }[] = [
  {
    group: 'hardware',
    specs: [
      {
        field: 'nodes.sut.hardware.hostType',
        label: 'instance type',
        read: nodeField('sut', 'hardware', 'hostType'),
        norm: normHostType,
      },
      {
        field: 'nodes.sut.hardware.cpuModel',
        label: 'CPU model',
        read: nodeField('sut', 'hardware', 'cpuModel'),
        norm: normCpuModel,
      },
      {
        field: 'nodes.sut.hardware.vcpus (total)',
        label: 'total vCPUs',
        read: nodeSum('sut', 'vcpus', num),
        norm: num,
        tolerance: 1.1,
      },
      {
        field: 'nodes.sut.hardware.memoryBytes (total)',
        label: 'total memory',
        read: nodeSum('sut', 'memoryBytes', toBytes),
        norm: num,
        tolerance: 1.1,
      },
    ],
  },
  {
    group: 'topology',
    specs: [
      {
        field: 'topology.replicationFactor',
        label: 'replication factor',
        read: groupField('topology', 'replicationFactor'),
        norm: num,
      },
      {
        field: 'topology.nodeCount',
        label: 'node count',
        read: firstOf(groupField('topology', 'nodeCount'), nodeCount('sut')),
        norm: num,
        tolerance: 1.1,
      },
      {
        field: 'topology.survivalGoal',
        label: 'survival goal',
        read: groupField('topology', 'survivalGoal'),
      },
      {
        field: 'topology.clientPlacement',
        label: 'client placement',
        read: groupField('topology', 'clientPlacement'),
        norm: normClientPlacement,
      },
      {
        field: 'topology.extraHops',
        label: 'extra hops',
        read: groupField('topology', 'extraHops'),
        norm: num,
      },
    ],
  },
  {
    group: 'workload',
    specs: [
      {
        field: 'workload.name',
        label: 'workload',
        read: groupField('workload', 'name'),
        norm: normWorkloadName,
      },
      {
        field: 'workload.warehouses',
        label: 'warehouses',
        read: groupField('workload', 'warehouses'),
        norm: num,
        tolerance: 1,
      },
      {
        field: 'workload.scale',
        label: 'scale',
        read: groupField('workload', 'scale'),
        norm: num,
        tolerance: 1,
      },
      { field: 'workload.mix', label: 'mix', read: groupField('workload', 'mix') },
      { field: 'workload.skew', label: 'skew', read: groupField('workload', 'skew') },
      { field: 'workload.variant', label: 'variant', read: groupField('workload', 'variant') },
      {
        field: 'workload.features',
        label: 'features',
        read: groupField('workload', 'features'),
        norm: normFeatures,
      },
    ],
  },
  {
    group: 'settings',
    specs: [
      {
        field: 'settings.isolationLevel',
        label: 'isolation',
        read: groupField('settings', 'isolationLevel'),
        norm: normIsolation,
      },
      {
        field: 'settings.durability',
        label: 'durability',
        read: firstOf(groupField('settings', 'durability'), groupField('settings', 'durabilityRaw')),
        norm: normDurability,
      },
      {
        field: 'settings.acknowledgement',
        label: 'acknowledgement',
        read: groupField('settings', 'acknowledgement'),
        norm: normAcknowledgement,
      },
      {
        field: 'settings.confirmedReads',
        label: 'confirmed reads',
        read: groupField('settings', 'confirmedReads'),
        norm: bool,
      },
    ],
  },
  {
    group: 'client',
    specs: [
      {
        field: 'client.language',
        label: 'language',
        read: groupField('client', 'language'),
        norm: normLanguage,
      },
      { field: 'client.orm', label: 'ORM', read: groupField('client', 'orm'), norm: normOrm },
      {
        field: 'client.protocol',
        label: 'protocol',
        read: groupField('client', 'protocol'),
        norm: normProtocolClass,
      },
      {
        field: 'client.connections',
        label: 'connections',
        read: groupField('client', 'connections'),
        norm: num,
        tolerance: 1.1,
      },
      { field: 'client.concurrencyStyle', label: 'concurrency style', read: concurrencyStyleReader },
      {
        field: 'client.loadModel',
        label: 'load model',
        read: groupField('client', 'loadModel'),
        norm: normLoadModel,
      },
    ],
  },
  {
    group: 'measurement',
    specs: [
      {
        field: 'measurement.throughputSource',
        label: 'throughput source',
        read: groupField('measurement', 'throughputSource'),
        norm: normThroughputSource,
      },
      {
        field: 'measurement.cacheState',
        label: 'cache state',
        read: groupField('measurement', 'cacheState'),
        norm: normCacheState,
      },
      {
        field: 'measurement.aggregation',
        label: 'aggregation',
        read: groupField('measurement', 'aggregation'),
        norm: normAggregation,
      },
      {
        field: 'measurement.durationMs',
        label: 'duration',
        read: groupField('measurement', 'durationMs'),
        norm: (v) => toMs(v),
        tolerance: 2,
      },
    ],
  },
  {
    group: 'cost',
    specs: [
      { field: 'cost.horizon', label: 'horizon', read: groupField('cost', 'horizon') },
      { field: 'cost.pricingModel', label: 'pricing model', read: groupField('cost', 'pricingModel') },
      { field: 'cost.currency', label: 'currency', read: groupField('cost', 'currency') },
    ],
  },
  {
    group: 'software',
    specs: [
      { field: 'software.buildType', label: 'build type', read: groupField('software', 'buildType') },
      { field: 'software.configuration (linking)', label: 'how the system is linked', read: linkingReader },
    ],
  },
];

/**
 * Fields the generic rule leaves alone: they differ by the nature of a comparison (each system's
 * own components and drivers, its price as a result), identify a run rather than describe its
 * setup, or are prose read by the text rules.
 */
const NOT_A_DIMENSION = new Set([
  'run.startedAt',
  'run.endedAt',
  'run.submitter',
  'run.repetitionGroup',
  'run.declaredDifferences',
  'run.notes',
  'software.components',
  'software.vcsRepository',
  'software.vcsCommit',
  'software.vcsBranch',
  'software.configuration',
  'software.configurationDiff',
  'software.nonDefaultSettings',
  'client.driver',
  'client.driverVersion',
  'workload.implementationCommit',
  'cost.unitPricePerNodeHour',
  'cost.clusterCostPerHour',
  'cost.priceSource',
  'measurement.formulaIds',
]);

/** Every recorded field no dimension spec covers, compared as normalised text or numbers (±10 %). */
function genericSpecs(
  input: ComparisonInput,
  covered: ReadonlySet<string>,
): { group: string; spec: FieldSpec }[] {
  return recordedPaths(input)
    .filter((p) => !covered.has(p) && !NOT_A_DIMENSION.has(p) && !p.endsWith('.name'))
    .map((p) => ({ group: groupOf(p), spec: genericFieldSpec(p) }));
}

export function checkDisc5(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const differing: string[] = [];
  const intendedDims: string[] = [];
  const uncompared: string[] = [];
  const systems = input.entries.map((e) => e.system);
  if (systems.every((s) => s) && new Set(systems.map((s) => normText(s))).size > 1) {
    (input.subject.includes('system') ? intendedDims : differing).push('system');
    for (const e of input.entries) evidence.push(derived(e, 'system', e.system ?? null));
  }
  const covered = new Set(DIMENSION_GROUPS.flatMap((g) => g.specs.map((s) => barePath(s.field))));
  const generic = genericSpecs(input, covered);
  const groups = DIMENSION_GROUPS.map(({ group, specs }) => ({
    group,
    specs: [...specs, ...generic.filter((g) => g.group === group).map((g) => g.spec)],
  }));
  for (const g of new Set(generic.map((x) => x.group)))
    if (!groups.some((x) => x.group === g))
      groups.push({ group: g, specs: generic.filter((x) => x.group === g).map((x) => x.spec) });
  for (const { group, specs } of groups) {
    const comparisons = compareFields(input, specs);
    const diffs = comparisons.filter((c) => c.differs);
    const intended = comparisons.filter((c) => c.intended && c.sides.some((s) => s.read));
    if (intended.length > 0) intendedDims.push(`${group} (${intended.map((d) => d.spec.label).join(', ')})`);
    if (diffs.length > 0) {
      differing.push(`${group} (${diffs.map((d) => d.spec.label).join(', ')})`);
      for (const d of diffs)
        for (const s of d.sides)
          if (s.read)
            evidence.push({
              entry: s.entry.label,
              field: d.spec.field,
              value: s.read.value as CheckEvidence['value'],
              origin: s.read.origin,
              ...(s.read.source ? { source: s.read.source } : {}),
            });
    } else if (!comparisons.some((c) => c.known)) uncompared.push(group);
  }
  const platform = platformDifferences(input);
  // The same component at another release on each side (MediaWiki 1.27 under one runtime, 1.31
  // under the other) changes the software as much as a different program does.
  const versions = sharedComponentVersions(input).flags;
  if (platform.parts.length > 0 || versions.length > 0) {
    differing.push(`software (${[...platform.parts, ...versions].join('; ')})`);
    evidence.push(...platform.evidence);
  }
  // Settings changed on one side and not the others (F-SW-2's finding) move with the subject too.
  const tuning = checkSw2(input);
  if (tuning.state === 'flag') differing.push(`settings (${tuning.hint ?? 'tuning differs'})`);
  const subject = intendedDims.length > 0 ? ` besides the subject (${intendedDims.join('; ')})` : '';
  for (const e of input.entries)
    evidence.push(
      derived(
        e,
        'compared dimension groups',
        groups.map((g) => g.group).filter((g) => !uncompared.includes(g)),
      ),
    );
  const dimensions = differing.length + (intendedDims.length > 0 ? 1 : 0);
  if (dimensions > 1)
    return {
      state: 'flag',
      evidence,
      hint: `${differing.length} dimension group${differing.length === 1 ? '' : 's'} differ${subject}`,
      message: `${differing.length} dimension group${differing.length === 1 ? '' : 's'} differ${differing.length === 1 ? 's' : ''}${subject} — ${differing.join('; ')}: the result cannot be attributed to any one of them.`,
    };
  if (uncompared.length > 0)
    return {
      state: 'unknown',
      evidence,
      missing: uncompared.map((g) => ({ entry: '*', field: g })),
      message: `${differing.length === 0 ? `No dimension differs${subject}` : `Only ${differing[0]} differs`} among the recorded fields, but ${uncompared.join(', ')} could not be compared: a hidden difference cannot be ruled out.`,
    };
  return {
    state: 'pass',
    evidence,
    message:
      differing.length === 0
        ? `No dimension group differs${subject}.`
        : `Only one dimension differs (${differing[0]}): the comparison isolates it.`,
  };
}
