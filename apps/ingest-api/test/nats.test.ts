// Live fan-out over NATS (LEVELFIELD_NATS_URL): two built ingest instances on one database and
// one real nats-server (Debian's; `npm test` installs it). A viewer on instance B sees the frames
// posted to instance A, carried as A's notice on the run's subject. Without nats-server on the
// machine the suite is skipped.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createTestDatabase, freePort, type TestDatabase } from '@levelfield/db/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsSubject } from '../src/live/nats.ts';
import {
  api,
  batch,
  type Fixture,
  natsServerInstalled,
  openLive,
  runRequest,
  type SpawnedServer,
  seedFixture,
  spawnServer,
} from './fixtures.ts';

describe.skipIf(!natsServerInstalled)('live fan-out over NATS', () => {
  let database: TestDatabase;
  let fixture: Fixture;
  let natsServer: ChildProcess;
  let natsUrl: string;
  let observer: NatsConnection;
  const servers: SpawnedServer[] = [];

  beforeAll(async () => {
    const port = await freePort();
    natsUrl = `nats://127.0.0.1:${port}`;
    natsServer = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    // Ready once it accepts a client.
    for (let attempt = 0; ; attempt += 1) {
      try {
        observer = await connect({ servers: natsUrl });
        break;
      } catch (error) {
        if (attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    database = await createTestDatabase('ingest_nats');
    fixture = await seedFixture(database.url);
    for (let i = 0; i < 2; i += 1)
      servers.push(await spawnServer(database.url, { LEVELFIELD_NATS_URL: natsUrl }));
  });

  afterAll(async () => {
    for (const server of servers) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    await observer?.close();
    if (natsServer && natsServer.exitCode === null) {
      natsServer.kill('SIGTERM');
      await once(natsServer, 'exit');
    }
    await database?.drop();
  });

  it("delivers frames posted to instance A to a viewer on instance B, as A's notice on the run's subject", async () => {
    const [a, b] = servers;
    const client = api(a!.url, fixture.token);
    const run = await client.post('/v1/runs', runRequest());
    const id = run.body.id as string;
    const notices: string[] = [];
    observer.subscribe(natsSubject(id), {
      callback: (_error, message) => {
        notices.push(message.string());
      },
    });
    await observer.flush();

    const live = await openLive(`${b!.url}/v1/runs/${id}/live`);
    await live.next((e) => e.event === 'hello');
    // B subscribes to the run's subject when its viewer arrives; a batch that beat that
    // subscription to the server reaches no one there, so post until one arrives.
    let seq = 0;
    for (; seq < 20; seq += 1) {
      expect((await client.post(`/v1/runs/${id}/frames`, batch(seq, 2))).body).toEqual({
        accepted: 2,
        duplicates: 0,
      });
      const arrived = await live.next((e) => e.event === 'frame', 500).catch(() => undefined);
      if (arrived) break;
    }
    expect(seq).toBeLessThan(20);
    const frames = live.events.filter((e) => e.event === 'frame').map((e) => e.data.seq);
    expect(new Set(frames)).toEqual(new Set([seq]));
    expect(live.events.find((e) => e.event === 'series')?.data).toMatchObject({
      name: 'latency',
      unit: 'us',
    });
    // What B relayed came from NATS: A published each batch's notice on the run's subject.
    expect(notices.map((text) => JSON.parse(text))).toContainEqual(
      expect.objectContaining({ type: 'frames', runId: id, ranges: expect.any(Array) }),
    );

    expect(
      (await client.post(`/v1/runs/${id}/finish`, { status: 'succeeded', endedAt: Date.now() })).status,
    ).toBe(200);
    expect((await live.next((e) => e.event === 'finished')).data).toEqual({ runId: id, status: 'succeeded' });
    await live.close();
  });
});
