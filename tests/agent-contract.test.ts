// The Go agent speaks the ingest contract: what `levelfield-agent env` prints and what it posts
// (create run, frame batches, finish) pass the zod schemas the ingest API validates with.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateRunRequest, FinishRunRequest, FrameBatch } from '../packages/contracts/src/ingest.ts';
import { Disclosure, Provenance } from '../packages/contracts/src/provenance.ts';

const agentsDir = path.resolve(import.meta.dirname, '../agents');
const agentBin = path.join(agentsDir, 'bin/levelfield-agent');

/** `npm test` builds the agent first; run alone, the test builds it. */
function ensureAgent(): void {
  if (existsSync(agentBin)) return;
  const build = spawnSync('go', ['build', '-o', 'bin/levelfield-agent', './cmd/levelfield-agent'], {
    cwd: agentsDir,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`go build of the agent failed:\n${build.stderr}`);
}

function agent(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(agentBin, args, {
      // The token travels in the environment: the agent refuses it on the command line.
      env: { ...process.env, LEVELFIELD_TOKEN: 'lf_test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const DECLARED = `# declared provenance and disclosure, as a person writes them
provenance:
  run:
    compliance: unofficial
    division: closed
  settings:
    isolationLevel: read-committed
    durability: {value: local-fsync, source: postgresql.conf}
  software:
    vcsBranch: release-15
  nodes:
    - role: client
      hardware:
        storageType: nvme
        mountOptions: {/data: "rw,noatime"}
    - role: sut
      name: db1
      count: 3
      hardware: {cpuModel: Graviton3, cores: 16}
      cloud:
        instanceType: {value: r7g.4xlarge, origin: imported, source: "https://example.com/report", quality: quoted}
  cost:
    currency: USD
    unitPricePerNodeHour: 0.8568
disclosure:
  authors: [Ann Example, {name: Bo Example, affiliation: Acme}]
  otherVendorConsulted: "no"
  ai:
    declared: "yes"
    tools: [Claude Code]
    scopes: [harness-code]
    humanReviewed: true
`;

let work: string;
let declaredFile: string;

beforeAll(() => {
  ensureAgent();
  work = mkdtempSync(path.join(tmpdir(), 'lf-agent-contract-'));
  declaredFile = path.join(work, 'declared.yaml');
  writeFileSync(declaredFile, DECLARED);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('levelfield-agent env', () => {
  it('prints a provenance document and a disclosure that pass the contract', async () => {
    const { code, stdout, stderr } = await agent(['env', '--no-cloud']);
    expect(code, stderr).toBe(0);
    const out = JSON.parse(stdout);
    expect(Object.keys(out).sort()).toEqual(['disclosure', 'provenance']);
    const provenance = Provenance.parse(out.provenance);
    Disclosure.parse(out.disclosure);
    const [node] = provenance.nodes;
    expect(node?.role).toBe('client');
    expect(node?.hardware.cpuModel?.origin).toBe('captured');
    expect(node?.hardware.cores?.value).toBeGreaterThan(0);
    expect(node?.software.kernel?.value).toEqual(expect.any(String));
    expect(node?.hardware.loadAverage?.value).toHaveLength(3);
  });

  it('merges a declared file: declared values win, captured ones stay beside them', async () => {
    const { code, stdout, stderr } = await agent(['env', '--no-cloud', '--provenance', declaredFile]);
    expect(code, stderr).toBe(0);
    const out = JSON.parse(stdout);
    const provenance = Provenance.parse(out.provenance);
    const disclosure = Disclosure.parse(out.disclosure);

    expect(provenance.run.compliance).toEqual({ value: 'unofficial', origin: 'declared' });
    expect(provenance.settings.durability).toEqual({
      value: 'local-fsync',
      origin: 'declared',
      source: 'postgresql.conf',
    });
    expect(provenance.cost.unitPricePerNodeHour?.value).toBe(0.8568);

    const client = provenance.nodes.find((n) => n.role === 'client');
    expect(client?.hardware.storageType).toEqual({ value: 'nvme', origin: 'declared' });
    expect(client?.hardware.storageTypeCaptured?.origin).toBe('captured');
    expect(client?.hardware.mountOptions?.value).toEqual({ '/data': 'rw,noatime' });
    expect(client?.hardware.mountOptionsCaptured?.origin).toBe('captured');
    expect(client?.hardware.cpuModel?.origin).toBe('captured');

    const sut = provenance.nodes.find((n) => n.role === 'sut');
    expect(sut).toMatchObject({ name: 'db1', count: 3 });
    expect(sut?.hardware.cpuModel).toEqual({ value: 'Graviton3', origin: 'declared' });
    expect(sut?.cloud.instanceType).toEqual({
      value: 'r7g.4xlarge',
      origin: 'imported',
      source: 'https://example.com/report',
      quality: 'quoted',
    });

    // This repository is a git work tree: the branch was captured, then declared over.
    if (provenance.software.vcsBranchCaptured) {
      expect(provenance.software.vcsBranchCaptured.origin).toBe('captured');
    }
    expect(provenance.software.vcsBranch).toEqual({ value: 'release-15', origin: 'declared' });

    expect(disclosure.authors).toEqual([
      { name: 'Ann Example' },
      { name: 'Bo Example', affiliation: 'Acme' },
    ]);
    expect(disclosure.otherVendorConsulted).toBe('no');
    expect(disclosure.ai).toMatchObject({ declared: 'yes', tools: ['Claude Code'], humanReviewed: true });
    for (const evidence of disclosure.ai.evidence) expect(evidence.origin).toBe('captured');
  });

  it('refuses a declared file the API would refuse, before any benchmark runs', async () => {
    const bad = path.join(work, 'bad.yaml');
    writeFileSync(bad, 'hardware:\n  cores: 4\n');
    const { code, stderr } = await agent(['env', '--no-cloud', '--provenance', bad]);
    expect(code).toBe(1);
    expect(stderr).toContain('unknown group "hardware"');
  });
});

interface Captured {
  create: unknown[];
  frames: unknown[];
  finish: unknown[];
}

/** A stand-in ingest API that keeps every body and answers as the real one does. */
async function fakeIngest(): Promise<{ server: Server; url: string; seen: Captured }> {
  const seen: Captured = { create: [], frames: [], finish: [] };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const json = JSON.parse(body);
      response.setHeader('content-type', 'application/json');
      if (request.url === '/v1/runs') {
        seen.create.push(json);
        response.statusCode = 201;
        response.end(JSON.stringify({ id: 'r1', url: 'http://levelfield.test/runs/r1', liveUrl: 'x' }));
      } else if (request.url === '/v1/runs/r1/frames') {
        seen.frames.push(json);
        response.end(JSON.stringify({ accepted: json.frames.length, duplicates: 0 }));
      } else if (request.url === '/v1/runs/r1/finish') {
        seen.finish.push(json);
        response.end(JSON.stringify({ id: 'r1', status: json.status, endedAt: json.endedAt, exitCode: 0 }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function expectContract(seen: Captured) {
  expect(seen.create).toHaveLength(1);
  const create = CreateRunRequest.parse(seen.create[0]);
  expect(seen.frames.length).toBeGreaterThan(0);
  const batches = seen.frames.map((batch) => FrameBatch.parse(batch));
  for (const batch of batches) {
    for (const series of batch.series) expect(series.unit.length).toBeGreaterThan(0);
  }
  expect(seen.finish).toHaveLength(1);
  FinishRunRequest.parse(seen.finish[0]);
  return { create, batches };
}

describe('levelfield-agent requests', () => {
  it('run: create, frames and finish pass the contract (StatsD counters, gauges and timers)', async () => {
    const { server, url, seen } = await fakeIngest();
    try {
      // bash's /dev/udp plays a harness with a StatsD client.
      const harness = [
        'for i in 1 2 3 4 5; do',
        '  printf "req.latency:%d|ms|#route:/a\\nreq.count:1|c\\nqueue depth!:-3|g" $i > /dev/udp/$STATSD_HOST/$STATSD_PORT',
        '  sleep 0.1',
        'done',
      ].join('\n');
      const { code, stderr } = await agent([
        'run',
        '--server',
        url,
        '--project',
        'demo',
        '--adapter',
        'statsd',
        '--adapter-opt',
        'addr=127.0.0.1:0',
        '--interval',
        '200ms',
        '--warmup',
        '200ms',
        '--label',
        'clients=1',
        '--name',
        'contract test',
        '--no-cloud',
        '--provenance',
        declaredFile,
        '--spool',
        path.join(work, 'spool-run'),
        '--',
        'bash',
        '-c',
        harness,
      ]);
      expect(code, stderr).toBe(0);
      const { create, batches } = expectContract(seen);
      expect(create).toMatchObject({
        project: 'demo',
        name: 'contract test',
        warmupMs: 200,
        labels: { clients: '1' },
      });
      expect(create.provenance.measurement.adapter?.value).toBe('statsd');
      expect(create.provenance.workload.command?.value).toEqual(['bash', '-c', harness]);
      expect(create.disclosure?.ai.declared).toBe('yes');
      const series = batches.flatMap((b) => b.series);
      expect(new Set(series.map((s) => `${s.name}:${s.kind}:${s.unit}`))).toEqual(
        new Set(['req.latency:latency:us', 'req.count:counter:1', 'queue depth_:gauge:1']),
      );
    } finally {
      server.close();
    }
  }, 60_000);

  it('import: create, frames and finish pass the contract (k6 output with non-time trends)', async () => {
    const { server, url, seen } = await fakeIngest();
    try {
      const { code, stderr } = await agent([
        'import',
        '--server',
        url,
        '--project',
        'demo',
        '--no-cloud',
        '--spool',
        path.join(work, 'spool-import'),
        path.join(agentsDir, 'internal/adapters/testdata/k6.json'),
      ]);
      expect(code, stderr).toBe(0);
      const { create } = expectContract(seen);
      expect(create.benchmark.name).toBe('k6');
      expect(create.provenance.nodes[0]?.role).toBe('aux');
      expect(create.provenance.run.agentMode?.value).toBe('import');
    } finally {
      server.close();
    }
  }, 60_000);
});
