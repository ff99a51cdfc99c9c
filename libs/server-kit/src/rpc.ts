import { Catch, Logger, StandardSchemaValidationPipe, type RpcExceptionFilter } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  rpcErrorSchema,
  type MessageDefinition,
  type MessageRequest,
  type MessageResponse,
  type RpcError,
} from '@sopwright/contracts';
import { isConnectionFault } from './faults';
import { secondsSince } from './metrics';
import { ServiceError } from './rpc-error';
import { rpcClientDuration } from './rpc-metrics';
import { firstValueFrom, throwError, timeout, TimeoutError, type Observable } from 'rxjs';
import type { z } from 'zod';

/**
 * Service side: turns any exception into an `RpcError` payload. Unknown errors are logged
 * here, where the stack trace is, and leave the service only as INTERNAL.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof ServiceError) return throwError(() => exception.toRpcError());
    // Its database or Redis is away: the caller answers 503, and nothing here is a bug.
    if (isConnectionFault(exception)) {
      this.logger.warn(`unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
      return throwError(() => ({ code: 'UNAVAILABLE', detail: 'A dependency is unavailable' }) satisfies RpcError);
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return throwError(() => ({ code: 'INTERNAL' }) satisfies RpcError);
  }
}

/** Service side: validates `@Payload({ schema })` and reports the first broken rule. */
export function rpcValidationPipe(): StandardSchemaValidationPipe {
  return new StandardSchemaValidationPipe({
    exceptionFactory: (issues) => new ServiceError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request'),
  });
}

/** Caller side: typed request/response over Nest's Redis transport, validated both ways. */
export class RpcClient {
  constructor(
    private readonly proxy: ClientProxy,
    private readonly timeoutMs = 15_000,
  ) {}

  async send<M extends MessageDefinition<z.ZodType, z.ZodType>>(
    message: M,
    payload: MessageRequest<M>,
    options: { timeoutMs?: number } = {},
  ): Promise<MessageResponse<M>> {
    const request = message.request.parse(payload);
    const started = performance.now();
    const done = (outcome: string) => rpcClientDuration.observe({ pattern: message.pattern, outcome }, secondsSince(started));
    let raw: unknown;
    try {
      raw = await firstValueFrom(this.proxy.send(message.pattern, request).pipe(timeout(options.timeoutMs ?? this.timeoutMs)));
    } catch (error) {
      const failure = toServiceError(error);
      done(isTimeout(error) ? 'timeout' : failure.code);
      throw failure;
    }
    const parsed = message.response.safeParse(raw);
    if (!parsed.success) {
      done('INTERNAL');
      throw new ServiceError('INTERNAL', `Malformed reply to ${message.pattern}`);
    }
    done('ok');
    return parsed.data as MessageResponse<M>;
  }

  close(): Promise<unknown> | void {
    return this.proxy.close();
  }
}

/** Nobody answered in time: our own timeout, or the transport's deadline that backs it up. */
function isTimeout(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  const rpcError = rpcErrorSchema.safeParse(error);
  return rpcError.success && rpcError.data.code === 'UNAVAILABLE' && rpcError.data.detail === 'The service did not answer in time';
}

function toServiceError(error: unknown): ServiceError {
  if (error instanceof TimeoutError) return new ServiceError('UNAVAILABLE', 'The service did not answer in time');
  const rpcError = rpcErrorSchema.safeParse(error);
  if (rpcError.success) return new ServiceError(rpcError.data.code, rpcError.data.detail);
  if (isConnectionFault(error)) return new ServiceError('UNAVAILABLE', 'The service transport is unavailable');
  return new ServiceError('INTERNAL', error instanceof Error ? error.message : String(error));
}

export { ServiceError };
