import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { exitOf, freePorts, newDataDir, startLocalStack } from '../support/local-stack';

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
    const dataDir = await newDataDir('start');
    const ports = await freePorts();
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
