// Entry point of dist/main.mjs: environment → server → one "listening" line on stdout.
import { readEnv } from './env.ts';
import { startIngest } from './server.ts';

/** A drain that takes longer than this is abandoned: the orchestrator would kill us anyway. */
const DRAIN_DEADLINE_MS = 20_000;

async function main(): Promise<void> {
  const env = readEnv();
  const server = await startIngest({
    databaseUrl: env.DATABASE_URL,
    host: env.INGEST_HOST,
    port: env.INGEST_PORT,
    webUrl: env.LEVELFIELD_WEB_URL,
    publicIngestUrl: env.LEVELFIELD_PUBLIC_INGEST_URL,
    liveTokenSecret: env.LEVELFIELD_LIVE_TOKEN_SECRET,
    poolSize: env.INGEST_DB_POOL_SIZE,
    tokenCacheMs: env.INGEST_TOKEN_CACHE_MS,
    rollupCpuShare: env.INGEST_ROLLUP_CPU_SHARE,
    rollupIntervalMs: env.INGEST_ROLLUP_INTERVAL_MS,
    rateLimits: {
      tokenPerSecond: env.INGEST_TOKEN_RATE,
      tokenBurst: env.INGEST_TOKEN_BURST,
      failuresPerMinute: env.INGEST_AUTH_FAILURE_RATE,
      failureBurst: env.INGEST_AUTH_FAILURE_BURST,
    },
    liveRecheckMs: env.INGEST_LIVE_RECHECK_MS,
    ...(env.INGEST_TRUST_PROXY ? { trustProxy: env.INGEST_TRUST_PROXY } : {}),
    ...(env.LEVELFIELD_NATS_URL ? { natsUrl: env.LEVELFIELD_NATS_URL } : {}),
  });
  process.stdout.write(`${JSON.stringify({ event: 'listening', url: server.url })}\n`);

  const stop = (signal: string) => {
    server.ctx.log('info', `${signal}: draining`);
    setTimeout(() => process.exit(1), DRAIN_DEADLINE_MS).unref();
    server.drain().then(
      () => process.exit(0),
      (error: unknown) => {
        server.ctx.log('error', `drain failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
