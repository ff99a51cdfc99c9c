import { HttpStatus } from '@nestjs/common';
import { messages, type RpcErrorCode } from '@sopwright/contracts';

/** The one place where a service's error code becomes what the user reads. */
export function httpAnswerFor(code: RpcErrorCode, detail?: string): { status: number; message: string } {
  switch (code) {
    case 'VALIDATION_FAILED':
      return { status: HttpStatus.BAD_REQUEST, message: detail ?? 'Invalid request' };
    case 'EMAIL_TAKEN':
      return { status: HttpStatus.CONFLICT, message: messages.emailTaken };
    case 'INVALID_CREDENTIALS':
      return { status: HttpStatus.UNAUTHORIZED, message: messages.invalidCredentials };
    case 'NOT_FOUND':
      return { status: HttpStatus.NOT_FOUND, message: detail ?? messages.notFound };
    case 'FORBIDDEN':
      return { status: HttpStatus.FORBIDDEN, message: detail ?? 'You are not allowed to do that' };
    case 'CONFLICT':
      return { status: HttpStatus.CONFLICT, message: detail ?? 'That conflicts with the current state' };
    case 'UNSUPPORTED_MEDIA_TYPE':
      return { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, message: detail ?? 'That file type is not supported' };
    case 'PAYLOAD_TOO_LARGE':
      return { status: HttpStatus.PAYLOAD_TOO_LARGE, message: detail ?? 'That file is too large' };
    case 'PLAN_REQUIRED':
      return { status: HttpStatus.PAYMENT_REQUIRED, message: messages.planRequired };
    case 'NO_CREDITS':
      return { status: HttpStatus.PAYMENT_REQUIRED, message: messages.noCredits };
    case 'PAYMENT_PROVIDER_FAILED':
      return { status: HttpStatus.BAD_GATEWAY, message: messages.paymentProviderFailed };
    case 'UNAVAILABLE':
      return { status: HttpStatus.SERVICE_UNAVAILABLE, message: messages.serviceUnavailable };
    case 'INTERNAL':
      return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: messages.internal };
  }
}
