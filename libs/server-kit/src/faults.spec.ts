import Redis from 'ioredis';
import { createServer } from 'node:net';
import { Client } from 'pg';
import { isConnectionFault, withDeadline } from './faults';
import { ServiceError } from './rpc-error';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('isConnectionFault', () => {
  it('recognises what real clients throw when their server is gone', async () => {
    const port = await closedPort();
    const pgError = await new Client({ host: '127.0.0.1', port, connectionTimeoutMillis: 2000 }).connect().catch((error: unknown) => error);
    expect(isConnectionFault(pgError)).toBe(true);

    const redis = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    redis.on('error', () => undefined);
    const redisError = await redis.connect().then(() => redis.ping()).catch((error: unknown) => error);
    redis.disconnect();
    expect(isConnectionFault(redisError)).toBe(true);

    // As Nest's Redis client reports a dropped connection.
    expect(isConnectionFault('Error: Connection lost. Trying to reconnect...')).toBe(true);
    // Wrapped, as TypeORM wraps the driver's error.
    expect(isConnectionFault({ message: 'query failed', driverError: { code: '57P01' } })).toBe(true);
  });

  it('leaves bugs and answers alone', () => {
    expect(isConnectionFault(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isConnectionFault({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
    expect(isConnectionFault(undefined)).toBe(false);
  });
});

describe('withDeadline', () => {
  it('answers UNAVAILABLE when the work outlasts it, and passes results and other errors through', async () => {
    await expect(withDeadline(new Promise(() => undefined), 50, 'Redis')).rejects.toEqual(new ServiceError('UNAVAILABLE', 'Redis did not answer in time'));
    await expect(withDeadline(Promise.resolve(7), 50, 'Redis')).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new RangeError('bad')), 50, 'Redis')).rejects.toBeInstanceOf(RangeError);
  });
});
