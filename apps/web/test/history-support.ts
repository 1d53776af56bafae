// Runs of a history for the integration tests: finished agent runs on one testbed, each with a
// latency series and its whole-run summary, as the ingest API leaves them.
import type { PrismaClient } from '@levelfield/db/client';
import { encodeCompressed, Histogram } from '@levelfield/metrics/hdr';

const captured = <T>(value: T) => ({ value, origin: 'captured', source: 'test' });

/** The provenance the agent captures on one machine, at a commit of a branch. */
export function machineProvenance(cpuModel = 'Intel Xeon 8275CL') {
  return {
    nodes: [
      {
        role: 'client',
        name: 'client',
        count: 1,
        hardware: { cpuModel: captured(cpuModel), cores: captured(4), memoryBytes: captured(8 * 2 ** 30) },
        software: { osName: captured('Ubuntu'), osVersion: captured('22.04') },
      },
    ],
  };
}

export interface HistoryRunSpec {
  projectId: string;
  systemId: string;
  /** The run's p99 latency (µs); p50 is half of it, throughput 10⁶ / p99 per second over 60 s. */
  p99: number;
  commit: string;
  branch?: string;
  /** Minutes after the first run. */
  minute: number;
  cpuModel?: string;
  /** Store a whole-run histogram too: 1,000 latencies spread evenly up to p99. */
  histogram?: boolean;
  /** The tool's options as the agent reads them (shape.go): pgbench's -c and -M. */
  setup?: { clients: number; protocol: string };
  /** A suite of micro-benchmarks (the agent's microbench import): its samples are no throughput. */
  suite?: boolean;
}

/** 1,000 latencies spread evenly from 40 % of p99 to p99, encoded as the ingest API stores them. */
function spreadUpTo(p99: number): Uint8Array<ArrayBuffer> {
  const h = new Histogram();
  for (let i = 0; i < 1000; i += 1) h.recordValue(Math.round(p99 * (0.4 + (0.6 * i) / 999)));
  return new Uint8Array(encodeCompressed(h));
}

/** Creates one run; returns its id. */
export async function historyRun(db: PrismaClient, spec: HistoryRunSpec): Promise<string> {
  const run = await db.run.create({
    data: {
      projectId: spec.projectId,
      systemId: spec.systemId,
      name: `bench ${spec.commit}`,
      benchmark: 'pgbench',
      source: 'agent',
      status: 'succeeded',
      labels: { clients: '8', commit: spec.commit, branch: spec.branch ?? 'main' },
      provenance: {
        ...machineProvenance(spec.cpuModel),
        ...(spec.suite
          ? { measurement: { throughputSource: captured('none: each sample is one repetition') } }
          : {}),
        ...(spec.setup
          ? {
              client: { connections: captured(spec.setup.clients), loadModel: captured('closed') },
              workload: {
                parameters: captured({ protocol: spec.setup.protocol, scripts: ['builtin select-only'] }),
              },
            }
          : {}),
      },
      startedAt: new Date(Date.UTC(2026, 10, 1, 0, spec.minute)),
      series: {
        create: {
          name: 'latency',
          kind: 'latency',
          unit: 'us',
          summary: {
            create: {
              frameCount: 60,
              lastSeq: 59,
              count: BigInt(Math.round((1e6 / spec.p99) * 60)),
              durationMs: 60_000n,
              min: spec.p99 / 4,
              max: spec.p99 * 2,
              mean: spec.p99 / 2,
              p50: spec.p99 / 2,
              p90: spec.p99 * 0.9,
              p95: spec.p99 * 0.95,
              p99: spec.p99,
              p999: spec.p99 * 1.5,
              histogram: spec.histogram ? spreadUpTo(spec.p99) : null,
            },
          },
        },
      },
    },
  });
  return run.id;
}

/**
 * A line of 20 runs on main, one per commit c00…c19, whose latency steps up 30 % at c12 (noise
 * ±1 %, fixed): returns the run ids in order.
 */
export async function regressedHistory(db: PrismaClient, projectId: string, systemId: string) {
  const wobble = [0.4, -0.7, 0.9, -0.2, 0.1, -0.9, 0.6, -0.4, 0.3, -0.1];
  const ids: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const p99 = (i < 12 ? 1000 : 1300) * (1 + wobble[i % wobble.length]! / 100);
    ids.push(
      await historyRun(db, { projectId, systemId, p99, commit: `c${String(i).padStart(2, '0')}`, minute: i }),
    );
  }
  return ids;
}
