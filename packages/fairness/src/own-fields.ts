// A field of a publication's own (`x-…`: a fact the contract has no name for) is read by no
// specific check. Where it differs between the sides, or is stated for some only, the check of its
// group says so in a reviewer's hint instead of passing or calling the group unknown: a stated
// difference is never hidden (docs/fairness.md, principle 4). A count or a switch of the setup
// (not a measured result) that differs is a difference like any other, and is flagged: 16
// upload workers against 5 need no reading. F-DISC-5 counts them as well.

import { GROUP_FIELDS } from '@levelfield/contracts/provenance';
import { namesHow } from './checks/workload-parts.ts';
import { admitsUnknown, canonical, display, normText, parseNumber } from './normalize.ts';
import { entryValue, groupOf, pathReader, readEntry, recordedPaths } from './read.ts';
import type { ComparisonInput } from './schema.ts';
import { isIntended } from './subject.ts';

/** The check that speaks for each group's own fields. */
const GROUP_CHECK: Readonly<Record<string, string>> = {
  client: 'F-CLIENT-2',
  workload: 'F-WL-1',
  software: 'F-SW-2',
  settings: 'F-SW-2',
  hardware: 'F-HW-2',
  topology: 'F-TOPO-2',
  measurement: 'F-MEAS-3',
  cost: 'F-COST-1',
};

/**
 * Own fields whose name or value says which check they concern, before the group's default:
 * how a side does the work is F-WL-3's; cooling, power, firmware and CPU-mitigation state are
 * F-HW-4's; the kind of machine (instance type, bare metal or virtual) F-HW-1's; the numeric
 * format of the computation (a model's weights in bf16 or int4) F-WL-1's; the client's codec or
 * library F-CLIENT-1's; failed, timed-out or non-2xx requests F-CLIENT-5's; the statistics
 * reported F-MEAS-6's; what a timer covers F-MEAS-2's; a cache F-MEAS-4's; the network path's
 * shape F-TOPO-2's; what each operation produces (a response's size) F-WL-3's; resources used or
 * counted F-HW-2's.
 */
function checkOf(path: string, values: readonly unknown[]): string | undefined {
  const group = groupOf(path);
  const name = path.split('.').slice(-1)[0] ?? path;
  if (group === 'workload' && values.some((v) => namesHow(name, v))) return 'F-WL-3';
  if (group === 'hardware' && MACHINE_STATE.test(name)) return 'F-HW-4';
  if (group === 'hardware' && MACHINE_KIND.test(name)) return 'F-HW-1';
  if (group === 'client' && CLIENT_STACK.test(name)) return 'F-CLIENT-1';
  // Failed, timed-out or non-2xx requests and how they were counted: the error policy's check.
  if (ERRORS.test(name)) return 'F-CLIENT-5';
  // The arithmetic the work is done in (bf16 weights against int4) is part of the workload.
  if (NUMERIC_FORMAT.test(name)) return 'F-WL-1';
  if (STATISTICS.test(name)) return 'F-MEAS-6';
  if (TIMING.test(name)) return 'F-MEAS-2';
  if (CACHE.test(name)) return 'F-MEAS-4';
  // How packets travel between client and server (an overlay's encapsulation, a tunnel, a proxy).
  if (NETWORK_PATH.test(name)) return 'F-TOPO-2';
  // What each operation produces (a response's size, its payload): the work done per operation.
  if (WORK_OUTPUT.test(name)) return 'F-WL-3';
  // What resources a side used or was counted for, wherever the publication filed it.
  if (RESOURCES.test(name)) return 'F-HW-2';
  return GROUP_CHECK[group];
}

const WORK_OUTPUT = /response|reply|payload|body|output/i;
/** Requests that failed, timed out, were retried or answered with an error status ("x-non2xxResponses"). */
const ERRORS = /errors?|fail(ed|ures?)|non ?2xx|status ?codes?|time ?outs?|retr(y|ies)|rejected/i;
/**
 * The client's software stack: how requests are made, carried (TLS, protocol) and read, not how
 * many are in flight.
 */
const CLIENT_STACK =
  /marshal|codec|seriali[sz]|encod|library|driver|sdk|browser|runtime|harness|framework|interpreter|tls|ssl|protocol|transport/i;
/** What a timer covers: its start and end points, the region it times. */
const TIMING = /tim(ed|er|ing)|end ?point|start ?point/i;
/** Resources, and how many servers or instances do the work (backends behind a proxy, replicas). */
const RESOURCES = /resource|cpu|cores?\b|threads?\b|memory|socket|backends?\b|upstreams?\b|replicas\b/i;
/** Which statistics a side reports (percentiles, averages, their aggregation): F-MEAS-6's set. */
const STATISTICS = /statistic|percentile|quantile|aggregat/i;
/** A cache a side served from, or dropped: the cache state's check. */
const CACHE = /cache/i;
/** The network path's shape: "x-encapsulation" (VXLAN against BGP routing), "x-tunnel", "x-proxy". */
const NETWORK_PATH = /encapsulat|tunnel|overlay|routing|network ?path|hops?\b|proxy|vpn/i;

/** The numeric format of a model or computation: "x-weightDtype", "x-quantization", "x-computeType". */
const NUMERIC_FORMAT =
  /dtype|quantiz|bit ?width|weights? ?(type|format|precision)|(numeric|float|floating ?point|arithmetic) ?precision|compute ?type/i;

/** What kind of machine a side ran on: its instance type or class, bare metal or a virtual machine. */
const MACHINE_KIND =
  /machine ?(kind|type|class)|host ?(kind|type)|instance ?(type|kind|family|class)|virtuali[sz]|bare ?metal/i;

const MACHINE_STATE =
  /cool|thermal|fan|power|bios|firmware|governor|turbo|boost|microcode|c-?state|numa|clock|frequenc|freq\b|[mg]hz|mitigation|spectre|meltdown|kpti/i;

/** The contract's names for each group's fields, by where they sit in a path. */
function contractKeys(parts: readonly string[]): { keys: readonly string[]; key: string } | null {
  if (parts[0] === 'nodes') {
    const sub = parts[2];
    const keys =
      sub === 'hardware' ? GROUP_FIELDS.hardware : sub === 'software' ? GROUP_FIELDS.nodeSoftware : null;
    return keys && parts[3] ? { keys, key: parts[3] } : null;
  }
  const keys = (GROUP_FIELDS as Record<string, readonly string[]>)[parts[0] ?? ''];
  return keys && parts[1] ? { keys, key: parts[1] } : null;
}

/**
 * A field of the publication's own: named `x-…`, or any name the contract does not list (the
 * import keeps it, with a warning): "queryResultCache" is as much a fact as "x-queryResultCache".
 */
function isOwn(path: string): boolean {
  const parts = path.split('.');
  if (parts.some((part) => part.startsWith('x-'))) return true;
  const known = contractKeys(parts);
  return known !== null && !known.keys.includes(known.key);
}

/** A value that is a figure (with at most a unit), not prose that happens to hold digits. */
const FIGURE = /^\s*-?[\d,.]+\s*[a-zA-Z%µ/]*\s*$/;

/** Numbers within 10 % are one value; anything else compares as printed, canonically. */
function key(value: unknown): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && FIGURE.test(value)
        ? parseNumber(value)
        : null;
  return n !== null && Number.isFinite(n) ? `#${n.toPrecision(2)}` : canonical(value as never);
}

/** A name for what was measured, not how the run was set up: "x-averagePowerW", "x-cpuUsage", "x-cpuTime". */
const RESULT_NAME =
  /average|mean|median|measured|observed|achieved|usage|utili[sz]|consum|result|score|throughput|latency|p\d{2}|per ?sec|rate$|cpu ?time|wall ?(clock|time)|elapsed/i;

export interface OwnFieldDifference {
  /** "own field x-uploadParallel differs (A: 16 vs B: 5)". */
  text: string;
  /** A number, switch or execution mode of the setup, stated on every side: decided without a reader. */
  decided: boolean;
}

const isCountOrSwitch = (v: unknown) => typeof v === 'number' || typeof v === 'boolean';

/** A name for how a runtime executes code: "x-executionMode", "x-executionTier", "x-jit". */
const EXECUTION_NAME = /execution|tier\b|^x-(jit|aot)$|interpret/i;

/** How code ran: interpreted, or compiled to machine code (as it runs, before it, or unsaid which). */
type ExecutionMode =
  | 'an interpreter'
  | 'a JIT compiler'
  | 'ahead-of-time compilation'
  | 'compiled to machine code';

/**
 * How a side's runtime executed the code, from its words: the first mode named in a clause that
 * does not deny it ("interpreter; the AOT compiler was not used" is an interpreter), and a JIT
 * said to be off is an interpreter. Null when no mode is named or the value says nothing.
 */
function executionModeOf(value: unknown): ExecutionMode | null {
  if (typeof value !== 'string') return null;
  const text = normText(value);
  if (/\b(no|without) (m|y)?jit\b|\b(m|y)?jit (is |was )?(not enabled|not used|disabled|off)\b/.test(text))
    return 'an interpreter';
  const modes: [RegExp, ExecutionMode][] = [
    [/\binterpret(er|ed|s)?\b/, 'an interpreter'],
    [/\baot\b|ahead of time/, 'ahead-of-time compilation'],
    [/\b(jit|just in time)\b/, 'a JIT compiler'],
    [/\bcompiled (to (native|machine)|by)\b|\bnative code\b/, 'compiled to machine code'],
  ];
  for (const clause of text.split(/[;,(]/)) {
    if (/\b(not|no|without|disabled)\b/.test(clause) || admitsUnknown(clause)) continue;
    for (const [pattern, mode] of modes) if (pattern.test(clause)) return mode;
  }
  return null;
}

/**
 * Every side names how its code was executed, and the modes differ: a setup decided from the
 * words. Compiled code whose compiler runs at an unsaid time differs only from an interpreter.
 */
function executionModesDiffer(name: string, values: readonly unknown[]): boolean {
  if (!EXECUTION_NAME.test(name)) return false;
  const modes = values.map(executionModeOf);
  if (modes.some((m) => m === null)) return false;
  const interpreted = modes.filter((m) => m === 'an interpreter').length;
  if (interpreted > 0) return interpreted < modes.length;
  return !modes.includes('compiled to machine code') && new Set(modes).size > 1;
}

/**
 * The own fields of this check's group that differ or are stated for some sides only; with no
 * check, those of every group.
 */
export function ownFieldDifferences(input: ComparisonInput, checkId?: string): OwnFieldDifference[] {
  const out: OwnFieldDifference[] = [];
  for (const path of recordedPaths(input).filter(isOwn)) {
    if (isIntended(input, path)) continue;
    const sides = input.entries.map((entry) => ({
      label: entry.label,
      read: entryValue(readEntry(entry, pathReader(path))),
    }));
    // A source says the value differed without printing it: a difference, as for any field. Of
    // the workload, it says the sides did not do the same work (F-WL-3), since a parameter of the
    // spec would be printed.
    const marked = sides.filter((s) => s.read?.differs);
    const owner =
      marked.length > 0 && groupOf(path) === 'workload'
        ? 'F-WL-3'
        : checkOf(
            path,
            sides.map((s) => s.read?.value),
          );
    if (checkId !== undefined && owner !== checkId) continue;
    const name = path.split('.').slice(-1)[0] ?? path;
    if (marked.length > 0) {
      out.push({
        text: `own field ${name} differs on ${marked.map((s) => s.label).join(', ')} (value not stated)`,
        decided: true,
      });
      continue;
    }
    const stated = sides.filter((s) => s.read && s.read.value !== null);
    const values = stated.map((s) => `${s.label}: ${display(s.read?.value)}`).join(' vs ');
    if (stated.length < sides.length && stated.length > 0)
      out.push({
        text: `own field ${name} stated for ${values}, not for ${sides
          .filter((s) => !stated.includes(s))
          .map((s) => s.label)
          .join(', ')}`,
        decided: false,
      });
    else if (new Set(stated.map((s) => key(s.read?.value))).size > 1)
      out.push({
        text: `own field ${name} differs (${values})`,
        // Decided only for a field marked as the publication's own (x-…): a name the contract
        // does not list, unmarked, may be a misplaced fact of another field, so a reviewer reads it.
        decided:
          (path.includes('x-') &&
            !RESULT_NAME.test(name) &&
            stated.every((s) => isCountOrSwitch(s.read?.value))) ||
          executionModesDiffer(
            name,
            stated.map((s) => s.read?.value),
          ),
      });
  }
  return out;
}
