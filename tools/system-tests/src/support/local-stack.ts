import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@sopwright/stack';

const startScript = resolve(__dirname, '../../../stack/bin/start.mjs');

export interface Ports {
  PORT: string;
  SOPWRIGHT_POSTGRES_PORT: string;
  SOPWRIGHT_REDIS_PORT: string;
  SOPWRIGHT_S3_PORT: string;
}

export interface LocalStack {
  child: ChildProcess;
  url: string;
  output: () => string;
}

export async function freePorts(): Promise<Ports> {
  return {
    PORT: String(await freePort()),
    SOPWRIGHT_POSTGRES_PORT: String(await freePort()),
    SOPWRIGHT_REDIS_PORT: String(await freePort()),
    SOPWRIGHT_S3_PORT: String(await freePort()),
  };
}

export const newDataDir = (label: string) => mkdtemp(join(tmpdir(), `sopwright-${label}-`));

/**
 * Runs the real `npm start` entry point (already built) in its own process and resolves once it
 * says it is ready. `env` reaches every service, as an operator's environment would.
 */
export function startLocalStack(dataDir: string, ports: Ports, env: Record<string, string> = {}): Promise<LocalStack> {
  const child = spawn(process.execPath, [startScript, '--skip-build'], {
    env: { ...process.env, ...env, ...ports, SOPWRIGHT_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolveReady, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Sopwright is ready on (http:\/\/\S+)/.exec(output);
      if (ready) resolveReady({ child, url: ready[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code} before ready:\n${output}`)));
  });
}

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolveExit) =>
    child.exitCode !== null ? resolveExit(child.exitCode) : child.once('exit', (code) => resolveExit(code)),
  );

/** Ctrl-C, as a person would stop it. */
export async function stopLocalStack(stack: LocalStack | undefined): Promise<number | null> {
  if (!stack) return null;
  stack.child.kill('SIGINT');
  return exitOf(stack.child);
}
