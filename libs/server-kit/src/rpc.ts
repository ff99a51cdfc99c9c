import { Catch, Logger, StandardSchemaValidationPipe, type RpcExceptionFilter } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  rpcErrorSchema,
  type MessageDefinition,
  type MessageRequest,
  type MessageResponse,
  type RpcError,
  type RpcErrorCode,
} from '@sopwright/contracts';
import { firstValueFrom, throwError, timeout, TimeoutError, type Observable } from 'rxjs';
import type { z } from 'zod';

/** A failure a service reports by code. The gateway turns codes into HTTP answers. */
export class ServiceError extends Error {
  constructor(
    readonly code: RpcErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }

  toRpcError(): RpcError {
    return this.detail === undefined ? { code: this.code } : { code: this.code, detail: this.detail };
  }
}

/**
 * Service side: turns any exception into an `RpcError` payload. Unknown errors are logged
 * here, where the stack trace is, and leave the service only as INTERNAL.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof ServiceError) return throwError(() => exception.toRpcError());
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
    let raw: unknown;
    try {
      raw = await firstValueFrom(this.proxy.send(message.pattern, request).pipe(timeout(options.timeoutMs ?? this.timeoutMs)));
    } catch (error) {
      throw toServiceError(error);
    }
    const parsed = message.response.safeParse(raw);
    if (!parsed.success) throw new ServiceError('INTERNAL', `Malformed reply to ${message.pattern}`);
    return parsed.data as MessageResponse<M>;
  }

  close(): Promise<unknown> | void {
    return this.proxy.close();
  }
}

function toServiceError(error: unknown): ServiceError {
  if (error instanceof TimeoutError) return new ServiceError('UNAVAILABLE', 'The service did not answer in time');
  const rpcError = rpcErrorSchema.safeParse(error);
  if (rpcError.success) return new ServiceError(rpcError.data.code, rpcError.data.detail);
  return new ServiceError('INTERNAL', error instanceof Error ? error.message : String(error));
}
