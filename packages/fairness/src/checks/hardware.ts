// F-HW-* and F-COST-*: the machines and what they cost.

import type { Node } from '@levelfield/contracts/provenance';
import { formulaById, formulaMismatch } from '@levelfield/metrics/formulas';
import {
  compareFields,
  type FieldComparison,
  type FieldSpec,
  missingOf,
  missingText,
  verdict,
  verdictOf,
} from '../compare.ts';
import {
  awsInstanceCpus,
  bytesInText,
  canonical,
  display,
  type FieldValue,
  normArch,
  normContainer,
  normCpuModel,
  normHostType,
  normStorage,
  normText,
  parallelism,
  parseAwsInstanceType,
  parseNumber,
  threadsPerCore,
  toBool,
  toBytes,
  toDay,
  toSmt,
} from '../normalize.ts';
import {
  entryValue,
  evidenceOf,
  firstOf,
  fromField,
  groupField,
  nodeCount,
  nodeField,
  nodeSum,
  nodesOf,
  pathReader,
  type Reader,
  type ReadField,
  type Role,
  readEntry,
  runsOf,
  saysNothing,
} from '../read.ts';
import type { CheckEvidence, CheckOutcome, ComparisonInput, Entry, RunInput } from '../schema.ts';
import { subjectText } from '../subject.ts';

/** Checks a person declared as intended differences (run.declaredDifferences: ids or group names). */
export function declaredDifference(input: ComparisonInput, ...names: string[]): CheckEvidence | undefined {
  const wanted = names.map((n) => normText(n));
  for (const { entry, run } of runsOf(input.entries)) {
    const f = groupField('run', 'declaredDifferences')(run);
    if (!f) continue;
    const list = (Array.isArray(f.value) ? f.value : [f.value]).map((v) => normText(v));
    if (list.some((v) => wanted.includes(v))) return evidenceOf(entry, 'run.declaredDifferences', f);
  }
  return undefined;
}

// --- F-HW-1 ------------------------------------------------------------------------------------

/** Whether a host runs on bare metal or in a virtual machine, from its virtualization field. */
function virtualizationOf(v: unknown): string | null {
  const t = normText(v);
  if (/bare ?metal|none|physical|metal/.test(t)) return 'bare-metal';
  if (/kvm|nitro|xen|vm|hyper ?v|vmware|virtual/.test(t)) return 'vm';
  return null;
}

/** The accelerator models a value may name: NVIDIA, AMD, Google, Intel, AWS and mobile parts. */
const ACCELERATOR_MODEL =
  /\b(rtx ?a?\d{4}( ti| super)?|gtx ?\d{3,4}( ti)?|titan ?(x|v|rtx|xp)?|quadro ?\w+|tesla ?[a-z]\d+|[abhl]\d{2,3}[a-z]?|v100|p100|k80|t4|l4|l40s?|mi\d{2,3}[a-z]?|radeon ?\w+|rx ?\d{3,4}|edge ?tpu|tpu ?v?\d+\w*|gaudi ?\d?|inferentia ?\d?|trainium ?\d?|adreno ?\d+|neural engine|m\d( pro| max| ultra)? gpu)\b/;
/**
 * An accelerator's model as a short token ("a100", "rtx 3090", "tpu v4", "mi300x"), whatever
 * count, memory, vendor or form factor is printed with it. Null when no known model is named
 * (a "1 GPU" says which card nobody knows; "none" leaves the processor to the CPU fields: which of
 * CPU or accelerator a side runs on is often what is compared).
 */
function acceleratorModel(value: unknown): string | null {
  const items = Array.isArray(value) ? value : [value];
  const models = items.map((item) => {
    const text =
      item !== null && typeof item === 'object' && 'model' in item
        ? (item as { model: unknown }).model
        : item;
    const t = normText(text).replace(/\([^)]*\)/g, ' ');
    return (
      ACCELERATOR_MODEL.exec(t)?.[0]
        .replace(/\s+/g, ' ')
        .replace(/^tesla /, '') ?? null
    );
  });
  if (models.some((m) => m === null)) return null;
  return [...new Set(models)].sort().join(' + ');
}

/** An accelerator the side had but did not use: "only the CPU used", "no GPU backend built". */
const UNUSED_ACCELERATOR =
  /\bonly (the )?cpus? (was |were |is )?used\b|\bcpu only\b|\b(gpu|accelerator) (was |is )?(not|never) used\b|\bwithout (the |a )?gpu\b|\bno (gpu|npu) (offload|backend|acceleration|support)\b/;
/** One accelerator named by its kind, not its model: "phone GPU", "the Neural Engine". */
const ONE_ACCELERATOR = /\b(gpu|npu|tpu|neural engine|dsp)\b/;

/** How many accelerators a side's nodes carry and use: "8x H100" is 8, "NVIDIA T4" one, "none" none. */
function acceleratorCount(value: unknown): number | null {
  const items = Array.isArray(value) ? value : [value];
  let total = 0;
  for (const item of items) {
    if (item !== null && typeof item === 'object' && 'count' in item) {
      const n = parseNumber((item as { count: unknown }).count);
      if (n === null) return null;
      total += n;
      continue;
    }
    const t = normText(item);
    if (/^(none|no (gpu|accelerator)s?)\b/.test(t) || UNUSED_ACCELERATOR.test(t)) continue;
    const n =
      /^(\d+) ?(x|×|\*)?\s/.exec(t)?.[1] ?? /\b(\d+) (gpus|devices|cards|accelerators)\b/.exec(t)?.[1];
    if (n) total += Number(n);
    else if (acceleratorModel(item) !== null || ONE_ACCELERATOR.test(t)) total += 1;
    else return null;
  }
  return total;
}

/** A CPU model that names its architecture: Intel, AMD, Xeon, EPYC … or Graviton, Ampere, Apple M. */
const NAMES_ARCH = /\b(intel|amd|xeon|epyc|ryzen|core i\d|graviton|ampere|neoverse|apple m\d)\b/;

/**
 * The architecture where no side records it, read from what it does record: an AWS instance
 * type's processor letter (im4gn: Graviton, arm64) or a CPU model that names its maker. A side
 * that gives its instance type against one that gives its CPU model is then compared.
 */
const archFromMachine: Reader = (run) => {
  const cpu = nodeField('sut', 'hardware', 'cpuModel')(run);
  if (cpu && typeof cpu.value === 'string' && NAMES_ARCH.test(normText(cpu.value)))
    return {
      value: normArch(cpu.value),
      origin: 'derived',
      source: `read from the CPU model (${cpu.value})`,
    };
  const host = nodeField('sut', 'hardware', 'hostType')(run);
  const instance = host ? parseAwsInstanceType(host.value) : null;
  if (!instance) return undefined;
  return {
    value: instance.processor === 'aws-graviton' ? 'arm64' : 'x86_64',
    origin: 'derived',
    source: `read from the AWS instance type (${String(host?.value)}: ${instance.processor})`,
  };
};

const SIDE_FIELD = /^(run|software|settings|client|workload|measurement|topology|cost)\.\w+$/;

/**
 * Sides that form a grid over machines: every machine runs a baseline and what is compared with
 * it (a generic and a CPU-tuned kernel on each of three machines), so each comparison is made
 * within one machine and the machines are a dimension of the study, not an asymmetry.
 */
function hardwareGrid(input: ComparisonInput, hardware: readonly FieldComparison[]): boolean {
  // A subject that is a field of the setup (compiler flags, a configuration), read per side. Systems
  // are not gridded: their entries on each machine are often sizes of one offering, not a baseline.
  const subject = input.subject ?? ['system'];
  if (!subject.every((p) => SIDE_FIELD.test(p))) return false;
  const subjectKey = (entry: Entry) =>
    subject.map((path) => canonical(entryValue(readEntry(entry, pathReader(path)))?.value ?? null)).join('|');
  const machineKey = (entry: Entry) =>
    hardware.map((c) => JSON.stringify(c.sides.find((s) => s.entry === entry)?.keys ?? null)).join('|');
  const machines = new Map<string, string[]>();
  for (const entry of input.entries) {
    const machine = machineKey(entry);
    machines.set(machine, [...(machines.get(machine) ?? []), subjectKey(entry)]);
  }
  const groups = [...machines.values()];
  // A baseline every machine runs (the generic kernel), beside what each machine is compared on.
  const shared = (groups[0] ?? []).filter((key) => groups.every((keys) => keys.includes(key)));
  return (
    groups.length >= 2 &&
    groups.every((keys) => keys.length >= 2 && new Set(keys).size === keys.length) &&
    shared.length > 0
  );
}

export function checkHw1(input: ComparisonInput): CheckOutcome {
  const specs: FieldSpec[] = [
    {
      field: 'nodes.sut.hardware.hostType',
      label: 'SUT instance type',
      read: nodeField('sut', 'hardware', 'hostType'),
      norm: normHostType,
    },
    {
      field: 'nodes.sut.hardware.cpuModel',
      label: 'SUT CPU model',
      read: nodeField('sut', 'hardware', 'cpuModel'),
      norm: normCpuModel,
    },
    {
      field: 'nodes.sut.hardware.arch',
      label: 'SUT architecture',
      read: firstOf(nodeField('sut', 'hardware', 'arch'), archFromMachine),
      norm: normArch,
    },
    // Bare metal against a virtual machine is a different kind of host even on the same CPU.
    {
      field: 'nodes.sut.software.virtualization',
      label: 'SUT host kind (bare metal or virtual machine)',
      read: nodeField('sut', 'software', 'virtualization'),
      norm: virtualizationOf,
    },
    // For work that runs on a GPU or another accelerator, its model is the processor compared.
    {
      field: 'nodes.sut.hardware.accelerators (model)',
      label: 'SUT accelerator model',
      read: nodeField('sut', 'hardware', 'accelerators'),
      norm: acceleratorModel,
    },
    {
      field: 'nodes.client.hardware.hostType',
      label: 'client instance type',
      read: nodeField('client', 'hardware', 'hostType'),
      norm: normHostType,
    },
    {
      field: 'nodes.client.hardware.cpuModel',
      label: 'client CPU model',
      read: nodeField('client', 'hardware', 'cpuModel'),
      norm: normCpuModel,
    },
    {
      field: 'nodes.client.hardware.arch',
      label: 'client architecture',
      read: nodeField('client', 'hardware', 'arch'),
      norm: normArch,
    },
  ];
  const comparisons = compareFields(input, specs);
  const sutKnown = comparisons.slice(0, 3).some((c) => c.known || c.intended);
  const outcome = verdictOf(comparisons, {
    why: 'different machines run at different speeds, so the numbers compare the hardware as well as the software',
    subject: 'the instance type and CPU model per role',
  });
  if (outcome.state === 'flag' && hardwareGrid(input, comparisons.slice(0, 3)))
    return {
      state: 'pass',
      evidence: outcome.evidence,
      message: `Each machine runs every compared ${subjectText(input)} (a grid over the machines), so every comparison is made on one machine: ${outcome.message}`,
    };
  if (outcome.state === 'flag') {
    const declared = declaredDifference(input, 'F-HW-1', 'hardware');
    if (declared)
      return {
        ...outcome,
        state: 'pass',
        evidence: [...outcome.evidence, declared],
        message: `The hardware differs but the difference is declared by ${declared.entry} (${display(declared.value as FieldValue)}): ${outcome.message}`,
      };
    return outcome;
  }
  if (!sutKnown && outcome.state !== 'needs_review') {
    const missing = missingOf(comparisons.slice(0, 3), false);
    return {
      state: 'unknown',
      evidence: outcome.evidence,
      missing,
      message: `Cannot check the hardware: neither the SUT instance type nor its CPU model is recorded on every side (${missingText(missing)}).`,
    };
  }
  return outcome;
}

// --- F-HW-2 ------------------------------------------------------------------------------------

const vcpusOf = (v: unknown) => parseNumber(v);

/**
 * Physical cores where no side counts them: its vCPUs over the hardware threads per core it states
 * ("64 vCPUs, two hardware threads per core" is 32 cores). Equal vCPUs on an SMT machine and on
 * one with a core per vCPU are unequal cores.
 */
const coresFromThreads: Reader = (run) => {
  const nodes = nodesOf(run, 'sut');
  if (nodes.length === 0) return undefined;
  let total = 0;
  const parts: string[] = [];
  for (const node of nodes) {
    const vcpus = fromField(node.hardware.vcpus);
    const smt = fromField(node.hardware.smt);
    const count = vcpus ? parseNumber(vcpus.value) : null;
    const perCore = smt ? threadsPerCore(smt.value) : null;
    if (count === null || perCore === null) return undefined;
    total += (node.count * count) / perCore;
    parts.push(`${node.count} × ${count} vCPUs ÷ ${perCore} per core`);
  }
  return {
    value: total,
    origin: 'derived',
    source: `vCPUs over hardware threads per core (${parts.join(' + ')})`,
  };
};

/**
 * vCPUs or physical cores read from each system node's AWS instance type where no count is
 * recorded: c7g.8xlarge is 32 cores, c6i.8xlarge 32 vCPUs on 16 cores.
 */
const fromInstanceType =
  (what: 'vcpus' | 'cores'): Reader =>
  (run) => {
    const nodes = nodesOf(run, 'sut');
    if (nodes.length === 0) return undefined;
    let total = 0;
    const parts: string[] = [];
    for (const node of nodes) {
      const type = fromField(node.hardware.hostType);
      const cpus = type ? awsInstanceCpus(type.value) : null;
      if (!cpus) return undefined;
      const n = what === 'vcpus' ? cpus.vcpus : cpus.vcpus / cpus.threadsPerCore;
      total += node.count * n;
      parts.push(`${node.count} × ${display(type?.value)} (${n} ${what === 'vcpus' ? 'vCPUs' : 'cores'})`);
    }
    return { value: total, origin: 'derived', source: `from the instance type: ${parts.join(' + ')}` };
  };

/** The system's footprint: its own nodes and the auxiliary ones it needs (coordinators, metadata). */
const FOOTPRINT = ['sut', 'aux'] as const;

/** Words that say a system could use every CPU of its node. */
const WHOLE_MACHINE =
  /\b(all|every|each)( (of )?(the|its|available|logical|physical))* (cores?|v?cpus?|threads?|processors?|hardware threads)\b|\bwhole (machine|host|node)\b/;

/** A node's CPUs as provisioned: vCPUs, else hardware threads, else cores. */
function nodeCpus(node: Node): number | null {
  const f =
    fromField(node.hardware.vcpus) ?? fromField(node.hardware.threads) ?? fromField(node.hardware.cores);
  return f ? parseNumber(f.value) : null;
}

/**
 * vCPUs the system could use on one node: a recorded `vcpusUsed` (pinned cores, a CPU limit), else
 * its processes × threads when recorded (a single-threaded server uses one core of any machine),
 * capped by the node's vCPUs. Null when nothing says what the system used.
 */
function usedVcpus(node: Node): { value: number; how: string } | 'nothing' | null {
  if (saysNothing(node.hardware.vcpusUsed)) return 'nothing';
  const used = fromField(node.hardware.vcpusUsed);
  const usedN = used ? parseNumber(used.value) : null;
  if (usedN !== null) return { value: usedN, how: `${String(used?.value)} used` };
  // "all cores (default configuration)": the whole node, however it counts its CPUs.
  const whole = used && WHOLE_MACHINE.test(normText(used.value)) ? nodeCpus(node) : null;
  if (whole !== null) return { value: whole, how: `all ${whole} used` };
  const processes = fromField(node.software.processes);
  const threads = fromField(node.software.threadsPerProcess);
  // A count only (processCount): "mysqld + sysbench + pmm2-client" is no number of processes.
  const count = processes ? processCount(processes.value) : null;
  const p = typeof count === 'number' ? count : null;
  if (p === null) return null;
  const perProcess = threads ? threadCount(threads.value) : null;
  const t = typeof perProcess === 'number' ? perProcess : null;
  const provisioned = fromField(node.hardware.vcpus) ?? fromField(node.hardware.threads);
  const cap = provisioned ? parseNumber(provisioned.value) : null;
  if (t === null && cap === null) return null;
  const wanted = t === null ? (cap as number) : p * t;
  const value = cap === null ? wanted : Math.min(wanted, cap);
  return {
    value,
    how: `${p} process${p === 1 ? '' : 'es'}${t === null ? '' : ` × ${t} thread${t === 1 ? '' : 's'}`}${cap === null ? '' : ` of ${cap} vCPUs`}`,
  };
}

/** Sum over the nodes of the vCPUs the system could use; undefined when no node says. */
const usedVcpusTotal =
  (roles: readonly Role[]): Reader =>
  (run) => {
    const nodes = nodesOf(run, roles);
    let total = 0;
    let any = false;
    const parts: string[] = [];
    for (const node of nodes) {
      // A source that says this side used other cores without printing how many.
      const marked = fromField(node.hardware.vcpusUsed);
      if (marked?.differs) return marked;
      const u = usedVcpus(node);
      if (u === 'nothing') return undefined;
      const provisioned = fromField(node.hardware.vcpus) ?? fromField(node.hardware.threads);
      const per = u?.value ?? (provisioned ? parseNumber(provisioned.value) : null);
      if (u) any = true;
      if (per === null) return undefined;
      total += node.count * per;
      parts.push(`${node.count} × ${u ? u.how : `${per} vCPUs`}`);
    }
    if (!any) return undefined;
    return {
      value: total,
      origin: 'derived',
      source: `used over ${roles.join(' + ')} nodes: ${parts.join(' + ')}`,
    };
  };

/** Memory the system could use: each node's memory, or its limit when lower. */
const usableMemoryTotal =
  (roles: readonly Role[]): Reader =>
  (run) => {
    const nodes = nodesOf(run, roles);
    if (nodes.length === 0) return undefined;
    let total = 0;
    const parts: string[] = [];
    for (const node of nodes) {
      if (saysNothing(node.hardware.memoryLimitBytes)) return undefined;
      const mem = fromField(node.hardware.memoryBytes);
      const limit = fromField(node.hardware.memoryLimitBytes);
      // "The limit differs, value not stated" is a difference to show, not a missing value.
      if (limit?.differs) return limit;
      const m = mem ? toBytes(mem.value) : null;
      // A limit is often said in words ("JVM heap ~12 GB", "shared_buffers at the default 128 MB"),
      // or as a share of the machine's memory ("--gpu-memory-utilization 0.9").
      const share = limit ? memoryShare(limit.value) : null;
      const l = limit
        ? (bytesInText(limit.value) ?? (share !== null && m !== null ? share * m : null))
        : null;
      const per = m !== null && l !== null ? Math.min(m, l) : (l ?? m);
      if (per === null) return undefined;
      total += node.count * per;
      parts.push(`${node.count} × ${String((l !== null && (m === null || l < m) ? limit : mem)?.value)}`);
    }
    return {
      value: total,
      origin: 'derived',
      source: `sum over ${roles.join(' + ')} nodes: ${parts.join(' + ')}`,
    };
  };

/** A share said with what it is a share of: "fraction", "utilization", "of the GPU memory", "80% of RAM". */
const SHARE_OF_MEMORY =
  /\b(fraction|utili[sz]ation|share|ratio)\b|%[^.;,]{0,12}\b(memory|ram|vram|hbm)\b|\bof (the )?(\w+ )?(memory|ram|vram|hbm)\b/;

/**
 * The share of its machine's memory a limit names ("--gpu-memory-utilization 0.9",
 * "mem_fraction_static=0.75", "80% of RAM"), or null when it names bytes or no share.
 */
export function memoryShare(value: unknown): number | null {
  if (typeof value !== 'string' || bytesInText(value) !== null) return null;
  const t = normText(value);
  if (!SHARE_OF_MEMORY.test(t)) return null;
  const percent = /(?<![\d.])(\d{1,3}(?:\.\d+)?) ?%/.exec(t);
  if (percent) {
    const n = Number(percent[1]);
    return n > 0 && n <= 100 ? n / 100 : null;
  }
  const fraction = /(?<![\d.])(0?\.\d+|1\.0+)(?![\d.%])/.exec(t);
  return fraction ? Number(fraction[1]) : null;
}

/**
 * The share of each system node's memory its limit allows, when the sides say shares and not
 * bytes (GPU serving engines: vLLM's 0.9 against SGLang's 0.75 of the same card): one share per
 * side, or nothing when its nodes name different shares or any names none.
 */
const usableMemoryShare: Reader = (run) => {
  const nodes = nodesOf(run, SYSTEM);
  const limits = nodes.map((n) => fromField(n.hardware.memoryLimitBytes));
  const shares = limits.map((l) => (l && !l.differs ? memoryShare(l.value) : null));
  const [first] = shares;
  if (first === undefined || first === null || shares.some((s) => s !== first)) return undefined;
  return {
    value: first,
    origin: 'derived',
    source: `share of memory named by ${limits.map((l) => display(l?.value)).join(' + ')}`,
  };
};

/**
 * A server's threads per process as printed: a count, 1 for "single event loop thread" or "not
 * multithreaded", 'several' for "multiple server threads" or "client thread + compaction thread".
 */
export function threadCount(value: unknown): number | 'several' | null {
  if (typeof value === 'number') return value;
  const t = normText(value);
  if (/^\d+$/.test(t)) return Number(t);
  // "client thread + separate compaction thread": threads added up are several.
  if (/\+[^+]*\bthreads?\b/.test(t)) return 'several';
  const kind = parallelism(t);
  if (kind) return kind === 'many' ? 'several' : 1;
  return /\bsingle\b|\bone\b|^1\b/.test(t) ? 1 : null;
}

/**
 * Whether a side's server keeps one core busy or several: read from the cores it was given
 * (vcpusUsed), else from its processes and threads ("pm2 -i max" or "multiple server threads" is
 * several; one process on one event-loop thread is one). A multithreaded server against a
 * single-threaded one on the same machine uses more of it, whatever was provisioned.
 */
const coreUse: Reader = (run) => {
  const uses = new Set<string>();
  const how: string[] = [];
  for (const node of nodesOf(run, 'sut')) {
    const used = fromField(node.hardware.vcpusUsed);
    const usedN = used && !used.differs ? parseNumber(used.value) : null;
    const processes = fromField(node.software.processes);
    const threads = fromField(node.software.threadsPerProcess);
    // A source that says this side ran other processes or threads without printing them.
    const marked = [used, processes, threads].find((f) => f?.differs);
    if (marked) return marked;
    const p = processes ? processCount(processes.value) : null;
    const t = threads ? threadCount(threads.value) : null;
    // Cores used in words: "all available CPU cores", "single-threaded".
    const usedWords = used && !used.differs && usedN === null ? threadCount(used.value) : null;
    let use: string | null = null;
    if (usedN !== null) use = usedN > 1 ? 'several cores' : 'one core';
    else if (usedWords === 'several' || (typeof usedWords === 'number' && usedWords > 1))
      use = 'several cores';
    else if (usedWords === 1) use = 'one core';
    else if (
      p === 'per-core' ||
      (typeof p === 'number' && p > 1) ||
      t === 'several' ||
      (typeof t === 'number' && t > 1)
    )
      use = 'several cores';
    // One thread in a process whose count is not given: one process, as a program runs unless
    // it says it forks (the count serverThreads assumes too).
    else if ((p === 1 || (p === null && !processes)) && t === 1) use = 'one core';
    if (use === null) return undefined;
    uses.add(use);
    how.push(
      usedN !== null || usedWords !== null
        ? `${String(used?.value)} vCPUs used`
        : `${String(processes?.value ?? '?')} process(es) × ${String(threads?.value ?? '?')} thread(s)`,
    );
  }
  if (uses.size !== 1) return undefined;
  return { value: [...uses][0] as string, origin: 'derived', source: how.join(' + ') };
};

/** A build's own switch for parallel execution: OpenMP ("-fopenmp", "OPENMP=1", "--disable-openmp"). */
const OPENMP = /\bf?open ?mp\b/;
const OPENMP_OFF = /\b(without|no|disabled?|off)\b[^.;,]{0,20}\bopen ?mp\b|\bopen ?mp\b (disabled|off|0)\b/;

/**
 * Cores kept busy as the build decides them, when no process or thread count says it: a build
 * with OpenMP runs its loops on every core, one built without it on one. Read from the compiler
 * flags only where they name OpenMP; the rebuild a note mentions afterwards does not count.
 */
const buildCoreUse: Reader = (run) => {
  const flags = groupField('software', 'compilerFlags')(run);
  if (!flags || flags.differs) return undefined;
  const t = normText(flags.value).replace(/\b(later|afterwards|then) rebuilt\b.*$/, '');
  if (!OPENMP.test(t)) return undefined;
  return {
    value: OPENMP_OFF.test(t) ? 'one core' : 'several cores',
    origin: 'derived',
    source: `software.compilerFlags: ${String(flags.value)}`,
  };
};

/** How the system runs on its nodes: "3 × 1 process × 16 threads" (a single-threaded server shows here). */
const processModel: Reader = (run) => {
  const parts: string[] = [];
  for (const node of nodesOf(run, 'sut')) {
    if (saysNothing(node.software.processes) || saysNothing(node.software.threadsPerProcess))
      return undefined;
    const p = fromField(node.software.processes);
    const t = fromField(node.software.threadsPerProcess);
    if (!p && !t) continue;
    parts.push(
      `${node.count} × ${p ? `${String(p.value)} process(es)` : '? processes'}${t ? ` × ${String(t.value)} thread(s)` : ''}`,
    );
  }
  return parts.length
    ? { value: parts.join(' + '), origin: 'derived', source: 'nodes[].software.processes, threadsPerProcess' }
    : undefined;
};

/**
 * Threads a server node runs, where its thread count is a number: processes (one when not
 * stated) × threads per process. Four verifier threads against git's default three is a third
 * more of the machine.
 */
const serverThreads: Reader = (run) => {
  const counts: number[] = [];
  for (const node of nodesOf(run, 'sut')) {
    const t = fromField(node.software.threadsPerProcess);
    const p = fromField(node.software.processes);
    const threads = t && !t.differs ? threadCount(t.value) : null;
    const processes = p && !p.differs ? processCount(p.value) : 1;
    if (typeof threads !== 'number' || typeof processes !== 'number') return undefined;
    counts.push(threads * processes);
  }
  return counts.length
    ? {
        value: Math.max(...counts),
        origin: 'derived',
        source: 'nodes[].software.processes × threadsPerProcess',
      }
    : undefined;
};

const SYSTEM = ['sut'] as const;

export function checkHw2(input: ComparisonInput): CheckOutcome {
  const total = (v: unknown) => parseNumber(v);
  // Auxiliary nodes (coordinators, metadata services) count in a system's footprint: totals with
  // them are compared when any side has some, beside the system's own nodes.
  const withAux = input.entries.some((e) =>
    e.runs.some((r) => r.provenance.nodes.some((n) => n.role === 'aux')),
  );
  const footprint: FieldSpec[] = withAux
    ? [
        {
          field: 'nodes.aux.count (with system nodes)',
          label: 'node count with auxiliary nodes',
          read: nodeCount(FOOTPRINT),
          norm: total,
          tolerance: 1.1,
        },
        {
          field: 'nodes.aux.hardware.vcpus (total with system nodes)',
          label: 'vCPUs with auxiliary nodes',
          read: nodeSum(FOOTPRINT, 'vcpus', vcpusOf),
          norm: total,
          tolerance: 1.1,
        },
        {
          field: 'nodes.aux.hardware.vcpusUsed (total with system nodes)',
          label: 'vCPUs used with auxiliary nodes',
          read: usedVcpusTotal(FOOTPRINT),
          norm: total,
          tolerance: 1.1,
        },
      ]
    : [];
  return verdict(
    input,
    [
      {
        field: 'nodes.sut.count',
        label: 'node count',
        read: nodeCount('sut'),
        norm: total,
        tolerance: 1.1,
      },
      {
        field: 'nodes.sut.hardware.vcpus (total)',
        label: 'total vCPUs',
        read: firstOf(
          nodeSum('sut', 'vcpus', vcpusOf),
          nodeSum('sut', 'threads', vcpusOf),
          nodeSum('sut', 'cores', vcpusOf),
          fromInstanceType('vcpus'),
        ),
        norm: total,
        tolerance: 1.1,
        required: true,
      },
      {
        field: 'nodes.sut.hardware.vcpusUsed (total)',
        label: 'vCPUs the system could use',
        read: usedVcpusTotal(SYSTEM),
        norm: total,
        tolerance: 1.1,
        // The cores one side used, nothing said of the others: they may have used fewer or more
        // (principle 2), as with 14 cores for Vortex against Parquet's unstated parallelism.
        unevenIsFinding: true,
      },
      {
        field: 'nodes.sut.hardware.cores (total)',
        label: 'total physical cores',
        read: firstOf(nodeSum('sut', 'cores', vcpusOf), coresFromThreads, fromInstanceType('cores')),
        norm: total,
        tolerance: 1.1,
      },
      {
        field: 'nodes.sut.hardware.threads (total)',
        label: 'total hardware threads',
        read: nodeSum('sut', 'threads', vcpusOf),
        norm: total,
        tolerance: 1.1,
      },
      {
        field: 'nodes.sut.software.processes',
        label: 'server processes per node',
        read: nodeField('sut', 'software', 'processes'),
        norm: workerCount,
      },
      {
        field: 'nodes.sut.software.threadsPerProcess',
        label: 'server processes × threads',
        read: processModel,
        evidenceOnly: true,
      },
      {
        field: 'nodes.sut.software.threadsPerProcess (threads per node)',
        label: 'server threads per node',
        read: serverThreads,
        norm: (v) => parseNumber(v),
        tolerance: 1.2,
      },
      {
        field: 'nodes.sut.software.threadsPerProcess (cores kept busy)',
        label: 'cores the server keeps busy',
        read: firstOf(coreUse, buildCoreUse),
        // One core kept busy on one side, nothing said of the others: a server confined to a
        // core of its machine against servers left at their defaults (which use them all, as
        // most do) until shown otherwise, whichever side it handicaps (as F-SW-2 reads one-sided
        // tuning).
        unevenIsFinding: (use) => use === 'one core',
      },
      {
        field: 'nodes.sut.hardware.memoryLimitBytes (total)',
        label: 'total memory the system could use',
        read: usableMemoryTotal(SYSTEM),
        norm: total,
        tolerance: 1.1,
      },
      {
        field: 'nodes.sut.hardware.memoryLimitBytes (share of memory)',
        label: 'share of memory the system could use',
        read: usableMemoryShare,
        norm: total,
        tolerance: 1.05,
      },
      {
        field: 'nodes.sut.hardware.memoryBytes (total)',
        label: 'total memory provisioned',
        read: nodeSum('sut', 'memoryBytes', toBytes),
        evidenceOnly: true,
      },
      {
        field: 'nodes.sut.hardware.sockets (total)',
        label: 'total CPU sockets',
        read: nodeSum('sut', 'sockets', total),
        norm: total,
        tolerance: 1,
      },
      {
        field: 'nodes.sut.hardware.storageType',
        label: 'storage type',
        read: nodeField('sut', 'hardware', 'storageType'),
        norm: normStorage,
        // Data kept in RAM (tmpfs, /dev/shm) on one side is a relaxation until the others are shown.
        unevenIsFinding: (kind) => kind === 'memory',
      },
      {
        // The database behind a web framework, the store behind a queue: the auxiliary node holds
        // the data, and its storage in RAM on one side only is the same relaxation.
        field: 'nodes.aux.hardware.storageType',
        label: 'auxiliary storage type',
        read: nodeField('aux', 'hardware', 'storageType'),
        norm: normStorage,
        unevenIsFinding: (kind) => kind === 'memory',
      },
      {
        field: 'nodes.sut.hardware.storageType (provisioned IOPS)',
        label: 'provisioned storage IOPS',
        read: storageIops,
        norm: (v) => parseNumber(v),
        tolerance: 1.1,
      },
      {
        field: 'nodes.sut.hardware.storageBytes (total)',
        label: 'total storage',
        read: nodeSum('sut', 'storageBytes', toBytes),
        norm: total,
        tolerance: 1.5,
      },
      {
        field: 'nodes.sut.hardware.network',
        label: 'network',
        read: nodeField('sut', 'hardware', 'network'),
        norm: (v) => parseNumber(v) ?? normText(v),
      },
      {
        field: 'nodes.sut.hardware.accelerators',
        label: 'accelerators',
        read: nodeField('sut', 'hardware', 'accelerators'),
        // How many; which model is F-HW-1's.
        norm: acceleratorCount,
        // An accelerator used on one side, nothing said of the others': most systems use none,
        // so the side with one had resources the others are not shown to have.
        unevenIsFinding: (count) => typeof count === 'number' && count > 0,
      },
      ...footprint,
    ],
    {
      why: 'more or fewer resources change what the same software can do, so per-resource efficiency, not raw throughput, is comparable',
      subject: 'the resources each system could use (nodes, vCPUs, memory, storage)',
    },
  );
}

// --- F-HW-3 ------------------------------------------------------------------------------------

/** The hardware generation read from a cloud instance type, when the CPU family is not recorded. */
const instanceGeneration: Reader = (run) => {
  const f = nodeField('sut', 'hardware', 'hostType')(run);
  if (!f) return undefined;
  const types = Array.isArray(f.value) ? f.value : [f.value];
  const parsed = types.map((t) => parseAwsInstanceType(t));
  if (parsed.some((p) => p === null)) return undefined;
  const described = parsed.map((p, i) => `${String(types[i])}: ${p?.processor}, generation ${p?.generation}`);
  return {
    value: described.length === 1 ? (described[0] as string) : described,
    origin: 'derived',
    source: 'read from the AWS instance type name (family, generation, processor letter)',
  };
};

/** Hardware not on sale when measured: a preview, a sample, a launch still to come. */
const UNRELEASED =
  /\b(upcoming|unreleased|not (yet )?(launched|released|available|shipping)|pre-?(production|release)|engineering samples?|preview|prototype|projected|future)\b/;
const RELEASED = /\b(shipping|available|generally available|ga|launched|released|in production|extant)\b/;
/** Hardware a newer generation had replaced when measured. */
const SUPERSEDED =
  /\b(older|previous|prior|outdated|legacy) generation\b|\bsuperseded\b|\bend of life\b|\beol\b/;

/**
 * Where the hardware stood in its lifecycle when measured, as the availability's words say:
 * 'unreleased', 'superseded' or 'released'; null for a date or other words.
 */
export function releaseState(value: unknown): 'unreleased' | 'superseded' | 'released' | null {
  const t = normText(value);
  if (UNRELEASED.test(t)) return 'unreleased';
  if (SUPERSEDED.test(t)) return 'superseded';
  return RELEASED.test(t) ? 'released' : null;
}

export function checkHw3(input: ComparisonInput): CheckOutcome {
  const specs: FieldSpec[] = [
    {
      field: 'nodes.sut.hardware.cpuFamily',
      label: 'CPU family',
      read: nodeField('sut', 'hardware', 'cpuFamily'),
    },
    {
      // Unreleased parts against shipping ones: the buyer cannot have what one side measured. A
      // derived path of its own: comparing processors on purpose still compares this.
      field: 'nodes.sut.hardware.releaseState (from hwAvailability)',
      label: 'release state (unreleased, current or superseded)',
      read: nodeField('sut', 'hardware', 'hwAvailability'),
      norm: releaseState,
      // Unreleased or superseded hardware stated for one side is a finding until the others say theirs.
      unevenIsFinding: (state) => state === 'unreleased' || state === 'superseded',
    },
    {
      field: 'nodes.sut.hardware.hwAvailability',
      label: 'hardware availability year',
      read: nodeField('sut', 'hardware', 'hwAvailability'),
      norm: (v) => {
        const day = toDay(v);
        return day === null ? null : new Date(day * 86_400_000).getUTCFullYear();
      },
    },
    {
      field: 'nodes.sut.hardware.cpuVendor',
      label: 'CPU vendor',
      read: nodeField('sut', 'hardware', 'cpuVendor'),
      norm: (v) => {
        const t = normText(v);
        if (/intel/.test(t)) return 'intel';
        if (/amd/.test(t)) return 'amd';
        if (/graviton|aws|ampere|arm/.test(t)) return 'arm';
        return null;
      },
    },
    {
      field: 'nodes.sut.hardware.maxFrequencyMhz',
      label: 'maximum frequency',
      read: nodeField('sut', 'hardware', 'maxFrequencyMhz'),
      norm: (v) => {
        const n = parseNumber(v);
        // "3.5 GHz" and "3500" are the same frequency.
        return n === null ? null : n < 100 ? n * 1000 : n;
      },
      tolerance: 1.1,
    },
    { field: 'nodes.sut.hardware.caches', label: 'CPU caches', read: nodeField('sut', 'hardware', 'caches') },
    {
      field: 'nodes.sut.hardware.hostType (generation)',
      label: 'instance generation and processor',
      read: instanceGeneration,
      norm: (v) => normText(v).replace(/^[^:]*: /, ''),
    },
  ];
  const comparisons = compareFields(input, specs);
  const outcome = verdictOf(comparisons, {
    why: 'newer processors do more per core and per dollar, so the comparison mixes hardware generations with software',
    subject: 'the hardware generation',
  });
  if (outcome.state !== 'unknown' || comparisons.some((c) => c.known)) return outcome;
  const missing = missingOf(comparisons, false);
  return {
    state: 'unknown',
    evidence: outcome.evidence,
    missing,
    message:
      'Cannot check the hardware generation: no CPU family, availability date or recognisable instance type on every side.',
  };
}

// --- F-HW-4 ------------------------------------------------------------------------------------

/**
 * Server processes per node as F-HW-2 compares them: a count, or 'per-core' for a server that
 * starts one per CPU (prefork, one shard per core); null for a list of other programs.
 */
/**
 * The IOPS a volume was provisioned with, as its storage line prints them: "15k IOPS", "12,500
 * IOPS", or a rate per size ("250 GB, 50 IOPS/GiB" is 12,500). Null when no IOPS are printed.
 */
export function provisionedIops(value: unknown): number | null {
  const t = normText(value).replace(/(\d),(\d{3})/g, '$1$2');
  const perSize = /(\d+(?:\.\d+)?) ?iops ?\/ ?gi?b\b/.exec(t);
  if (perSize) {
    const size = /(\d+(?:\.\d+)?) ?(gi?b|ti?b)\b(?! ?\/)/.exec(t.replace(perSize[0], ''));
    if (!size) return null;
    const gb = Number(size[1]) * (size[2]?.startsWith('t') ? 1024 : 1);
    return Number(perSize[1]) * gb;
  }
  const flat = /(\d+(?:\.\d+)?) ?(k)? ?(?:provisioned )?iops\b/.exec(t);
  return flat ? Number(flat[1]) * (flat[2] ? 1000 : 1) : null;
}

/** Provisioned IOPS where the storage line prints them; a line without IOPS states none ("gp3" is compared by name). */
const storageIops: Reader = (run) => {
  const f = nodeField('sut', 'hardware', 'storageType')(run);
  if (!f || f.differs) return f;
  const iops = provisionedIops(f.value);
  if (iops === null) return undefined;
  return { value: iops, origin: 'derived', source: `read from the storage line “${display(f.value)}”` };
};

/**
 * A managed service's price on one side against the price of machines on another: the service's
 * price includes the operating that the machines' price leaves out. Sides whose pricing model
 * says neither are left out.
 */
function pricedDifferently(input: ComparisonInput): string[] {
  const sides = input.entries.flatMap((entry) => {
    const read = entryValue(readEntry(entry, groupField('cost', 'pricingModel')));
    const kind = read && !read.differs ? pricedAs(read.value) : null;
    return kind ? [{ entry, kind }] : [];
  });
  if (new Set(sides.map((s) => s.kind)).size < 2) return [];
  return [`priced as ${sides.map((s) => `${s.kind} on ${s.entry.label}`).join(' vs ')}`];
}

/** A managed service (pods, credits, usage tiers) or the machines it runs on (self-hosted, EC2). */
function pricedAs(value: unknown): string | null {
  const t = normText(value);
  if (
    /\bmanaged\b|\bservice\b|serverless|\bsaas\b|\bpods?\b|\bcredits?\b|usage based|per (query|request)/.test(
      t,
    )
  )
    return 'managed service';
  if (/self ?hosted|infrastructure|\bec2\b|\bvms?\b|bare metal|on prem|own hardware/.test(t))
    return 'infrastructure';
  return null;
}

export function processCount(value: unknown): number | string | null {
  if (typeof value === 'number') return value;
  const t = normText(value);
  // Scaled to the machine: "one per core", "worker_processes auto", "2 x CPU cores workers", a
  // count read from the machine ("Etc.nprocessors", "os.cpus().length", "runtime.NumCPU()").
  if (
    /per (cpu|core|vcpu|thread)|\bn ?processors\b|\bnproc\b|\bcpu ?count\b|\bnum ?cpus?\b|\bcpus\W+length\b|available ?processors|number of (cpus|cores|processors)|prefork|one (process|shard) per|cluster mode|\bnode\W?js cluster\b|\bcluster (module|workers?)\b|available ?parallelism|\bi max\b|instances? ?[=:]? ?max|(workers?|processes) ?[=:]? ?auto|^auto\b|\d+ ?(x|×|times) ?(the )?(number of )?(cpu|core|vcpu)/.test(
      t,
    )
  )
    return 'per-core';
  // A count leading the words: "1 (worker_processes not set; default 1)", "4 puma workers x
  // 1-16 threads", "one JVM (threads not stated)". Not "1 × 8 threads", which is threads.
  const lead = /^\s*(\d+|one|a single|single)\b(?!\s*(x\b|×|times\b))/.exec(t);
  if (!lead) return null;
  return /^\d+$/.test(lead[1] as string) ? Number(lead[1]) : 1;
}

/**
 * Server workers per node: the process count, times the threads each runs where the same line
 * states them. "1 process, 8 worker threads" does the work of 8 single-threaded processes.
 */
export function workerCount(value: unknown): number | string | null {
  const processes = processCount(value);
  if (typeof processes !== 'number') return processes;
  // Not a range's upper end ("1-16 threads").
  const threads = /(?<![\d–-])(\d+) (worker )?threads?\b/i.exec(String(value));
  return threads ? processes * Number(threads[1]) : processes;
}

/**
 * The SUT host's processes when described as a list of programs ("mysqld + sysbench +
 * pmm2-client"): other programs beside the server make the host busier. A count or a process
 * model ("one per core") is F-HW-2's.
 */
const colocatedProcesses: Reader = (run) => {
  const f = nodeField('sut', 'software', 'processes')(run);
  if (f && processCount(f.value) === null) return f;
  return sharingAuxiliary(run);
};

/** An auxiliary node said to live on the SUT's own machine: "control plane on the same single node". */
const SAME_HOST =
  /\bon the same (single |one )?(node|host|machine|server|box|vm|instance)\b|\bco-?located with\b/;

/**
 * Auxiliary services the publication places on the SUT's machine (a Kubernetes control plane with
 * etcd beside the database it schedules): they load the host as much as programs listed on it.
 * A client there is F-CLIENT-4's.
 */
function sharingAuxiliary(run: RunInput): ReadField | undefined {
  const sharing = nodesOf(run, 'aux').filter((n) => SAME_HOST.test(normText(n.name)));
  if (sharing.length === 0) return undefined;
  return {
    value: sharing.map((n) => n.name).join('; '),
    origin: 'derived',
    source: 'nodes.aux (on the SUT host)',
  };
}

/**
 * Whether a printed governor holds the clock fixed: 'fixed' (performance, userspace, "CPU
 * frequency scaling disabled"), 'varies' (powersave, ondemand, schedutil, conservative), or null
 * for wording this does not know — a reviewer reads that, it is not flagged.
 */
export function governorHolds(value: unknown): 'fixed' | 'varies' | null {
  const t = normText(value);
  if (
    /\b(powersave|ondemand|schedutil|conservative)\b|scaling (is )?(on|enabled)|turbo boost on demand/.test(t)
  )
    return 'varies';
  if (
    /^(performance|userspace|none|n\/a|not applicable)$|\bperformance governor\b|scaling (is )?(disabled|off)|no (frequency )?scaling|fixed (frequency|clock)/.test(
      t,
    )
  )
    return 'fixed';
  return null;
}

/**
 * A load described in words as uncontrolled: "not quiet", "busy laptop", "other programs
 * running", "noisy neighbours", "a shared runner". Its noise differs from run to run.
 */
/**
 * Words that say the machine was not quiet while it measured, of its load ("other programs
 * running") or of the host itself ("shared GitHub Actions runner", "low battery").
 */
const NOT_QUIET =
  /\bnot (quiet(ed)?|idle|isolated)\b|\bbusy\b|\bother (programs|processes|applications|jobs|workloads?)\b[^.;]{0,20}\brunning\b|\bnoisy neighbou?rs?\b|\bshared\b(?:[^.;]|\.\d){0,40}\b(runner|host|machine|vm|instance|server)s?\b|\b(low|on) battery\b|\bbackground (apps|applications|programs|processes)\b/;

/** A kind of host nobody holds quiet or at a fixed clock by default: a laptop, a phone, a CI runner. */
const UNQUIET_KIND =
  /\b(laptop|notebook|macbook|phone|tablet|github actions|ci runner|desktop|workstation|developer machine|dev machine)\b/;

/** The system-under-test host as the publication describes it: its host type and its node's name. */
function hostDescription(entry: Entry): string {
  // A name that only numbers the node ("sut-0") says nothing of the host.
  const names = entry.runs.flatMap((run) =>
    nodesOf(run, 'sut')
      .map((n) => n.name)
      .filter((name) => !/^(sut|node|server)[-_ ]?\d*$/i.test(name ?? '')),
  );
  const hostType = entryValue(readEntry(entry, nodeField('sut', 'hardware', 'hostType')))?.value;
  return [...new Set([...names, hostType])]
    .filter((t): t is string => typeof t === 'string' && t !== '')
    .join('; ');
}

export function checkHw4(input: ComparisonInput): CheckOutcome {
  const governor: FieldSpec = {
    field: 'nodes.sut.hardware.governor',
    label: 'frequency governor',
    read: nodeField('sut', 'hardware', 'governor'),
    norm: governorHolds,
    required: true,
  };
  const specs: FieldSpec[] = [
    governor,
    {
      field: 'nodes.sut.hardware.turbo',
      label: 'turbo',
      read: nodeField('sut', 'hardware', 'turbo'),
      norm: (v) => {
        const b = toBool(v);
        return b === null ? null : String(b);
      },
    },
    {
      field: 'nodes.sut.hardware.smt',
      label: 'SMT',
      read: nodeField('sut', 'hardware', 'smt'),
      norm: (v) => {
        const b = toSmt(v);
        return b === null ? null : String(b);
      },
    },
    {
      field: 'nodes.sut.hardware.loadAverage',
      label: 'load average at start',
      read: nodeField('sut', 'hardware', 'loadAverage'),
      norm: (v) => parseNumber(v),
      tolerance: Number.POSITIVE_INFINITY,
    },
    {
      field: 'nodes.sut.software.virtualization',
      label: 'virtualization',
      read: nodeField('sut', 'software', 'virtualization'),
      norm: virtualizationOf,
    },
    {
      field: 'nodes.sut.software.container',
      label: 'container runtime',
      read: nodeField('sut', 'software', 'container'),
      norm: normContainer,
    },
    {
      field: 'nodes.sut.software.containerImage',
      label: 'container image',
      read: nodeField('sut', 'software', 'containerImage'),
      evidenceOnly: true,
    },
    {
      field: 'nodes.sut.hardware.diskScheduler',
      label: 'disk scheduler',
      read: nodeField('sut', 'hardware', 'diskScheduler'),
    },
    {
      field: 'nodes.sut.hardware.mountOptions',
      label: 'mount options',
      read: nodeField('sut', 'hardware', 'mountOptions'),
    },
    {
      field: 'nodes.sut.software.processes',
      label: 'what else runs on the SUT host',
      read: colocatedProcesses,
    },
    {
      field: 'nodes.sut.hardware.microcode',
      label: 'microcode',
      read: nodeField('sut', 'hardware', 'microcode'),
      evidenceOnly: true,
    },
    // Cooling and power limits decide how long a CPU holds its boost clocks.
    { field: 'nodes.sut.hardware.cooling', label: 'cooling', read: nodeField('sut', 'hardware', 'cooling') },
    {
      field: 'nodes.sut.hardware.powerLimits',
      label: 'power limits',
      read: nodeField('sut', 'hardware', 'powerLimits'),
    },
  ];
  const comparisons = compareFields(input, specs);
  const flags: string[] = [];
  for (const side of comparisons[0]?.sides ?? []) {
    if (side.read && governorHolds(side.read.value) === 'varies')
      flags.push(
        `${side.entry.label} ran with the "${display(side.read?.value)}" governor (frequency not fixed)`,
      );
  }
  for (const side of comparisons[3]?.sides ?? []) {
    const load = side.keys.filter((k): k is number => typeof k === 'number');
    if (load.some((l) => l > 1))
      flags.push(`${side.entry.label} started with load average ${load.join(', ')}`);
    else if (side.read && !side.read.differs && NOT_QUIET.test(normText(side.read.value)))
      flags.push(`${side.entry.label} ran on a machine that was not quiet ("${display(side.read.value)}")`);
  }
  const hosts = input.entries.map((entry) => ({ entry, text: hostDescription(entry) }));
  for (const host of hosts)
    if (NOT_QUIET.test(normText(host.text)))
      flags.push(`${host.entry.label} ran on a machine that was not quiet ("${host.text}")`);
  const outcome = verdictOf(
    comparisons,
    {
      why: 'a busy machine or a changing clock frequency adds noise and bias that is not the software',
      subject: 'the machine state (governor, turbo, SMT, load)',
    },
    { flags },
  );
  // Nothing recorded of the machine's state, on a kind of host whose clock and load nobody fixes
  // unless told to: what the publication says of the host is worth a reviewer's look.
  const unquiet = hosts.filter((h) => UNQUIET_KIND.test(normText(h.text)));
  if (outcome.state !== 'unknown' || unquiet.length === 0) return outcome;
  return {
    ...outcome,
    state: 'needs_review',
    hint: `${unquiet.map((h) => `${h.entry.label} ran on ${h.text}`).join('; ')}, with no governor, turbo or load recorded`,
    message: `${unquiet.map((h) => h.entry.label).join(', ')} ran on a kind of machine (a laptop, a phone, a CI runner, a desktop) whose clock and load nobody fixes by default, and nothing records its state: a reviewer should confirm it was quiet.`,
  };
}

// --- F-COST-1 ----------------------------------------------------------------------------------

export function checkCost1(input: ComparisonInput): CheckOutcome {
  const specs: FieldSpec[] = [
    {
      field: 'cost.horizon',
      label: 'cost horizon',
      read: groupField('cost', 'horizon'),
      norm: (v) => {
        const t = normText(v);
        if (/hour|hr|per h/.test(t)) return 'hourly';
        if (/3 ?y|three year|36 month/.test(t)) return '3-year';
        if (/month/.test(t)) return 'monthly';
        return null;
      },
      required: true,
    },
    { field: 'cost.currency', label: 'currency', read: groupField('cost', 'currency'), required: true },
    {
      field: 'cost.pricingModel',
      label: 'pricing model',
      read: groupField('cost', 'pricingModel'),
      norm: (v) => {
        const t = normText(v);
        if (/on demand|list/.test(t)) return 'on-demand';
        if (/reserved|savings plan|commit/.test(t)) return 'reserved';
        if (/spot|preemptible/.test(t)) return 'spot';
        return null;
      },
    },
    {
      field: 'cost.priceDate',
      label: 'price year',
      read: groupField('cost', 'priceDate'),
      norm: (v) => {
        const d = toDay(v);
        return d === null ? null : new Date(d * 86_400_000).getUTCFullYear();
      },
    },
    { field: 'cost.region', label: 'price region', read: groupField('cost', 'region') },
    { field: 'cost.included', label: 'what the price includes', read: groupField('cost', 'included') },
    // Prices are results, not a basis: shown beside the basis, never compared.
    ...(['unitPricePerNodeHour', 'clusterCostPerHour', 'priceSource'] as const).map((key) => ({
      field: `cost.${key}`,
      label: key,
      read: groupField('cost', key),
      evidenceOnly: true,
    })),
  ];
  const comparisons = compareFields(input, specs);
  const outcome = verdictOf(
    comparisons,
    {
      why: 'prices on different bases (horizon, discounts, date, region, scope) make cost per unit of work incomparable',
      subject: 'the cost basis',
    },
    { flags: pricedDifferently(input) },
  );
  if (outcome.state !== 'pass') return outcome;
  const included = comparisons.find((c) => c.spec.field === 'cost.included');
  if (included && !included.known)
    return {
      ...outcome,
      state: 'needs_review',
      hint: `What each price includes is not recorded for ${included.sides
        .filter((s) => !s.known)
        .map((s) => s.entry.label)
        .join(', ')}: check that both cover the same scope (nodes, storage, I/O, transfer, licences).`,
      message: 'The cost basis matches on the recorded fields; what the prices include needs a reviewer.',
    };
  return outcome;
}

// --- F-COST-2 ----------------------------------------------------------------------------------

function isCostFormula(id: string): boolean {
  const f = formulaById(id);
  if (f) return /USD|µ¢|\$/.test(f.unit);
  return /cost|dollar|\$|price/.test(id);
}

const formulaIds: Reader = groupField('measurement', 'formulaIds');

function idsOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map((v) => String(v)).filter((v) => v.length > 0);
}

export function checkCost2(input: ComparisonInput): CheckOutcome {
  const evidence: CheckEvidence[] = [];
  const perEntry = input.entries.map((entry) => {
    const read = entryValue(readEntry(entry, formulaIds));
    const ids = read ? idsOf(read.value).filter(isCostFormula) : [];
    if (read) evidence.push(evidenceOf(entry, 'measurement.formulaIds', read));
    return { entry, ids };
  });
  const lacking = perEntry.filter((p) => p.ids.length === 0);
  const known = perEntry.filter((p) => p.ids.length > 0);
  const signatures = new Set(known.map((p) => [...p.ids].sort().join(' + ')));
  if (known.length >= 2 && signatures.size > 1) {
    const [a, b] = known;
    const mismatch =
      a && b
        ? formulaMismatch({ formulaId: a.ids.join('+'), value: 0 }, { formulaId: b.ids.join('+'), value: 0 })
        : null;
    return {
      state: 'flag',
      evidence,
      message: `Price/performance is ${known.map((p) => `${p.entry.label}: ${p.ids.join(' + ')}`).join(' vs ')}: ${mismatch ?? 'different formulas'}; per-hour and 3-year figures differ by orders of magnitude.`,
    };
  }
  if (lacking.length > 0)
    return {
      state: 'unknown',
      evidence,
      missing: lacking.map((p) => ({ entry: p.entry.label, field: 'measurement.formulaIds (cost)' })),
      message: `Cannot check the price/performance formula: no cost formula id recorded for ${lacking.map((p) => p.entry.label).join(', ')}.`,
    };
  return {
    state: 'pass',
    evidence,
    message: `Every side uses the same price/performance formula (${[...signatures][0]}).`,
  };
}
