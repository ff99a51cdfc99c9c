import { createParamDecorator, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { messages, type SessionUser } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';

/** Rejects requests without a valid session with the same 401 whatever the cause. */
@Injectable()
export class SessionGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = SessionUser>(error: unknown, user: TUser | false): TUser {
    // Sessions that cannot be checked (Redis down) are an outage, not a sign-out.
    if (error instanceof ServiceError && error.code === 'UNAVAILABLE') throw error;
    if (error || !user) throw new UnauthorizedException(messages.unauthorized);
    return user;
  }
}

/** The signed-in user, set by SessionGuard. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionUser => context.switchToHttp().getRequest<{ user: SessionUser }>().user,
);

/** Lets a request through with or without a session (logout works even when signed out). */
@Injectable()
export class OptionalSessionGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = SessionUser>(error: unknown, user: TUser | false): TUser {
    if (error instanceof ServiceError && error.code === 'UNAVAILABLE') throw error;
    return (user || undefined) as TUser;
  }
}
