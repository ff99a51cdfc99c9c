import type { AddressInfo } from 'node:net';
import { startHealthServer } from './health';

describe('startHealthServer', () => {
  it('is live while a dependency is down, and ready only when all are up', async () => {
    let databaseUp = false;
    const server = await startHealthServer(0, {
      database: async () => {
        if (!databaseUp) throw new Error('connection refused');
      },
      redis: async () => undefined,
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/health/live`)).status).toBe(200);

      const down = await fetch(`${base}/health/ready`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'error', details: { database: 'down', redis: 'up' } });

      databaseUp = true;
      const up = await fetch(`${base}/health/ready`);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: 'ok', details: { database: 'up', redis: 'up' } });

      expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
