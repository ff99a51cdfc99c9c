import { Transport } from '@nestjs/microservices';
import { redisTransport } from './redis-transport';

describe('redisTransport', () => {
  it('reads host, port, password and db from the URL', () => {
    const transport = redisTransport('redis://:s%40cret@cache.internal:6380/2');
    expect(transport.transport).toBe(Transport.REDIS);
    expect(transport.options).toMatchObject({ host: 'cache.internal', port: 6380, password: 's@cret', db: 2 });
  });

  it('defaults the port and leaves the password out', () => {
    expect(redisTransport('redis://localhost').options).toMatchObject({ host: 'localhost', port: 6379, password: undefined });
  });
});
