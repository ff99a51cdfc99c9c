import { createRpcClient, type RpcClient } from '@sopwright/server-kit';
import { freePort } from '@sopwright/stack';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Reply {
  id?: string;
  ok?: boolean;
  error?: string;
  pid?: number;
  restarts?: number;
}

/** A process of the fault stack, driven through the runner. */
export interface StackProcess {
  signal(signal: NodeJS.Signals): Promise<void>;
  /** Keeps it down once it dies, until `release`. */
  hold(): Promise<void>;
  release(): Promise<void>;
  restarts(): Promise<number>;
}

/**
 * A stack of its own for fault tests, so killing its Postgres or Redis disturbs no other
 * suite. It runs in a child process (see stack-runner.mjs); while it runs, the `api`
 * helpers talk to it (suites run one at a time).
 */
export interface FaultStack {
  env: NodeJS.ProcessEnv;
  rpc: RpcClient;
  logFile: string;
  process(name: string): StackProcess;
  stop(): Promise<void>;
}

export async function startFaultStack(env: Record<string, string>, replicas: Record<string, number> = {}): Promise<FaultStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sopwright-faults-'));
  const logFile = join(tmpdir(), `sopwright-faults-${Date.now()}.log`);
  const options = {
    dataDir,
    logFile,
    port: await freePort(),
    postgresPort: await freePort(),
    redisPort: await freePort(),
    objectStoragePort: await freePort(),
    replicas,
  };
  const runner: ChildProcess = fork(join(__dirname, 'stack-runner.mjs'), [JSON.stringify(options)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started = await new Promise<{ url: string; env: NodeJS.ProcessEnv }>((resolve, reject) => {
    runner.once('message', (message) => resolve(message as { url: string; env: NodeJS.ProcessEnv }));
    runner.once('exit', (code) => reject(new Error(`the fault stack did not start (exit ${code}); logs: ${logFile}`)));
  });

  const ask = (command: string, name?: string, signal?: NodeJS.Signals) =>
    new Promise<Reply>((resolve, reject) => {
      const id = randomUUID();
      const onMessage = (message: Reply) => {
        if (message.id !== id) return;
        runner.off('message', onMessage);
        if (message.ok) resolve(message);
        else reject(new Error(message.error));
      };
      runner.on('message', onMessage);
      runner.send({ id, command, name, signal });
    });

  const previousUrl = process.env.SOPWRIGHT_TEST_URL;
  process.env.SOPWRIGHT_TEST_URL = started.url;
  const rpc = createRpcClient(started.env.REDIS_URL!, 15_000);
  return {
    env: started.env,
    rpc,
    logFile,
    process: (name) => ({
      signal: async (signal) => void (await ask('signal', name, signal)),
      hold: async () => void (await ask('hold', name)),
      release: async () => void (await ask('release', name)),
      restarts: async () => (await ask('pid', name)).restarts ?? 0,
    }),
    stop: async () => {
      process.env.SOPWRIGHT_TEST_URL = previousUrl;
      await rpc.close();
      if (runner.exitCode === null) await ask('stop').catch(() => runner.kill('SIGTERM'));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` passes or the time is up, then fails with its last error. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 30_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
