import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { messages, type ApiError } from '@sopwright/contracts';
import { isConnectionFault, ServiceError } from '@sopwright/server-kit';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { httpAnswerFor } from './service-error-status';

/** Every non-OK answer is `{ statusCode, message, error }`, `message` being what the user reads. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(exception);
    // 503s are expected while services start; only real faults are logged with their stack.
    if (status === 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    response.status(status).json(apiError(status, message));
  }

  private describe(exception: unknown): { status: number; message: string } {
    if (exception instanceof ServiceError) return httpAnswerFor(exception.code, exception.detail);
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(raw) ? String(raw[0]) : typeof raw === 'string' ? raw : exception.message;
      return { status: exception.getStatus(), message };
    }
    // Redis or storage away in the gateway's own code (queues, sessions): an outage, not a bug.
    if (isConnectionFault(exception)) return httpAnswerFor('UNAVAILABLE');
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: messages.internal };
  }
}

export function apiError(status: number, message: string): ApiError {
  return { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error' };
}
