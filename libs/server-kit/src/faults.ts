import { ServiceError } from './rpc-error';

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
/** Postgres SQLSTATEs of a server that is gone, starting, stopping or full (classes 08 and 57P, 53300). */
const databaseUnavailable = /^(08|57P0[1-3]|53300)/;
const connectionMessages =
  /Connection terminated|Connection is closed|Connection lost|connection timeout|the database system is (starting up|shutting down|in recovery mode)|Stream isn't writeable|MaxRetriesPerRequestError|Reached the max retries per request|Client network socket disconnected|timeout exceeded when trying to connect/i;

/**
 * Whether an error means a dependency (Postgres, Redis, a service) cannot be reached right now,
 * as opposed to a bug. Such failures are answered 503 with a clear message, never 500.
 */
export function isConnectionFault(error: unknown, depth = 0): boolean {
  // Nest's transport clients sometimes report a lost connection as a bare string.
  if (typeof error === 'string') return connectionMessages.test(error);
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, driverError, cause, name } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; name?: unknown };
  if (typeof code === 'string' && (networkCodes.has(code) || databaseUnavailable.test(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  // TypeORM releases a transaction's connection when Postgres drops it; the next query says so.
  if (name === 'QueryRunnerAlreadyReleasedError') return true;
  if (typeof message === 'string' && connectionMessages.test(message)) return true;
  return isConnectionFault(driverError, depth + 1) || isConnectionFault(cause, depth + 1);
}

/** Waits at most `ms` for a dependency; past that it is unavailable (ioredis queues commands while Redis is away). */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceError('UNAVAILABLE', `${what} did not answer in time`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    if (isConnectionFault(error)) throw new ServiceError('UNAVAILABLE', `${what} is unavailable`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
