import { Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { authMessages, EXTENSION_TOKEN_PREFIX, extensionMessages, type ExtensionConnection, type SessionUser } from '@sopwright/contracts';
import { ServiceError, type RpcClient } from '@sopwright/server-kit';
import type { Request } from 'express';
import { AUTH_SERVICE } from '../rpc/service-clients';

export type ExtensionRequest = Request & { user?: SessionUser; extensionConnection?: ExtensionConnection };

export const bearerToken = (req: Request): string | null => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

/**
 * Lets through the capture extension's own token: checked with the auth service on every
 * request, so a disconnected extension is refused at once. Sets the user as the session
 * guard does. Only routes that take captures use it; a session guard refuses these tokens.
 */
@Injectable()
export class ExtensionTokenGuard implements CanActivate {
  constructor(@Inject(AUTH_SERVICE) private readonly auth: RpcClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ExtensionRequest>();
    const token = bearerToken(req);
    if (!token?.startsWith(EXTENSION_TOKEN_PREFIX)) throw new UnauthorizedException(extensionMessages.tokenInvalid);
    try {
      const { user, connection } = await this.auth.send(authMessages.verifyExtensionToken, { token });
      req.user = user;
      req.extensionConnection = connection;
      return true;
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND') throw new UnauthorizedException(extensionMessages.tokenInvalid);
      throw error;
    }
  }
}
