import { createHash } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * A listener registered with `on(event, callback)`: called with the connection's role
 * (`reader`, `commands`, `writer`) and then the ioredis event's own arguments.
 */
export type ConnectionListener = (...args: unknown[]) => unknown;

/** Longest pause between two reconnection attempts. */
export const MAX_RECONNECT_DELAY_MS = 2_000;

export interface ConnectionSettings {
  url: string;
  /** Shown in `CLIENT LIST` (`name=`), handy when counting connections. */
  name: string;
  /** Called with every connection error; the connection itself keeps retrying. */
  onError: (error: Error) => void;
  /**
   * How many reconnection attempts a command survives before it fails:
   * `null` waits through any outage (the blocking readers), a number fails fast.
   */
  maxRetriesPerRequest: number | null;
  /** Commands issued before the first connection wait in an offline queue (default true). */
  enableOfflineQueue?: boolean;
  autoPipelining?: boolean;
  /** Extra ioredis options (TLS and the like); the ones above win. */
  redisOptions?: RedisOptions;
}

/**
 * An ioredis connection that reconnects forever, 100 ms more after each failed attempt up
 * to MAX_RECONNECT_DELAY_MS, until `disconnect()`/`quit()`; it never gives up on its own.
 */
export function createConnection(settings: ConnectionSettings): Redis {
  const connection = new Redis(settings.url, {
    ...settings.redisOptions,
    connectionName: settings.name,
    lazyConnect: false,
    maxRetriesPerRequest: settings.maxRetriesPerRequest,
    enableOfflineQueue: settings.enableOfflineQueue ?? true,
    enableAutoPipelining: settings.autoPipelining ?? false,
    retryStrategy: (times) => Math.min(100 * times, MAX_RECONNECT_DELAY_MS),
    // How long disconnect() waits for a socket to close before destroying it. ioredis also arms
    // this timer for a socket that is already closed, keeping the process alive that long.
    disconnectTimeout: 200,
    // A Redis that comes back from loading a big AOF answers LOADING for a while: wait.
    enableReadyCheck: true,
  });
  connection.on('error', settings.onError);
  return connection;
}

/** Resolves once `connection` is ready; never rejects (ioredis keeps retrying). */
export function whenReady(connection: Redis): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => connection.once('ready', () => resolve()));
}

/**
 * Closes a connection: `quit()` when connected, `disconnect()` otherwise or if that fails.
 *
 * Between two reconnection attempts ioredis ends a connection without an `end` event and
 * leaves its queued commands unsettled (redis/ioredis#1247): nothing is left running then,
 * so this does not wait for the event, and callers must not await commands of a closed one.
 */
export async function closeConnection(connection: Redis | undefined): Promise<void> {
  if (!connection || connection.status === 'end') return;
  const hasSocket = ['ready', 'connect', 'connecting'].includes(connection.status);
  const ended = new Promise<void>((resolve) => connection.once('end', () => resolve()));
  if (connection.status === 'ready') {
    try {
      await Promise.race([connection.quit(), sleep(1_000)]);
    } catch {
      // fall through to disconnect
    }
  }
  if ((connection.status as string) !== 'end') connection.disconnect(false);
  if (hasSocket) await Promise.race([ended, sleep(1_000)]);
}

/** A Lua script called by SHA, loaded on demand (after a Redis restart too). */
export class LuaScript {
  private readonly sha: string;

  constructor(
    readonly name: string,
    private readonly source: string,
    private readonly numberOfKeys: number,
  ) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run<T = unknown>(connection: Redis, keys: string[], args: (string | number)[]): Promise<T> {
    if (keys.length !== this.numberOfKeys) throw new Error(`${this.name}: expected ${this.numberOfKeys} keys`);
    try {
      return (await connection.evalsha(this.sha, keys.length, ...keys, ...args)) as T;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('NOSCRIPT')) {
        return (await connection.eval(this.source, keys.length, ...keys, ...args)) as T;
      }
      throw error;
    }
  }
}

/** Logs a recurring failure once, then at most every `everyMs` while it keeps happening. */
export class ThrottledReporter {
  private lastReport = 0;
  private suppressed = 0;

  constructor(
    private readonly report: (message: string) => void,
    private readonly everyMs = 10_000,
  ) {}

  error(message: string): void {
    const now = Date.now();
    if (now - this.lastReport < this.everyMs) {
      this.suppressed++;
      return;
    }
    this.report(this.suppressed > 0 ? `${message} (${this.suppressed} similar messages suppressed)` : message);
    this.lastReport = now;
    this.suppressed = 0;
  }

  reset(): void {
    this.lastReport = 0;
    this.suppressed = 0;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Field list `[k1, v1, k2, v2]` → object. */
export function fieldsToObject(fields: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!Array.isArray(fields)) return result;
  for (let index = 0; index + 1 < fields.length; index += 2) result[String(fields[index])] = String(fields[index + 1]);
  return result;
}
