import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { EXTENSION_TOKEN_PREFIX } from '@sopwright/contracts';
import type { Request } from 'express';
import { SessionGuard } from '../auth/session.guard';
import { bearerToken, ExtensionTokenGuard } from './extension-token.guard';

/**
 * For routes both the web app and the capture extension call: an extension token (Bearer
 * `spwx_…`) is checked as one, anything else as a session. Either way the user is set the
 * same, so the route cannot tell them apart and need not.
 */
@Injectable()
export class SessionOrExtensionGuard implements CanActivate {
  private readonly session = new SessionGuard();

  constructor(@Inject(ExtensionTokenGuard) private readonly extension: ExtensionTokenGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const token = bearerToken(context.switchToHttp().getRequest<Request>());
    if (token?.startsWith(EXTENSION_TOKEN_PREFIX)) return this.extension.canActivate(context);
    return (await this.session.canActivate(context)) as boolean;
  }
}
