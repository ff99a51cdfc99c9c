import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@sopwright/stack';

const startScript = resolve(__dirname, '../../../stack/bin/start.mjs');

interface Ports {
  PORT: string;
  SOPWRIGHT_POSTGRES_PORT: string;
  SOPWRIGHT_REDIS_PORT: string;
  SOPWRIGHT_S3_PORT: string;
}

/** Runs the real `npm start` entry point and resolves once it says it is ready. */
function startLocalStack(dataDir: string, ports: Ports): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [startScript, '--skip-build'], {
    env: { ...process.env, ...ports, SOPWRIGHT_DATA_DIR: dataDir },
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

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolveExit) =>
    child.exitCode !== null ? resolveExit(child.exitCode) : child.once('exit', (code) => resolveExit(code)),
  );

const portIsClosed = (port: number) =>
  new Promise<boolean>((resolveClosed) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolveClosed(false)));
    socket.once('error', () => resolveClosed(true));
  });

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('npm start (the local stack)', () => {
  it('keeps data across a restart and leaves nothing running after Ctrl-C', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sopwright-start-'));
    const ports: Ports = {
      PORT: String(await freePort()),
      SOPWRIGHT_POSTGRES_PORT: String(await freePort()),
      SOPWRIGHT_REDIS_PORT: String(await freePort()),
      SOPWRIGHT_S3_PORT: String(await freePort()),
    };
    const credentials = { email: 'restart@example.com', password: 'survives-restarts' };
    try {
      const first = await startLocalStack(dataDir, ports);
      expect((await post(first.url, '/api/auth/register', credentials)).status).toBe(201);
      first.child.kill('SIGINT');
      expect(await exitOf(first.child)).toBe(0);
      for (const port of Object.values(ports)) expect(await portIsClosed(Number(port))).toBe(true);

      const second = await startLocalStack(dataDir, ports);
      const login = await post(second.url, '/api/auth/login', credentials);
      expect(login.status).toBe(200);
      second.child.kill('SIGINT');
      expect(await exitOf(second.child)).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
