// Which history a run belongs to. A history is a line of runs that should measure the same thing,
// so a change along it means the software changed, not the setup: the same project, benchmark and
// parameters (the run's labels), system (by name: its version is what changes along the line),
// testbed and branch. The testbed is a fingerprint of the hardware and OS the agent captured (or a
// person declared): a run on another machine type starts another line instead of polluting this
// one. Host names are left out, since CI runners get a new one every time.
//
// Pure and isomorphic: the server hashes `historyIdentityText` into the history's id
// (server/history/key.ts), the page shows the identity.
import { canonicalJson } from '@levelfield/contracts/canonical';
import { isObject } from './provenance-value';

/** Labels that say where in the line a run sits, not which line: never part of the key. */
export const POSITION_LABELS = ['branch', 'commit', 'repetition'] as const;

/** A git branch that names no branch: a detached checkout, as CI jobs on pull requests have. */
const NO_BRANCH = new Set(['HEAD', '']);

/** The hardware and OS fields of a node that make up the testbed fingerprint. */
const HARDWARE_FIELDS = ['hostType', 'arch', 'cpuModel', 'cores', 'threads', 'vcpus'] as const;
const SOFTWARE_FIELDS = ['osName', 'osVersion'] as const;

export interface TestbedNode {
  role: string;
  count: number;
  /** Field name → value as recorded; memory as whole GiB (the kernel's total moves by a few MB between boots). */
  [field: string]: string | number | boolean;
}

export interface HistoryIdentity {
  projectId: string;
  benchmark: string;
  /** The run's labels but the position labels, sorted by name. */
  parameters: Record<string, string>;
  system: string | null;
  testbed: TestbedNode[];
  branch: string | null;
}

/** What the key reads of a run (a Prisma Run row with its system's name fits). */
export interface RunForKey {
  projectId: string;
  benchmark: string;
  labels: unknown;
  provenance: unknown;
  system: { name: string } | null;
}

/** The value of a provenance field ({ value, origin }), when it is a plain scalar. */
function fieldValue(field: unknown): string | number | boolean | undefined {
  const value = isObject(field) ? field.value : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}

function stringLabels(labels: unknown): Record<string, string> {
  if (!isObject(labels)) return {};
  return Object.fromEntries(
    Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function testbedNode(node: unknown): TestbedNode | null {
  if (!isObject(node)) return null;
  const hardware = isObject(node.hardware) ? node.hardware : {};
  const software = isObject(node.software) ? node.software : {};
  const cloud = isObject(node.cloud) ? node.cloud : {};
  const out: TestbedNode = {
    role: typeof node.role === 'string' ? node.role : 'sut',
    count: typeof node.count === 'number' ? node.count : 1,
  };
  for (const name of HARDWARE_FIELDS) {
    const value = fieldValue(hardware[name]);
    if (value !== undefined) out[name] = value;
  }
  const memory = fieldValue(hardware.memoryBytes);
  if (typeof memory === 'number') out.memoryGiB = Math.round(memory / 2 ** 30);
  for (const name of SOFTWARE_FIELDS) {
    const value = fieldValue(software[name]);
    if (value !== undefined) out[name] = value;
  }
  const instanceType = fieldValue(cloud.instanceType);
  if (instanceType !== undefined) out.instanceType = instanceType;
  return out;
}

/** The testbed fingerprint: every node's hardware and OS, in a stable order. */
export function testbedOf(provenance: unknown): TestbedNode[] {
  const nodes = isObject(provenance) && Array.isArray(provenance.nodes) ? provenance.nodes : [];
  return nodes
    .map(testbedNode)
    .filter((node): node is TestbedNode => node !== null)
    .map((node) => ({ node, text: canonicalJson(node) }))
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .map(({ node }) => node);
}

/** A label given with the agent's --label wins over the agent's git capture. */
function gitPosition(run: RunForKey, label: 'branch' | 'commit', field: 'vcsBranch' | 'vcsCommit') {
  const labelled = stringLabels(run.labels)[label];
  const software = isObject(run.provenance) ? run.provenance.software : undefined;
  const captured = isObject(software) ? fieldValue(software[field]) : undefined;
  const value = (labelled ?? (captured === undefined ? '' : String(captured))).trim();
  return NO_BRANCH.has(value) ? null : value;
}

/** The run's branch: its `branch` label, else the branch git was on when the agent ran. */
export const branchOf = (run: RunForKey) => gitPosition(run, 'branch', 'vcsBranch');
/** The run's commit: its `commit` label, else the commit git was at. */
export const commitOf = (run: RunForKey) => gitPosition(run, 'commit', 'vcsCommit');

export function historyIdentity(run: RunForKey, options: { branch?: string | null } = {}): HistoryIdentity {
  const parameters = Object.fromEntries(
    Object.entries(stringLabels(run.labels))
      .filter(([name]) => !(POSITION_LABELS as readonly string[]).includes(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return {
    projectId: run.projectId,
    benchmark: run.benchmark,
    parameters,
    system: run.system?.name ?? null,
    testbed: testbedOf(run.provenance),
    branch: options.branch !== undefined ? options.branch : branchOf(run),
  };
}

/** The text the history id is a hash of: the identity's canonical JSON (RFC 8785). */
export function historyIdentityText(identity: HistoryIdentity): string {
  return canonicalJson(identity);
}

/** "8 × c5.xlarge · Intel Xeon 8275CL · 4 cores · 8 GiB · Ubuntu 22.04", for headings. */
export function describeTestbed(testbed: TestbedNode[]): string {
  if (testbed.length === 0) return 'testbed not recorded';
  return testbed
    .map((node) => {
      const parts = [
        node.instanceType ?? node.hostType,
        node.cpuModel,
        node.cores !== undefined ? `${node.cores} cores` : undefined,
        node.memoryGiB !== undefined ? `${node.memoryGiB} GiB` : undefined,
        [node.osName, node.osVersion].filter((v) => v !== undefined).join(' ') || undefined,
      ].filter((part) => part !== undefined && part !== '');
      return `${node.count > 1 ? `${node.count} × ` : ''}${node.role}: ${parts.join(' · ') || 'no details'}`;
    })
    .join('; ');
}
