import { Transport, type RedisOptions } from '@nestjs/microservices';

/** Nest's Redis transport options from one `redis://[:password@]host:port[/db]` URL. */
export function redisTransport(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    transport: Transport.REDIS,
    options: {
      host: url.hostname,
      port: Number(url.port || 6379),
      password: url.password ? decodeURIComponent(url.password) : undefined,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
      // Retry forever with a cap, so a Redis restart heals without restarting services.
      retryAttempts: Number.MAX_SAFE_INTEGER,
      retryDelay: 1000,
    },
  };
}
