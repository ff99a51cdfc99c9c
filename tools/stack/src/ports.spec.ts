import { createServer } from 'node:net';
import { freePort, waitFor } from './ports';

describe('freePort', () => {
  it('returns a port that can be listened on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    server.close();
    // Below the kernel's ephemeral range, where outgoing connections take their source ports.
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
  });

  it('never hands out the same port twice', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
  });
});

describe('waitFor', () => {
  it('retries until the probe succeeds', async () => {
    let attempts = 0;
    await waitFor('thing', async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('not yet');
    });
    expect(attempts).toBe(3);
  });

  it('gives up with the last error after the timeout', async () => {
    await expect(
      waitFor(
        'database',
        async () => {
          throw new Error('connection refused');
        },
        600,
      ),
    ).rejects.toThrow('database did not become ready in 600 ms: connection refused');
  });
});
