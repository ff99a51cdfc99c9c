import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import Redis from 'ioredis';
import { waitFor } from './ports';
import type { ProcessRun } from './supervisor';

export interface RunningRedis extends ProcessRun {
  url: string;
}

/** Debian's redis-server with an append-only file in `dir`, so queues survive a restart. */
export async function startRedis(dir: string, port: number, log: (line: string) => void): Promise<RunningRedis> {
  await mkdir(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--protected-mode', 'yes'],
    // Own process group, so Ctrl-C does not stop Redis before the services (the stack does, last).
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  // Redis logs to stdout: kept quietly, so a failed start can say why ("Address already in use").
  let lastOutput = '';
  child.stdout.on('data', (chunk: Buffer) => (lastOutput = chunk.toString().trim().split('\n').at(-1) ?? ''));
  child.stderr.on('data', (chunk: Buffer) => {
    lastOutput = chunk.toString().trim();
    log(`redis: ${lastOutput}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => log(`redis: ${error.message}`));

  const url = `redis://127.0.0.1:${port}`;
  await waitFor('Redis', async () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}${lastOutput ? `: ${lastOutput}` : ''}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined); // reported through the failed ping instead
    try {
      await client.connect();
      await client.ping();
    } finally {
      client.disconnect();
    }
  });
  return {
    url,
    pid: child.pid,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
