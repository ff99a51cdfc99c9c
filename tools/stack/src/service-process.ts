import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ProcessRun } from './supervisor';

export interface ServiceProcess extends ProcessRun {
  name: string;
  child: ChildProcess;
}

/** Runs one service as its own Node process, its output prefixed with its name. */
export function startServiceProcess(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): ServiceProcess {
  // Its own process group: Ctrl-C in the terminal reaches only the stack, which stops the
  // services before Redis and Postgres, so none of them sees its connections drop first.
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => log(`[${name}] ${line}`));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    pid: child.pid,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Runs a one-shot command (a migration) and fails with its output if it fails. */
export function runToCompletion(name: string, script: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => log(`[${name}] ${line}`));
    }
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with code ${code}`))));
  });
}
