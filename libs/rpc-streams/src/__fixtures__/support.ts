/**
 * Test support: a real redis-server per suite (Debian's, as tools/stack runs it) and replicas
 * as real child processes, compiled from this folder with SWC into a temporary directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { transformFile } from '@swc/core';
import { Redis } from 'ioredis';

export const repoRoot = resolve(__dirname, '../../../..');

/** A TCP port that is free right now on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitFor(what: string, probe: () => Promise<unknown> | unknown, timeoutMs = 20_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if ((await probe()) !== false) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what} did not happen in ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory (after `stop`). */
  restart(): Promise<void>;
}

/** redis-server on `port` with an append-only file in `dir`, as tools/stack starts it. */
export async function startRedis(dir: string, port: number): Promise<TestRedis> {
  await mkdir(dir, { recursive: true });
  let child: ChildProcess;
  let exited: Promise<void>;
  const url = `redis://127.0.0.1:${port}`;
  const launch = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'no', '--save', '', '--protected-mode', 'yes'],
      { stdio: 'ignore' },
    );
    exited = new Promise<void>((r) => child.once('exit', () => r()));
    await waitFor('redis-server', async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.ping();
      } finally {
        // (disconnect() on an ended connection arms a 2 s timer that nothing clears)
        if (probe.status !== 'end') probe.disconnect();
      }
    });
  };
  await launch();
  return {
    url,
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    restart: launch,
  };
}

/** Connections whose name says they are ours (`rpc-streams:…`), from CLIENT LIST. */
export async function transportConnections(redis: Redis): Promise<string[]> {
  const list = (await redis.client('LIST')) as string;
  return list
    .split('\n')
    .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
    .filter((name) => name.startsWith('rpc-streams:'));
}

/** Compiles the library and the fixtures (not the specs) to CommonJS in a temporary directory. */
export async function compileForChildProcesses(): Promise<{ dir: string; replicaScript: string }> {
  const srcDir = resolve(__dirname, '..');
  const outDir = await mkdtemp(join(tmpdir(), 'rpc-streams-fixture-'));
  const files = (await readdir(srcDir, { recursive: true })).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
  await Promise.all(
    files.map(async (file) => {
      const { code } = await transformFile(join(srcDir, file), {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
        sourceMaps: false,
      });
      const target = join(outDir, file.replace(/\.ts$/, '.js'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, code);
    }),
  );
  return { dir: outDir, replicaScript: join(outDir, '__fixtures__', 'replica.js') };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface Replica {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if still running (cleanup). */
  kill(): Promise<void>;
}

/** Starts a replica process (fixture replica.ts) and waits until it listens. */
export async function startReplica(
  script: string,
  env: { REDIS_URL: string; SERVICE: string; REPLICA: string } & Record<string, string>,
): Promise<Replica> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_PATH: join(repoRoot, 'node_modules'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const ready = new Promise<void>((resolveReady, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        if (line === 'READY') resolveReady();
      });
    }
    void exited.then(({ code, signal }) => reject(new Error(`replica ${env.REPLICA} exited (${code ?? signal}) before listening:\n${output.join('\n')}`)));
  });
  await ready;
  return {
    name: env.REPLICA,
    child,
    output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGKILL');
      }
      await exited;
    },
  };
}
