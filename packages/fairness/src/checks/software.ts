// F-SW-*: builds, versions, tuning effort and reproducibility.

import type { Field } from '@levelfield/contracts/provenance';
import {
  compareField,
  compareFields,
  evidenceFor,
  type FieldSpec,
  nestedSets,
  sidesText,
  verdictOf,
} from '../compare.ts';
import {
  admitsUnknown,
  amountOf,
  denied,
  display,
  type FieldValue,
  firstWord,
  isVacuousHead,
  normBuildType,
  normCompilerFamily,
  normText,
  parseNumber,
  saysOptimised,
  toBool,
  toDay,
  withoutLinks,
} from '../normalize.ts';
import {
  DIFFERS_UNSTATED,
  derived,
  entryValue,
  evidenceOf,
  firstOf,
  fromField,
  groupField,
  nodeField,
  type Reader,
  type ReadField,
  readableBy,
  readEntry,
  saysNothing,
} from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry, RunInput } from '../schema.ts';
import { isIntended } from '../subject.ts';
import { sentencesOf } from '../text.ts';
import { productStem } from '../vendors.ts';
import { settingSwitches } from './feature-text.ts';
import { headOf } from './workload-parts.ts';

// --- F-SW-1 ------------------------------------------------------------------------------------

/**
 * A version that names none: says nothing before its aside ("not stated (latest chart)"), or
 * names no release and says it was not stated ("version not stated", "neon main at PR time (not
 * stated)"); a number or a nightly before such an aside still says which build ran.
 */
function namesNoVersion(version: unknown): boolean {
  const t = normText(version);
  const head = t.replace(/\s*\(.*$/, '');
  return (
    isVacuousHead(version) ||
    (!/\d|nightly|snapshot|canary|beta|alpha|preview/.test(head) && admitsUnknown(t))
  );
}

/** "v15.4.2", "PostgreSQL 15.4" → "15.4"; "22.04 LTS" → "22.04": the major.minor a reader compares. */
export function majorMinor(value: unknown): string | null {
  const m = String(value ?? '').match(/(\d+)(?:\.(\d+))?/);
  if (!m) return null;
  return m[2] === undefined ? (m[1] as string) : `${m[1]}.${m[2]}`;
}

export interface Component {
  name: string;
  version?: string;
  role?: string;
}

export function componentsOf(value: unknown): Component[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !('name' in value))
    return Object.entries(value).map(([name, version]) => ({
      name,
      ...(version && !namesNoVersion(version) ? { version: String(version) } : {}),
    }));
  const list = Array.isArray(value) ? value : [value];
  const out: Component[] = [];
  for (const c of list) {
    if (c && typeof c === 'object' && 'name' in c) {
      const o = c as { name: unknown; version?: unknown; role?: unknown };
      out.push({
        name: String(o.name),
        ...(o.version && !namesNoVersion(o.version) ? { version: String(o.version) } : {}),
        ...(o.role ? { role: normText(o.role) } : {}),
      });
    } else if (typeof c === 'string') {
      // "PostgreSQL 15.4" as text.
      const m = c.match(/^(.*?)\s+v?(\d[\w.-]*)$/);
      out.push(m ? { name: m[1] as string, version: m[2] as string } : { name: c });
    }
  }
  return out;
}

/**
 * An entry's recorded components (software.components), none when not recorded. Runs of one entry
 * that list them differently (the ARM and the x86-64 build of one QEMU 2.5) share the components
 * every run names, by product, with the version every run gives.
 */
export function entryComponents(entry: Entry): Component[] {
  const perRun = entry.runs.map((run) => groupField('software', 'components')(run));
  if (entry.runs.length > 1 && perRun.every((f) => f && !f.differs)) {
    const [first, ...rest] = perRun.map((f) => componentsOf(f?.value));
    const shared = (first ?? []).flatMap((c) => {
      const same = rest.map((list) => list.find((o) => productStem(o.name) === productStem(c.name)));
      if (same.some((o) => o === undefined)) return [];
      const { version, ...bare } = c;
      return [same.every((o) => o?.version === version) && version ? { ...bare, version } : bare];
    });
    if (shared.length > 0) return shared;
  }
  const read = entryValue(readEntry(entry, groupField('software', 'components')));
  return read ? componentsOf(read.value) : [];
}

/**
 * The client's ORM and driver as versioned components ("Hibernate ORM 7.1.11" → hibernate 7.1.11),
 * keyed by their product, unless the comparison varies them on purpose.
 */
function clientComponents(input: ComparisonInput, entry: Entry): [string, Component][] {
  const out: [string, Component][] = [];
  for (const key of ['orm', 'driver'] as const) {
    if (isIntended(input, `client.${key}`)) continue;
    const read = entryValue(readEntry(entry, groupField('client', key)));
    const m = read && !read.differs ? /^(.*?)\s+v?(\d+(?:\.\d+)+)/.exec(display(read.value)) : null;
    if (m?.[1]) out.push([`client.${key}:${productStem(m[1])}`, { name: m[1], version: m[2] as string }]);
  }
  return out;
}

/**
 * A component present on every side under the same name (a shared storage engine, JVM, OS
 * package, the same ORM) whose major.minor version differs: one side ran older software.
 */
export function sharedComponentVersions(input: ComparisonInput): {
  flags: string[];
  evidence: CheckEvidence[];
} {
  const bySide = input.entries.map((entry) => {
    const map = new Map<string, Component>();
    for (const c of entryComponents(entry)) if (c.version) map.set(normText(c.name), c);
    for (const [key, c] of clientComponents(input, entry)) map.set(key, c);
    return { entry, map };
  });
  const flags: string[] = [];
  const evidence: CheckEvidence[] = [];
  if (bySide.length < 2) return { flags, evidence };
  // Versions compared on purpose vary the compared program (each side's system component), not
  // what ships under it: shapely 1.7 against 2.0 still names a GEOS that changed with it.
  const versionsIntended = isIntended(input, 'software.components');
  // A component is the compared program's when it leads with the system's first word ("warp" of
  // "warp-rust", "OpenCV" of "OpenCV DNN", "borg (repo)" of "borg 1.0.9").
  const compared = new Set(input.entries.flatMap((e) => (e.system ? [firstWord(e.system)] : [])));
  const first = bySide[0]?.map ?? new Map<string, Component>();
  for (const name of first.keys()) {
    if (!bySide.every((s) => s.map.has(name))) continue;
    const versions = bySide.map((s) => ({ label: s.entry.label, c: s.map.get(name) as Component }));
    for (const v of versions)
      evidence.push(
        derived(
          input.entries.find((e) => e.label === v.label) as Entry,
          `software.components[name=${v.c.name}].version`,
          v.c.version ?? null,
        ),
      );
    if (
      new Set(versions.map((v) => majorMinor(v.c.version))).size > 1 &&
      (!versionsIntended || (compared.size > 0 && !compared.has(firstWord(name))))
    )
      flags.push(
        `${versions[0]?.c.name} version differs (${versions.map((v) => `${v.label}: ${v.c.version}`).join(' vs ')})`,
      );
  }
  return { flags, evidence };
}

/** The component that is the side's system under test: named like the system, or its server. */
export function systemComponent(entry: Entry, components: Component[]): Component | undefined {
  const stem = entry.system ? productStem(entry.system) : null;
  return (
    components.find((c) => stem !== null && productStem(c.name) === stem) ??
    components.find((c) =>
      /^(server|database|broker|engine|system)|\bunder test\b|\bsut\b/.test(c.role ?? ''),
    ) ??
    // A binding named after its language: "python-rapidjson" is the system "rapidjson".
    components.find(
      (c) =>
        stem !== null &&
        stem.length >= 4 &&
        normText(c.name)
          .split(/[^a-z0-9]+/)
          .includes(stem),
    )
  );
}

/** A side's driver as a component: its name as printed, its version when one is stated. */
function driverComponent(entry: Entry): Component | undefined {
  const driver = entryValue(readEntry(entry, groupField('client', 'driver')));
  if (!driver || driver.differs) return undefined;
  const version = entryValue(readEntry(entry, groupField('client', 'driverVersion')));
  const name = display(driver.value).replace(/\s*\(.*$/, '');
  // "not stated (import path …, no version pinned)" states no version.
  return version && !version.differs && !admitsUnknown(version.value)
    ? { name, version: display(version.value) }
    : { name };
}

/**
 * The compared systems' own versions, stated for some and not others: the claim rests on a
 * release a reader cannot identify (docs/fairness.md, principle 2).
 */
function unstatedSystemVersions(input: ComparisonInput): { flags: string[]; evidence: CheckEvidence[] } {
  if (isIntended(input, 'software.components')) return { flags: [], evidence: [] };
  // A comparison of drivers compares the drivers' releases as a comparison of systems does theirs
  // (Redisson 3.5.1 against a Jedis of no stated version).
  const drivers = !(input.subject ?? ['system']).includes('system') && isIntended(input, 'client.driver');
  const sides = input.entries.map((entry) => {
    return { entry, c: drivers ? driverComponent(entry) : systemComponent(entry, entryComponents(entry)) };
  });
  const withVersion = sides.filter((s) => s.c?.version);
  const without = sides.filter((s) => s.c && !s.c.version);
  if (withVersion.length === 0 || without.length === 0) return { flags: [], evidence: [] };
  return {
    flags: [
      `${without.map((s) => s.c?.name).join(', ')} ${without.length === 1 ? 'runs a version' : 'run versions'} not stated, while ${withVersion.map((s) => `${s.c?.name} is ${s.c?.version}`).join(', ')}`,
    ],
    evidence: sides.flatMap((s) =>
      s.c ? [derived(s.entry, `software.components[name=${s.c.name}].version`, s.c.version ?? null)] : [],
    ),
  };
}

/** The system put into the process by the dynamic loader: LD_PRELOAD, DYLD_INSERT_LIBRARIES. */
const PRELOADED = /\b(ld preload(ed)?|dyld insert libraries|preload(ed|ing)?|interpos(ed|ing|ition))\b/;
/** The system linked or built into the program: "linked in", "built into libc", "no preload". */
const LINKED_IN =
  /\b(linked|built|compiled) (in|into|against)\b|\b(statically|dynamically) linked\b|\bbuilt ?in\b/;

/**
 * How each side's system gets into the process, from its configuration or build words: preloaded
 * by the dynamic loader, or linked or built in. mimalloc LD_PRELOAD'ed over a program against
 * glibc's malloc built into libc compares the preload mechanism as well as the allocators.
 */
export const linkingReader: Reader = (run) => {
  for (const key of ['configuration', 'buildType'] as const) {
    const f = groupField('software', key)(run);
    if (!f || f.differs) continue;
    const t = normText(f.value);
    const preloaded = PRELOADED.test(t) && !denied(t, PRELOADED);
    const linked = LINKED_IN.test(t) || denied(t, PRELOADED);
    if (preloaded !== linked)
      return {
        value: preloaded ? 'preloaded by the dynamic loader' : 'linked or built in',
        origin: 'derived',
        source: `software.${key}`,
      };
  }
  return undefined;
};

/**
 * Platform components in the same role that are different programs: the JVM, the transform, the
 * minifier. A role is compared across the sides that name it (two at least), by the role's head
 * ("React/JSX transform (Babel-based)" is a React/JSX transform); a side whose own system claims
 * the role ("bundler and minifier") does that part itself, which is a program of its own too.
 * Otherwise the systems' own components differ by design and are left out; `roles` keeps some
 * roles only.
 */
export function platformDifferences(
  input: ComparisonInput,
  roles: (role: string) => boolean = () => true,
): { parts: string[]; evidence: CheckEvidence[] } {
  const roleKey = (role: string) => normText(headOf(role));
  const sides = input.entries.map((entry) => {
    const all = entryComponents(entry);
    const own = systemComponent(entry, all);
    const byRole = new Map<string, Component>();
    for (const c of all) if (c !== own && c.role && roles(c.role)) byRole.set(roleKey(c.role), c);
    return { entry, own, byRole };
  });
  const parts: string[] = [];
  const evidence: CheckEvidence[] = [];
  if (sides.length < 2 || isIntended(input, 'software.components')) return { parts, evidence };
  const keys = new Set(sides.flatMap((s) => [...s.byRole.keys()]));
  for (const role of keys) {
    const named = sides.flatMap((s) => {
      const c = s.byRole.get(role) ?? (s.own && claimsRole(s.own, role) ? s.own : undefined);
      return c ? [{ entry: s.entry, c, itself: c === s.own }] : [];
    });
    if (named.length < 2 || new Set(named.map((n) => productStem(n.c.name))).size < 2) continue;
    parts.push(
      `${role} (${named.map((n) => `${n.entry.label}: ${n.c.name}${n.c.version ? ` ${n.c.version}` : ''}${n.itself ? ' itself' : ''}`).join(' vs ')})`,
    );
    for (const n of named) evidence.push(derived(n.entry, `software.components[role=${role}]`, n.c.name));
  }
  return { parts, evidence };
}

/** The system's own role names this one among what it does: "bundler and minifier" claims "minifier". */
function claimsRole(own: Component, role: string): boolean {
  const words = normText(own.role ?? '').split(/[^a-z0-9/]+/);
  return role.split(/\s+/).every((w) => words.includes(w));
}

const versionNorm = (v: unknown) => majorMinor(v) ?? normText(v);

/**
 * A version that names no release: snapshots, early-access builds ("24-ea+26"), release candidates
 * ("-beta7", "-rc2", JBoss's "1.0.0.CR2", "v5.9 beta", Python's "2.0.0b2"), Maven milestones
 * ("2.0.0.M3"), nightlies, patched or custom builds, and a commit instead of a tag (a Go
 * pseudo-version "v0.3.5-0.20220819080849-d19ff0111efa", `git describe` "-g1a2b3c4", "git tip",
 * "main branch"), and a side's own working copy ("path dependency ../quick-protobuf", "editable
 * local checkout", Go's "replace => ../", "repository code at the README commit", "built from
 * source at commit 7915b2e"), and a build its makers call temporary or not meant for production. A pinned commit alone is left to the build type: projects pin
 * frameworks by commit as often as by tag.
 */
const PRE_RELEASE =
  /snapshot|early[\s_-]?access|\bpre[\s-]?release\b|[-+.]ea\b|[-.](dev|rc|cr|alpha|beta|pre|preview)\d*\b|\d \(?(alpha|beta|rc|preview)\d*\b|\d[-.]m\d+\b|\bmilestone\b|\d(a|b|rc)\d+\b|nightly|unreleased|not yet released|patched|custom(ized)?\b|fork\b|[-.]\d{14}-[0-9a-f]{12}\b|-g[0-9a-f]{7,40}\b|\bgit (tip|head|main|master)\b|\b(main|master) branch\b|\bpath dependency\b|\b(editable|local) (install|checkout|build|copy|tree)\b|\breplace ?=>|\brepository (code|source|tree|head)\b|\bbuilt from (the )?(source|repo\w*)\b(?! at (the )?(v?\d|tag|release))|\btemporary (\w+ ){0,2}(image|build|binar(y|ies)|package)s?\b|\bnot (meant|intended|suitable|recommended) for (a |use in )?production\b/i;

/**
 * A version that names no release at all: the image's moving tag, a range's wildcard, a
 * package-manager range ("^0.5.1", "~1.2", ">=2.0", "1.x") that installs whichever release is
 * newest on the day. "Latest released version" names a release: the newest one, as of the run.
 */
const UNPINNED =
  /^\s*(latest|stable|current|newest|\*|x|any)\b(?!\s+(released?|tagged|published)\b)|^\s*([\^~]|[<>]=?)\s*v?\d|\d\.x\b/i;

/** A calendar day in a version as normText leaves it: "git snapshot 2021 02 21", "nightly 20240301", "02 21 2021". */
const DAY = /\b(19|20)\d\d[- ]?[01]\d[- ]?[0-3]\d\b|\b[01]?\d [0-3]?\d (19|20)\d\d\b/;

/**
 * The flags of a compiler command line as a set ("g++ -O3 --std=c++2a main.cpp -o main" and
 * "clang++ -O3 --std=c++2a main.cpp -o main" are the same flags): the program and file names are
 * not flags. A text with no flag in it is compared as written.
 */
function flagSet(value: unknown): string | null {
  const text = Array.isArray(value) ? value.join(' ') : String(value ?? '');
  const flags = [...new Set(text.split(/[\s;,]+/).filter((w) => /^--?[A-Za-z]/.test(w)))].sort();
  return flags.length > 0 ? flags.join(' ') : normText(value) || null;
}

/** Components whose version is no release, per side. */
function preReleases(input: ComparisonInput): string[] {
  const found = input.entries.flatMap((entry) =>
    entryComponents(entry).flatMap((c): { entry: Entry; version: string | null; text: string }[] =>
      c.version && PRE_RELEASE.test(c.version)
        ? [{ entry, version: c.version, text: `${entry.label} runs ${c.name} ${c.version}, not a release` }]
        : c.version && UNPINNED.test(c.version)
          ? [
              {
                entry,
                version: null,
                text: `${entry.label} runs ${c.name} "${c.version}", which names no release`,
              },
            ]
          : [],
    ),
  );
  // Every side built from its repository on one named day ("git snapshot 2021-02-21" on each): no
  // side runs older code than another, which is what a release on one side against a snapshot on
  // another hides.
  const versions = new Set(found.map((f) => (f.version === null ? null : normText(f.version))));
  const [only] = versions;
  const sameDay =
    versions.size === 1 &&
    typeof only === 'string' &&
    DAY.test(only) &&
    input.entries.every((entry) => found.some((f) => f.entry === entry));
  return sameDay ? [] : found.map((f) => f.text);
}

/** A version that is a commit and nothing else: "commit 4f89518e…", "moby/buildkit@376093d2", "1a47aed9". */
const COMMIT_ONLY = /^(commit\s+|[\w.-]+\/[\w.-]+@|@)?[0-9a-f]{7,40}$/i;
const NAMES_RELEASE = /\bv?\d+\.\d+/;

/**
 * Systems pinned by a commit on some sides against releases on others: a project pins one
 * framework by commit as often as by tag, but a commit beside another side's release is an
 * unreleased build against a published one (kube-nftlb at a commit against kube-proxy v1.18.3).
 */
function commitsAgainstReleases(input: ComparisonInput): string[] {
  if (isIntended(input, 'software.components')) return [];
  const sides = input.entries.flatMap((entry) => {
    const c = systemComponent(entry, entryComponents(entry));
    return c?.version ? [{ entry, c, version: c.version.trim() }] : [];
  });
  const commits = sides.filter((s) => COMMIT_ONLY.test(s.version));
  const releases = sides.filter((s) => !COMMIT_ONLY.test(s.version) && NAMES_RELEASE.test(s.version));
  if (commits.length === 0 || releases.length === 0) return [];
  return [
    `${commits.map((s) => `${s.c.name} runs a commit (${s.version})`).join(', ')}, not a release, while ${releases.map((s) => `${s.c.name} is ${s.version}`).join(', ')}`,
  ];
}

/** A build's word size: "32 bit", "64-bit", "-m32". A 32-bit binary has fewer registers and a smaller address space. */
function wordSize(value: unknown): string | null {
  const bits = /\b(32|64) ?bits?\b|\bm(32|64)\b/.exec(normText(value));
  return bits ? `${bits[1] ?? bits[2]}-bit` : null;
}

export function checkSw1(input: ComparisonInput): CheckOutcome {
  const specs: FieldSpec[] = [
    {
      field: 'software.buildType',
      label: 'build type',
      read: groupField('software', 'buildType'),
      norm: normBuildType,
    },
    {
      field: 'software.buildType (word size)',
      label: 'build word size',
      // The build type when it names a word size, else the compiler flags ("release" and "-m32").
      read: firstOf(
        readableBy(wordSize, groupField('software', 'buildType')),
        readableBy(wordSize, groupField('software', 'compilerFlags')),
      ),
      norm: wordSize,
    },
    {
      field: 'software.releaseDate',
      label: 'release date',
      read: groupField('software', 'releaseDate'),
      norm: (v) => toDay(v),
      // Release dates more than a year apart: one side runs a much older version (below).
      tolerance: Number.POSITIVE_INFINITY,
      unevenIsFinding: true,
    },
    { field: 'nodes.sut.software.osName', label: 'OS', read: nodeField('sut', 'software', 'osName') },
    {
      field: 'nodes.sut.software.osVersion',
      label: 'OS version',
      read: nodeField('sut', 'software', 'osVersion'),
      norm: versionNorm,
    },
    {
      field: 'nodes.sut.software.kernel',
      label: 'kernel',
      read: nodeField('sut', 'software', 'kernel'),
      norm: versionNorm,
    },
    {
      field: 'software.compiler',
      label: 'compiler',
      read: groupField('software', 'compiler'),
      norm: versionNorm,
    },
    {
      field: 'software.compilerFlags',
      label: 'compiler flags',
      read: groupField('software', 'compilerFlags'),
      norm: flagSet,
    },
    // Components name different systems by design: evidence here, compared by name below.
    {
      field: 'software.components',
      label: 'versions',
      read: groupField('software', 'components'),
      evidenceOnly: true,
      unevenIsFinding: true,
    },
  ];
  const comparisons = compareFields(input, specs);
  const shared = sharedComponentVersions(input);
  const unstated = unstatedSystemVersions(input);
  const stale = staleResults(input);
  const flags: string[] = [
    ...shared.flags,
    ...unstated.flags,
    ...preReleases(input),
    ...commitsAgainstReleases(input),
    ...stale.flags,
  ];
  for (const side of comparisons[0]?.sides ?? []) {
    if (side.keys.includes('debug')) flags.push(`${side.entry.label} ran a debug build`);
    if (side.keys.includes('pre-release'))
      flags.push(`${side.entry.label} ran a build that is not a release (${display(side.read?.value)})`);
  }
  const days = (comparisons[1]?.sides ?? [])
    .filter((s) => s.known)
    .map((s) => ({ label: s.entry.label, day: s.keys.find((k): k is number => typeof k === 'number') }))
    .filter((d): d is { label: string; day: number } => d.day !== undefined);
  if (days.length >= 2) {
    const oldest = days.reduce((a, b) => (a.day <= b.day ? a : b));
    const newest = days.reduce((a, b) => (a.day >= b.day ? a : b));
    const gap = newest.day - oldest.day;
    if (gap > 365)
      flags.push(
        `${oldest.label} runs a release ${(gap / 365).toFixed(1)} years older than ${newest.label}'s`,
      );
  }
  const outcome = verdictOf(
    comparisons,
    {
      why: 'debug builds, outdated versions and a different OS or kernel change the result, so every side should run current release builds on the same platform',
      subject: 'the builds, versions and platform',
    },
    { flags, evidence: [...shared.evidence, ...unstated.evidence, ...stale.evidence] },
  );
  // A pass is about versions: the same OS on every side says nothing of the systems' releases.
  const unversioned = input.entries.filter((entry) => !systemVersionOf(entry));
  if (isIntended(input, 'software.components')) return outcome;
  if (unversioned.length === 0) return currencyUnknown(input, outcome);
  // Systems compared, their software listed, and no release named for any of them: the check's
  // own requirement (a current release on every side) cannot be met, and a claim about systems
  // that cannot say which releases it measured is neither reproducible nor dated (principle 2, an
  // omission the claim rests on), as F-MEAS-5 flags repetitions no side reports. Sides built from
  // source by one harness (the same compiler or build type stated on every side) run what that
  // tree holds: a reviewer asks for the versions. With no software recorded at all, it stays
  // unknown.
  if (
    outcome.state !== 'flag' &&
    unversioned.length === input.entries.length &&
    unversioned.every((entry) => entryComponents(entry).length > 0) &&
    input.entries.length >= 2 &&
    (input.subject ?? ['system']).includes('system')
  ) {
    const names = unversioned.map((e) => e.label).join(', ');
    return {
      state: builtTogether(input) || anyVersionStated(unversioned) ? 'needs_review' : 'flag',
      evidence: outcome.evidence,
      hint: `no version of the system stated on any side (${names}): ask which releases were measured`,
      missing: unversioned.map((e) => ({
        entry: e.label,
        field: 'software.components (the system’s version)',
      })),
      message: `No side states the version of the system it measured (${names}): a comparison that cannot say which releases ran cannot be reproduced or dated, and an old release on one side is a common asymmetry; a reviewer can clear it once the publisher names them.`,
    };
  }
  if (outcome.state !== 'pass') return outcome;
  return {
    state: 'unknown',
    evidence: outcome.evidence,
    missing: unversioned.map((e) => ({
      entry: e.label,
      field: 'software.components (the system’s version)',
    })),
    message: `Cannot check the versions: no version of the system is recorded for ${unversioned.map((e) => e.label).join(', ')}. ${outcome.message}`,
  };
}

/** The day each side was measured: its earliest run's start (a published result's date). */
function measuredDays(input: ComparisonInput): { entry: Entry; day: number }[] {
  const out: { entry: Entry; day: number }[] = [];
  for (const entry of input.entries) {
    const days = entry.runs
      .map((run) => toDay(groupField('run', 'startedAt')(run)?.value))
      .filter((day): day is number => day !== null);
    if (days.length > 0) out.push({ entry, day: Math.min(...days) });
  }
  return out;
}

/**
 * Systems' results measured more than a year apart, the releases themselves not dated: the older
 * side ran the releases current at its time, not at the comparison's (a 2016 result beside one
 * of 2021 on the same benchmark page). Release dates on every side decide it instead (above);
 * comparing versions on purpose makes the dates differ by design.
 */
function staleResults(input: ComparisonInput): { flags: string[]; evidence: CheckEvidence[] } {
  const none = { flags: [], evidence: [] };
  if (isIntended(input, 'software.components') || !(input.subject ?? ['system']).includes('system'))
    return none;
  if (input.entries.every((e) => entryValue(readEntry(e, groupField('software', 'releaseDate')))))
    return none;
  const days = measuredDays(input);
  if (days.length < 2 || days.length < input.entries.length) return none;
  const oldest = days.reduce((a, b) => (a.day <= b.day ? a : b));
  const newest = days.reduce((a, b) => (a.day >= b.day ? a : b));
  const gap = newest.day - oldest.day;
  if (gap <= 365) return none;
  const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
  return {
    flags: [
      `${oldest.entry.label}'s result dates from ${iso(oldest.day)}, ${(gap / 365).toFixed(1)} years before ${newest.entry.label}'s (${iso(newest.day)}): it ran the releases of its time, not current ones`,
    ],
    evidence: days.map((d) =>
      derived(d.entry, 'run.startedAt', iso(d.day), 'when the result was measured or published'),
    ),
  };
}

/**
 * Different systems' releases, each named but none dated: whether each side ran a current
 * release (the check's question) is not known, so the pass goes to a reviewer with the releases
 * to look up. Release dates on every side decide it above (over a year apart flags).
 */
function currencyUnknown(input: ComparisonInput, outcome: CheckOutcome): CheckOutcome {
  const dated = input.entries.every((e) => entryValue(readEntry(e, groupField('software', 'releaseDate'))));
  const open = outcome.state === 'pass' || outcome.state === 'unknown';
  if (!open || dated || !(input.subject ?? ['system']).includes('system')) return outcome;
  const releases = input.entries.map((e) => `${e.label} ${systemVersionOf(e)}`).join(', ');
  return {
    state: 'needs_review',
    evidence: outcome.evidence,
    hint: `releases named but not dated (${releases}): confirm each was current when the comparison was published`,
    missing: input.entries.map((e) => ({ entry: e.label, field: 'software.releaseDate' })),
    message: `Each side names its release (${releases}) but none is dated: a reviewer should confirm every side ran a release that was current when the comparison was published, since an old release on one side is a common asymmetry.`,
  };
}

/** The side's system version: its system component's, else a version in the entry's label. */
function systemVersionOf(entry: Entry): string | undefined {
  const own = systemComponent(entry, entryComponents(entry));
  if (own?.version) return own.version;
  return /\bv?\d+(\.\d+)+\b/.exec(entry.label)?.[0];
}

/**
 * A version stated for some component, under a name Levelfield does not tie to the system ("jest
 * 27.4.7" for a side labelled A): the release may be there, so a reviewer reads it.
 */
function anyVersionStated(entries: readonly Entry[]): boolean {
  return entries.some((entry) => entryComponents(entry).some((c) => c.version));
}

/** Every side states the same compiler or the same build type: built from source by one harness. */
function builtTogether(input: ComparisonInput): boolean {
  return (['compiler', 'buildType'] as const).some((key) => {
    const c = compareField(input, {
      field: `software.${key}`,
      label: key,
      read: groupField('software', key),
    });
    return c.known && !c.differs;
  });
}

// --- F-SW-2 ------------------------------------------------------------------------------------

interface Tuning {
  count: number;
  names: string[];
  field: string;
  read: ReadField;
  /** Zero read from a description ("ran with default settings"), not from a list of settings. */
  described?: true;
}

/**
 * Words that say nothing was tuned: "defaults", "default settings", "left at its defaults",
 * "stock", "none", "tuned: no". Not "the default logger disabled", which names a change.
 */
const UNTUNED =
  /^\W*(all |the |its |vendor |shipped |factory )?defaults?\b|\(defaults?\)|\bdefault (settings?|config\w*|values?|options?|parameters?|setup|install\w*)\b|\b(at|with|on|using|to) (its |the |their |all )?(\w+ ){0,2}defaults?\b|\bstock\b|out of the box|as shipped|^none\b|^no (changes|tuning|settings)\b|\b(untuned|not tuned)\b|\btuned\W+no\b/;
/**
 * Words about defaults that describe a change: "non-default", "not default in v0.6",
 * "Kafka by default does not flush", "raised from the default".
 */
const DEFAULT_CONTRAST =
  /\bnon ?defaults?\b|\bnot (the |its )?defaults?\b|\bby default\b|\b(than|instead of|from|over) (the |its )?defaults?\b|\bdefaults? (is |was |of |= ?)?\d/;

/** Whose defaults, and nothing else: "server-side defaults", "Elastic Cloud defaults". */
const OWNED_DEFAULTS = /^\W*([a-z]+ ){1,2}defaults?\W*$/;
/** Words that say the defaults were changed: "changed defaults", "overrode defaults". */
const CHANGED = /\b(chang|overr|modif|tun|adjust|rais|lower|replac|increas|decreas|disabl|enabl)\w*/;

/** A side whose printed setup says it ran as shipped ("out of the box; Xresources reset to defaults; …"). */
function ranDefaults(entry: Entry): boolean {
  return entry.runs.some((run) =>
    (['configuration', 'nonDefaultSettings'] as const).some((key) => {
      const f = groupField('software', key)(run);
      return Boolean(f && !f.differs && saysUntuned(f.value));
    }),
  );
}

/** A recorded setting or configuration that says only that the shipped defaults ran. */
function saysUntuned(value: unknown): boolean {
  const t = normText(value);
  if (OWNED_DEFAULTS.test(t) && !CHANGED.test(t)) return true;
  return UNTUNED.test(t) && !DEFAULT_CONTRAST.test(t);
}

/**
 * Settings named in printed text: "shared_buffers=8GB", "workers: 16", "--io-threads 16". A name
 * set to nothing said or to its default ("allocator: not stated (system malloc)") is no change.
 */
function settingNames(printed: string): string[] {
  const text = withoutLinks(printed);
  // Code declares variables ("db, err := pebble.Open(…)") and compares ("=="): neither sets anything.
  const assigned = [...text.matchAll(/([A-Za-z][\w.-]*)\s*(?::(?!=)|(?<![=!<>:])=(?!=))(?=\s*([^,;\n]*))/g)]
    .filter((m) => !isVacuousHead(m[2]) && !saysUntuned(m[2]))
    .map((m) => m[1] as string);
  // A flag named as not passed ("no --jit", "without --fork") sets nothing.
  const flags = [
    ...text.matchAll(/(?<!\b(?:no|not|without|never))(?:^|\s)(?:--([A-Za-z][\w-]*)|-([A-Za-z])\s+[\w.]+)/gi),
  ].map((m) => (m[1] ?? m[2]) as string);
  return [...new Set([...assigned, ...flags])];
}

/** Words that say a switch was not used: "no code-path override set". */
const NEGATED = /\b(no|not|never|without|unset)\b/;

/**
 * The settings of a printed configuration, clause by clause: the names a clause assigns, or the
 * clause itself when it says in words that something was switched ("hugepage-aware allocator
 * enabled; transparent_hugepage/enabled = always" is two settings, not one).
 */
function printedSettings(text: string): string[] {
  const clauses = text.split(/;\s*/);
  if (clauses.length < 2) return settingNames(text);
  const names = clauses.flatMap((clause) => {
    const named = settingNames(clause);
    if (named.length > 0) return named;
    const t = normText(clause);
    return !saysUntuned(clause) && CHANGED.test(t) && !NEGATED.test(t) ? [clause.trim()] : [];
  });
  return [...new Set(names)];
}

/** One recorded tuning field as a count and names; 'nothing' for "not stated". */
function tuningOf(key: string, f: Field): Tuning | 'differs' | 'nothing' | null {
  const field = `software.${key}`;
  if (f.differs) return 'differs';
  if (Array.isArray(f.value) && f.value.length === 0)
    return { count: 0, names: [], field, read: { value: [], origin: f.origin } };
  const read = fromField(f);
  if (!read) {
    // "defaults" says nothing about a value elsewhere; here it is the fact that nothing was tuned.
    if (saysUntuned(f.value))
      return {
        count: 0,
        names: [],
        field,
        read: { value: f.value, origin: f.origin, ...(f.source ? { source: f.source } : {}) },
      };
    return 'nothing';
  }
  const v = read.value;
  if (Array.isArray(v)) {
    // ["none"] lists no setting.
    const settings = v.map((x) => String(x)).filter((x) => !saysUntuned(x));
    return { count: settings.length, names: settings, field, read };
  }
  if (v !== null && typeof v === 'object')
    return { count: Object.keys(v).length, names: Object.keys(v), field, read };
  const n = parseNumber(v);
  if (typeof v === 'number' || (n !== null && /^\s*\d+\s*$/.test(String(v))))
    return { count: n as number, names: [], field, read };
  // A command line as run ("command: ruby matmul.rb 1500"): its flags are the settings, none if
  // it has none.
  const command = /^[^:]{0,60}\b(command( line)?|cmd|invocation)\b[^:]{0,40}:\s*(.+)$/i.exec(String(v));
  if (command) {
    const flags = settingNames(command[3] as string);
    return { count: flags.length, names: flags, field, read };
  }
  // Settings as printed text: "shared_buffers=8GB, synchronous_commit=off", "redis-server --io-threads 16".
  const names = printedSettings(String(v));
  if (names.length > 0) return { count: names.length, names, field, read };
  // "default settings (tuned: no)": described as shipped. The settings list itself saying so is
  // the side's answer; a configuration described so yields to a list of settings.
  if (saysUntuned(v))
    return {
      count: 0,
      names: [],
      field,
      read,
      ...(key === 'nonDefaultSettings' ? {} : { described: true as const }),
    };
  // "config tweaked with a tuning script", or a change described in the settings list itself
  // ("the default logger disabled"): tuned, by how much unsaid; at least one change.
  return saysOptimised(v) || key === 'nonDefaultSettings'
    ? { count: 1, names: [String(v)], field, read }
    : null;
}

/**
 * How many settings a side changed from the shipped defaults, and which: the list if recorded,
 * else the diff, else the pasted configuration (a full configuration overstates tuning, so it
 * counts only when nothing better is recorded). Unknown when one of them is recorded as
 * "not stated", or when one says "defaults" and another lists settings.
 */
function tuning(run: RunInput): { best: Tuning; all: Tuning[] } | 'differs' | null {
  const sw = run.provenance.software as Record<string, Field | undefined>;
  const all: Tuning[] = [];
  for (const key of ['nonDefaultSettings', 'configurationDiff', 'configuration']) {
    const f = sw[key];
    if (!f) continue;
    const t = tuningOf(key, f);
    if (t === 'differs') return 'differs';
    if (t === 'nothing') return null;
    if (t) all.push(t);
  }
  // The pasted configuration overstates tuning and counts only alone; a description ("ran with
  // defaults") yields to a list of settings. Every record stays in the evidence.
  const listed = all.filter((t) => t.field !== 'software.configuration');
  const pool = listed.length > 0 ? listed : all;
  const counted = pool.some((t) => !t.described) ? pool.filter((t) => !t.described) : pool;
  // "Defaults" in one field and tuned settings in another: the side's own records disagree. A
  // pasted configuration that says "default" still counts against a list of settings here.
  const saysZero = [...counted, ...all.filter((t) => !t.described)].some((t) => t.count === 0);
  if (saysZero && counted.some((t) => t.count > 0)) return null;
  const [best] = counted;
  return best ? { best, all } : null;
}

/**
 * The optimisation a build asked for, from its flags: "O3", "O2 + native + lto"; null when the
 * flags name none. A bare "-O" is left unread: it is -O1 to gcc and opt-level 2 to rustc.
 */
export function optimisationOf(value: unknown): string | null {
  const t = normText(value);
  // normText has turned "-O3" into "o3" and "opt-level" into "opt level".
  // GCC and Clang read a level above 3 ("-O9") as -O3.
  const level = (
    /(?:^|[\s;,(/])o(fast|[0-9sz])\b/.exec(t)?.[1] ?? /\bopt ?level ?[=:]? ?([0-3sz])\b/.exec(t)?.[1]
  )?.replace(/^[4-9]$/, '3');
  // An instruction set asked for by name ("-mavx2", "target-feature=+avx512f"): code built for
  // wider SIMD than the baseline the other side may have been left at.
  const isa =
    /\bm(avx512\w*|avx2|avx|sse4[ .]?[12]|fma|bmi2)\b|target feature ?= ?\+?(avx512\w*|avx2|sse4[ .]?[12]|fma)\b/.exec(
      t,
    );
  const extras = [
    [/\b(march|mcpu|target cpu) ?= ?native\b|\bxhost\b/, 'native'],
    [/\b(f?lto)\b|link time optimi[sz]ation/, 'lto'],
    [/\bpgo\b|profile guided|\bfprofile use\b/, 'pgo'],
    [/\bcodegen units ?= ?1\b/, 'one codegen unit'],
  ]
    // "LTO, no PGO": a technique named to say it was not used is not used.
    .filter(([pattern]) => (pattern as RegExp).test(t) && !denied(t, pattern as RegExp))
    .map(([, name]) => name as string);
  if (isa) extras.push((isa[1] ?? isa[2] ?? '').replace(/ /g, '.'));
  // A library's own SIMD switch ("GGML_SIMD enabled", "SIMD disabled (the default)"): said either way.
  if (SIMD_SWITCH.test(t)) extras.push(denied(t, SIMD_SWITCH) ? 'simd off' : 'simd');
  if (level === undefined && extras.length === 0) return null;
  return [level === undefined ? 'default level' : `O${level}`, ...extras].join(' + ');
}

/** A build's SIMD code paths switched on or off by name. */
const SIMD_SWITCH = /\bsimd\b/;

/** Flags that go past a plain optimised build: -O3, -Ofast, native code, LTO, PGO. */
const AGGRESSIVE = /O3|Ofast|native|lto|pgo|codegen/;

/**
 * No side counts its settings: the effort still shows in what the sides were built with (the
 * optimisation their flags asked for, a vendor's optimising compiler against GCC) and in a
 * configuration printed for some sides only; configurations printed for every side go to a
 * reviewer with every side's text.
 */
function tuningFromBuildAndProse(
  input: ComparisonInput,
  evidence: CheckEvidence[],
  why: string,
): CheckOutcome {
  // The optimisation each side's build asked for: -O3 against rustc's opt-level 2, or native code
  // and LTO on one side with the other's flags not given.
  // The flags, else the build's description ("Gentoo build of gcc with LTO and PGO").
  const optimisation = compareField(input, {
    field: 'software.compilerFlags (optimisation)',
    label: 'optimisation flags',
    read: firstOf(
      readableBy(optimisationOf, groupField('software', 'compilerFlags')),
      readableBy(optimisationOf, groupField('software', 'buildType')),
    ),
    norm: optimisationOf,
  });
  const stated = optimisation.sides.filter((s) => s.known);
  const oneSided =
    stated.length > 0 &&
    stated.length < optimisation.sides.length &&
    stated.some((s) => s.keys.some((k) => AGGRESSIVE.test(String(k))));
  if (optimisation.differs || oneSided) {
    evidence.push(...evidenceFor([optimisation]));
    const hint = `optimisation flags ${optimisation.differs ? 'differ' : 'stated for some sides only'} (${sidesText(optimisation)})`;
    return { state: 'flag', evidence, hint, message: `Tuning effort differs: ${hint}: ${why}.` };
  }
  const compiler = compareField(input, {
    field: 'software.compiler',
    label: 'compiler',
    read: groupField('software', 'compiler'),
    norm: normCompilerFamily,
  });
  const prose = compareField(input, {
    field: 'software.configuration',
    label: 'configuration',
    read: groupField('software', 'configuration'),
    evidenceOnly: true,
  });
  evidence.push(...evidenceFor([compiler, prose]));
  const missing = input.entries.map((e) => ({ entry: e.label, field: 'software.nonDefaultSettings' }));
  if (compiler.differs) {
    const hint = `compiler differs (${sidesText(compiler)})`;
    return { state: 'flag', evidence, hint, message: `Tuning effort differs: ${hint}: ${why}.` };
  }
  // A configuration printed for some sides and not the others: tuning stated for one side only,
  // as with counted settings above.
  const printed = prose.sides.filter((s) => s.read);
  if (printed.length > 0 && printed.length < prose.sides.length)
    return {
      state: 'flag',
      evidence,
      hint: `configuration printed for ${printed.map((s) => `${s.entry.label} (${display(s.read?.value)})`).join(', ')}, not for ${prose.sides
        .filter((s) => !s.read)
        .map((s) => s.entry.label)
        .join(', ')}`,
      missing,
      message: `A configuration is printed for ${printed.map((s) => s.entry.label).join(', ')} only: ${why}, and a publication that details one side's setup owes the same for the others.`,
    };
  if (prose.sides.some((s) => s.read))
    return {
      state: 'needs_review',
      evidence,
      hint: `configurations — ${prose.sides.map((s) => `${s.entry.label}: ${s.read ? display(s.read.value) : 'not recorded'}`).join('; ')}`,
      missing,
      message: `No side counts its non-default settings: a reviewer should compare the configurations as printed, since ${why}.`,
    };
  // Nothing counted or printed: a side's own notes may still say its setup was optimised ("the
  // Drizzle-optimized implementation, using a workload-specific optimization") where another
  // side's say nothing of the kind. Prose cannot tell tuning for the benchmark from the system's
  // own design, so a reviewer reads it. A sentence every side carries (the publication's own
  // remark, copied to each) describes no side in particular.
  const described = optimisationSentences(input.entries);
  if (described.some((d) => d.sentence) && described.some((d) => !d.sentence)) {
    for (const d of described)
      if (d.sentence) evidence.push(derived(d.entry, d.sentence.field, d.sentence.text));
    return {
      state: 'needs_review',
      evidence,
      hint: `optimisation described for some sides only — ${described.map((d) => `${d.entry.label}: ${d.sentence ? `“${d.sentence.text.slice(0, 160)}”` : 'nothing said'}`).join('; ')}`,
      missing,
      message: `No side counts its non-default settings, but the notes describe optimisation for some sides only: a reviewer should compare what each side was given, since ${why}.`,
    };
  }
  return {
    state: 'unknown',
    evidence,
    missing,
    message: 'Cannot check the tuning effort: no side records its non-default settings or configuration.',
  };
}

/** Each side's first sentence saying its setup was optimised, among the sentences no other side has. */
function optimisationSentences(entries: readonly Entry[]) {
  const sentences = entries.map((entry) => entry.runs.flatMap(sentencesOf));
  return entries.map((entry, i) => {
    const elsewhere = new Set(sentences.flatMap((list, j) => (j === i ? [] : list.map((s) => s.text))));
    return { entry, sentence: sentences[i]?.find((s) => !elsewhere.has(s.text) && saysOptimised(s.text)) };
  });
}

export function checkSw2(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const sides = input.entries.map((entry) => {
    const found = entry.runs.map(tuning).find((x) => x !== null) ?? null;
    if (found && found !== 'differs')
      for (const t of found.all) evidence.push(evidenceOf(entry, t.field, t.read));
    if (found === 'differs') evidence.push(derived(entry, 'software.nonDefaultSettings', DIFFERS_UNSTATED));
    return { entry, t: found === null || found === 'differs' ? found : found.best };
  });
  const text = (s: (typeof sides)[number]) =>
    s.t === null
      ? `not recorded on ${s.entry.label}`
      : s.t === 'differs'
        ? `tuned differently on ${s.entry.label} (value not stated)`
        : `${s.t.count} non-default setting${s.t.count === 1 ? '' : 's'} on ${s.entry.label}${s.t.names.length ? ` (${s.t.names.slice(0, 8).join(', ')}${s.t.names.length > 8 ? ', …' : ''})` : ''}`;
  const hint = sides.map(text).join(' vs ');
  const why = 'a side tuned by experts against one left at its defaults measures the tuning, not the system';
  if (isIntended(input, 'software.configuration')) {
    // Compared on purpose, but only where each side's configuration is known: unknown is not pass.
    const unrecorded = sides.filter((s) => s.t === null).map((s) => s.entry.label);
    if (unrecorded.length > 0)
      return {
        state: 'unknown',
        evidence,
        missing: unrecorded.map((entry) => ({ entry, field: 'software.nonDefaultSettings' })),
        message: `The configuration is the comparison's subject, but not recorded on ${unrecorded.join(', ')}: enter each side's settings so a reader can see what was compared.`,
      };
    return { state: 'pass', evidence, message: `The configuration is the comparison's subject: ${hint}.` };
  }
  const counted = sides.flatMap((s) => (s.t && s.t !== 'differs' ? [s.t] : []));
  const known = counted.map((t) => t.count);
  const min = Math.min(...known);
  const max = Math.max(...known);
  // Defaults against tuning; twice as many settings changed (and two more); or more settings on
  // one side whose list is not another's plus additions. REST's routing middleware added to
  // gRPC's otherwise identical list is the same setup, not more effort.
  const names = counted.map((t) => t.names.map((n) => normText(n)));
  const uneven =
    known.length >= 2 &&
    ((min === 0 && max > 0) ||
      (max - min >= 2 && max >= 2 * min) ||
      (max > min && (!nestedSets(names) || switchedOffBeyondOthers(names))));
  if (sides.some((s) => s.t === 'differs') || uneven)
    return { state: 'flag', evidence, hint, message: `Tuning effort differs (${hint}): ${why}.` };
  // Each side's setup as printed, one with a setting the other says it went without.
  // Every side as shipped: a switch between them is what each program does by default, the
  // work it does (F-WL-3's), not tuning.
  const switched = input.entries.every(ranDefaults) ? { parts: [], evidence: [] } : settingSwitches(input);
  if (switched.parts.length > 0)
    return {
      state: 'flag',
      evidence: [...evidence, ...switched.evidence],
      hint: switched.parts.join('; '),
      message: `A setting one side used, another says it went without (${switched.parts.join('; ')}): ${why}.`,
    };
  if (known.length === 0) return tuningFromBuildAndProse(input, evidence, why);
  // Stated for some sides only, nothing said of the others. Tuned there: "tuned for us, defaults
  // for them" until shown otherwise; whose side it is does not matter, since a competitor's
  // non-default settings handicap it as often as they help it (a plan cache switched off, a
  // backend forced). Defaults there: the others were free to be tuned, as a cold cache stated for
  // one side leaves the others free to have run warm.
  if (known.length < sides.length)
    return {
      state: 'flag',
      evidence,
      hint,
      missing: sides
        .filter((s) => s.t === null)
        .map((s) => ({ entry: s.entry.label, field: 'software.nonDefaultSettings' })),
      message:
        max > 0
          ? `Tuning is stated for some sides only (${hint}): ${why}, and a publication that tunes its own side owes the same detail for the others.`
          : `Defaults are stated for some sides only (${hint}): ${why}, and nothing says the others ran theirs.`,
    };
  const tuned = sides.map((s) => s.t as Tuning);
  // One knob set far apart on two sides (16 MiB blocks against 900K): not the same setup.
  const gaps = sharedSettingGaps(sides.map((s) => ({ label: s.entry.label, t: s.t as Tuning })));
  if (gaps.length > 0)
    return {
      state: 'flag',
      evidence,
      hint: gaps.join('; '),
      message: `A setting named on several sides is set far apart (${gaps.join('; ')}): ${why}.`,
    };
  // Two descriptions of "defaults" may be two vendors' different defaults: a list of no
  // settings decides, a description goes to a reviewer.
  if (tuned.every((t) => t.count === 0) && tuned.some((t) => t.described))
    return {
      state: 'needs_review',
      evidence,
      hint: `described as defaults — ${sides.map((s) => `${s.entry.label}: ${display((s.t as Tuning).read.value)}`).join('; ')}`,
      message: `Every side is described as running its defaults, without listing settings: a reviewer should confirm the defaults are comparable, since ${why}.`,
    };
  if (tuned.every((t) => t.count === 0))
    return { state: 'pass', evidence, message: `Every side ran its shipped defaults (${hint}).` };
  if (sameSettingNames(tuned))
    return { state: 'pass', evidence, message: `Every side changed the same settings (${hint}).` };
  // Similar counts say nothing about effort: five buffer sizes tuned for one side and five
  // functional switches for another are "comparable" by count and not by effort.
  return {
    state: 'needs_review',
    evidence,
    hint,
    message: `Every side changed settings, but not the same ones (${hint}): a reviewer should confirm each side got the same tuning effort, since ${why}.`,
  };
}

/** How far apart one setting may be on two sides before it is another setup, not a tuning detail. */
const SETTING_GAP = 4;

/**
 * Settings recorded by name on several sides that are not the same setup: amounts (sizes,
 * counts, in figures or words) at least SETTING_GAP-fold apart ("block_size: 16 MiB on bzip3 vs
 * 900K on bzip2"), or a setting changed on some sides and said to be at its default on others
 * ("eventLoop: uvloop on Vibora and Sanic vs asyncio's default on aiohttp"): that setting was
 * tuned for some sides only. Levels and switches ("-9", "on") are no amounts and are left to the count.
 */
function sharedSettingGaps(sides: { label: string; t: Tuning }[]): string[] {
  const named = new Map<string, { label: string; value: unknown }[]>();
  for (const { label, t } of sides) {
    const v = t.read.value;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) continue;
    for (const [name, value] of Object.entries(v)) {
      const key = normText(name);
      named.set(key, [...(named.get(key) ?? []), { label, value }]);
    }
  }
  const gaps: string[] = [];
  const sideText = (xs: { label: string; value: unknown }[], sep: string) =>
    xs.map((x) => `${display(x.value as FieldValue)} on ${x.label}`).join(sep);
  for (const [name, list] of named) {
    if (new Set(list.map((x) => x.label)).size < 2) continue;
    const atDefault = list.filter((x) => leftAtDefault(x.value));
    const set = list.filter((x) => !atDefault.includes(x) && !isVacuousHead(x.value));
    // Changed on several sides: a knob the publisher knew, left as shipped on the others. One
    // side's value against another's default may be the systems' own natures (HTTP/2 for gRPC).
    if (atDefault.length > 0 && set.length >= 2) {
      gaps.push(
        `${name}: ${sideText(set, ', ')} vs its default on ${atDefault.map((x) => x.label).join(', ')}`,
      );
      continue;
    }
    const amounts = list.flatMap((x) => {
      const amount = amountOf(x.value);
      return amount === null || amount <= 0 ? [] : [{ ...x, amount }];
    });
    if (new Set(amounts.map((x) => x.label)).size < 2) continue;
    const values = amounts.map((x) => x.amount);
    if (Math.max(...values) / Math.min(...values) >= SETTING_GAP)
      gaps.push(`${name}: ${sideText(amounts, ' vs ')}`);
  }
  return gaps;
}

/** A setting's value that says it was left as shipped: "asyncio default event loop", "default". */
function leftAtDefault(value: unknown): boolean {
  const t = normText(value);
  return saysUntuned(value) || (/\bdefaults?\b/.test(t) && !DEFAULT_CONTRAST.test(t) && !CHANGED.test(t));
}

/** Words that say a setting switches work off: "time format: disabled", "fsync=false", "logging off". */
const SWITCHED_OFF = /\b(disabled?|switched off|turned off|off|false|empty)\b|= ?(0|""|'')(?!\S)/;

/**
 * Nested lists where a setting only the longer list has switches work off ("time format:
 * disabled" on golog, beside the output and level both loggers set): the one side was spared
 * work the other still does, which a setting added to make a side work (REST's routing
 * middleware beside gRPC's list) is not.
 */
function switchedOffBeyondOthers(lists: string[][]): boolean {
  const shared = lists.reduce((acc, l) => acc.filter((n) => l.includes(n)));
  return lists.some((l) => l.some((n) => !shared.includes(n) && SWITCHED_OFF.test(n)));
}

/** Every side names its changed settings, and they are the same names. */
function sameSettingNames(tuned: Tuning[]): boolean {
  const keyOf = (t: Tuning) => [...new Set(t.names.map((n) => normText(n)))].sort().join('\n');
  const [first, ...rest] = tuned.map(keyOf);
  return Boolean(first) && rest.every((k) => k === first);
}

// --- F-SW-3 ------------------------------------------------------------------------------------

/** An artefact pinned to one version: a hash, or a URL naming a commit (…/commit/<sha>, …/blob/<sha>/…). */
function pinned(a: { url: string; sha256?: string | undefined }): boolean {
  return Boolean(a.sha256) || /\/(commit|blob|tree)\/[0-9a-f]{7,40}\b/i.test(a.url);
}

/** "not published", "closed source configuration", "code not in the repository": said, not unsaid. */
const UNPUBLISHED =
  /\bnot (publicly )?(published|public|released|available|shared|disclosed|in the (repo\w*|source))|\bno (\w+ ){0,3}(files? )?(published|released|disclosed)\b|\bunpublished\b|\bundisclosed\b|\bdid ?n[o']t disclose\b|\bclosed ?source\b|\bproprietary\b|\bwithheld\b|\bon request\b/;

/** Where a side's code lives: the system's tree and configuration, and the benchmark's own code. */
const CODE_FIELDS = [
  ['software', 'vcsRepository'],
  ['software', 'vcsCommit'],
  ['software', 'configuration'],
  ['software', 'configurationDiff'],
  ['workload', 'implementationRepository'],
  ['workload', 'implementationCommit'],
] as const;

/**
 * A side whose repository, commit or configuration field, or its benchmark code's, says it is not
 * published. Read from the raw value: "not stated (benchmark code not in the repository)" says
 * nothing about the version but does say the code is not there; "not disclosed" says the
 * configuration was kept back; a harness binding "not published at the time" cannot be re-run.
 */
function withheldCode(entry: Entry): CheckEvidence | undefined {
  for (const run of entry.runs) {
    for (const [group, key] of CODE_FIELDS) {
      const field = groupField(group, key)(run);
      if (field && typeof field.value === 'string' && UNPUBLISHED.test(normText(field.value)))
        return evidenceOf(entry, `${group}.${key}`, field);
    }
    // The publication's notes saying no code came with the numbers ("No code, machine or
    // repetitions given"): the side's code is not published, as plainly as a field saying so.
    const notes = groupField('run', 'notes')(run);
    if (notes && typeof notes.value === 'string' && NO_CODE_GIVEN.test(normText(notes.value)))
      return evidenceOf(entry, 'run.notes', notes);
  }
  return undefined;
}

/** "no code, machine or repetitions given", "no benchmark scripts were published". */
const NO_CODE_GIVEN =
  /\bno (benchmark |test |measuring |measurement )?(code|scripts?|source|programs?)\b[^.;]{0,60}\b(given|published|shared|provided|released|posted)\b/;

/**
 * A side run from a branch whose commit the publication does not give ("master", commit "not
 * stated"): the branch has moved since, so what ran cannot be fetched again, however well the
 * harness beside it is pinned.
 */
function floating(entry: Entry, commit: ReadField | undefined): string | null {
  if (!commit || !admitsUnknown(commit.value)) return null;
  const branch = entryValue(readEntry(entry, groupField('software', 'vcsBranch')));
  return branch ? `branch ${display(branch.value)}, no commit` : null;
}

export function checkSw3(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const flags: string[] = [];
  const unknown: string[] = [];
  const unpinned: string[] = [];
  for (const entry of input.entries) {
    const dirtyRead = entryValue(readEntry(entry, groupField('software', 'vcsDirty')));
    const dirty = dirtyRead ? toBool(dirtyRead.value) : null;
    if (dirtyRead) evidence.push(evidenceOf(entry, 'software.vcsDirty', dirtyRead));
    const commit = entryValue(readEntry(entry, groupField('software', 'vcsCommit')));
    for (const key of ['vcsRepository', 'vcsCommit', 'vcsBranch'] as const) {
      const read = entryValue(readEntry(entry, groupField('software', key)));
      if (read) evidence.push(evidenceOf(entry, `software.${key}`, read));
    }
    const artefacts = entry.runs.flatMap((r) => r.disclosure.artefacts);
    if (artefacts.length > 0)
      evidence.push(
        derived(
          entry,
          'disclosure.artefacts',
          artefacts.map((a) => (a.sha256 ? `${a.url} sha256:${a.sha256.slice(0, 12)}…` : a.url)),
        ),
      );
    // "Not stated" for the tree's state is not made good by artefacts: the publication declined to say.
    const declined = entry.runs.some((r) =>
      (['vcsDirty', 'vcsRepository', 'vcsCommit', 'vcsBranch'] as const).some((k) =>
        saysNothing(r.provenance.software[k]),
      ),
    );
    // Reproducible: a clean tree at a named commit, or artefacts pinned to one version.
    const cleanAtCommit = dirty === false && commit !== undefined;
    const withheld = withheldCode(entry);
    const branchOnly = floating(entry, commit);
    // A source that says what was measured is not the published tree (another commit, local changes).
    const measuredElsewhere = (['vcsCommit', 'vcsRepository', 'vcsDirty'] as const)
      .map((k) => ({ k, read: entryValue(readEntry(entry, groupField('software', k))) }))
      .find((x) => x.read?.differs);
    if (measuredElsewhere?.read) {
      evidence.push(evidenceOf(entry, `software.${measuredElsewhere.k}`, measuredElsewhere.read));
      flags.push(
        `${entry.label} was measured from code other than what is published (its ${measuredElsewhere.k} differs)`,
      );
    } else if (withheld) {
      evidence.push(withheld);
      flags.push(`${entry.label}'s code or configuration is not published (“${display(withheld.value)}”)`);
    } else if (dirty === true) flags.push(`${entry.label} ran from a modified (dirty) working tree`);
    else if (branchOnly) unpinned.push(`${entry.label}: ${branchOnly}`);
    else if (declined || (dirty === null && artefacts.length === 0)) unknown.push(entry.label);
    else if (!cleanAtCommit && !(artefacts.length > 0 && artefacts.every(pinned)))
      unpinned.push(
        `${entry.label}: ${
          artefacts.length > 0
            ? `${artefacts
                .filter((a) => !pinned(a))
                .map((a) => a.url)
                .join(', ')} (no hash or commit)`
            : 'a clean tree but no commit'
        }`,
      );
  }
  if (flags.length > 0)
    return {
      state: 'flag',
      evidence,
      message: `${flags.join('; ')}: nobody can rebuild exactly what was measured.`,
    };
  const missing = unknown.map((e) => ({ entry: e, field: 'software.vcsDirty / disclosure.artefacts' }));
  // Nothing on any side: a publication that links no code (this check's finding) or links not
  // entered. Only a person can tell which (as F-DISC-1 with no numbers).
  if (unknown.length > 0 && unknown.length === input.entries.length)
    return {
      state: 'needs_review',
      evidence,
      missing,
      hint: `no code, commit or artefact is recorded for any side (${unknown.join(', ')})`,
      message: `No code, commit or artefact is recorded for ${unknown.join(', ')}: if the publication links none, nobody can rebuild what was measured; if it does, enter the links.`,
    };
  // Code linked for some sides and nothing for the others: the publication may have shared one
  // side's code only (what makes half the comparison impossible to rebuild), or the links were
  // not entered. A reviewer tells which, with the sides named.
  if (unknown.length > 0)
    return {
      state: 'needs_review',
      evidence,
      missing,
      hint: `code, commit or artefacts stated for ${input.entries
        .map((e) => e.label)
        .filter((l) => !unknown.includes(l))
        .join(', ')} only, not for ${unknown.join(', ')}`,
      message: `Code is recorded for some sides only; nothing for ${unknown.join(', ')}: if the publication links none for them, their results cannot be rebuilt; if it does, enter the links.`,
    };
  if (unpinned.length > 0)
    return {
      state: 'needs_review',
      evidence,
      hint: `not pinned to a version — ${unpinned.join('; ')}`,
      message:
        'What was run is published but not pinned (a repository or page that changes, no hash or commit): a reviewer should confirm the published code and settings reproduce the result.',
    };
  return {
    state: 'pass',
    evidence,
    message:
      'Every side is reproducible from a clean tree at a named commit or from artefacts pinned by hash or commit.',
  };
}
