import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  authMessages,
  can,
  extensionMessages,
  redeemConnectCodeRequestSchema,
  type ConnectCode,
  type ExtensionConnection,
  type ExtensionTokenResponse,
  type ExtensionWhoAmI,
  type SessionUser,
  type Workspace,
} from '@sopwright/contracts';
import type { RpcClient } from '@sopwright/server-kit';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { clientAddress } from '../auth/client-address';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { SignInThrottle, TooManyAttemptsException } from '../auth/sign-in-throttle';
import { AUTH_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';
import { ExtensionTokenGuard, type ExtensionRequest } from './extension-token.guard';

/**
 * Connecting the capture extension: the signed-in user makes a code, the extension trades it
 * for its own token, Settings lists and disconnects connections.
 */
@Controller('api/extension')
export class ExtensionController {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
  ) {}

  @Post('connect-codes')
  @UseGuards(SessionGuard)
  createCode(@CurrentUser() user: SessionUser): Promise<ConnectCode> {
    return this.auth.send(authMessages.createConnectCode, { userId: user.id });
  }

  /** No session: the code is the proof, and guessing codes is throttled like guessing passwords. */
  @Post('connections')
  async connect(
    @Body({ schema: redeemConnectCodeRequestSchema }) body: z.output<typeof redeemConnectCodeRequestSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExtensionTokenResponse> {
    try {
      await this.throttle.beforeExtensionConnect(clientAddress(req));
    } catch (error) {
      if (error instanceof TooManyAttemptsException) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    res.setHeader('Cache-Control', 'no-store');
    return this.auth.send(authMessages.redeemConnectCode, { code: body.code, name: body.name, requestId: randomUUID() });
  }

  @Get('connections')
  @UseGuards(SessionGuard)
  list(@CurrentUser() user: SessionUser): Promise<ExtensionConnection[]> {
    return this.auth.send(authMessages.listExtensionConnections, { userId: user.id });
  }

  @Delete('connections/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(SessionGuard)
  async disconnect(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(extensionMessages.connectionNotFound)) connectionId: string): Promise<void> {
    await this.auth.send(authMessages.revokeExtensionConnection, { userId: user.id, connectionId });
  }

  /** For the extension: where a capture may go (the workspaces in which its user may create SOPs). */
  @Get('workspaces')
  @UseGuards(ExtensionTokenGuard)
  async workspaces(@Req() req: ExtensionRequest): Promise<Workspace[]> {
    const all = await this.auth.send(authMessages.listWorkspaces, { userId: req.user!.id });
    return all.filter((workspace) => can(workspace.role, 'sop.create'));
  }

  /** For the extension: whether its token still works, and whose SOPs it makes. */
  @Get('connection')
  @UseGuards(ExtensionTokenGuard)
  whoAmI(@Req() req: ExtensionRequest): ExtensionWhoAmI {
    return { connection: req.extensionConnection!, email: req.user!.email };
  }
}
