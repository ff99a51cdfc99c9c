import { createParamDecorator, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { messages, type SessionUser } from '@sopwright/contracts';

/** Rejects requests without a valid session with the same 401 whatever the cause. */
@Injectable()
export class SessionGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = SessionUser>(error: unknown, user: TUser | false): TUser {
    if (error || !user) throw new UnauthorizedException(messages.unauthorized);
    return user;
  }
}

/** The signed-in user, set by SessionGuard. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionUser => context.switchToHttp().getRequest<{ user: SessionUser }>().user,
);
