import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { authMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { ExtensionConnectionsService } from './extension-connections.service';

type RequestOf<K extends keyof typeof authMessages> = z.output<(typeof authMessages)[K]['request']>;
type Reply<K extends keyof typeof authMessages> = Promise<MessageResponse<(typeof authMessages)[K]>>;

@Controller()
export class ExtensionConnectionsController {
  constructor(@Inject(ExtensionConnectionsService) private readonly connections: ExtensionConnectionsService) {}

  @MessagePattern(authMessages.createConnectCode.pattern)
  createCode(@Payload({ schema: authMessages.createConnectCode.request }) r: RequestOf<'createConnectCode'>): Reply<'createConnectCode'> {
    return this.connections.createCode(r.userId);
  }

  @MessagePattern(authMessages.redeemConnectCode.pattern)
  redeem(@Payload({ schema: authMessages.redeemConnectCode.request }) r: RequestOf<'redeemConnectCode'>): Reply<'redeemConnectCode'> {
    return this.connections.redeem(r.code, r.name, r.requestId);
  }

  @MessagePattern(authMessages.listExtensionConnections.pattern)
  list(@Payload({ schema: authMessages.listExtensionConnections.request }) r: RequestOf<'listExtensionConnections'>): Reply<'listExtensionConnections'> {
    return this.connections.list(r.userId);
  }

  @MessagePattern(authMessages.revokeExtensionConnection.pattern)
  async revoke(@Payload({ schema: authMessages.revokeExtensionConnection.request }) r: RequestOf<'revokeExtensionConnection'>): Reply<'revokeExtensionConnection'> {
    await this.connections.revoke(r.userId, r.connectionId);
    return { ok: true };
  }

  @MessagePattern(authMessages.verifyExtensionToken.pattern)
  verify(@Payload({ schema: authMessages.verifyExtensionToken.request }) r: RequestOf<'verifyExtensionToken'>): Reply<'verifyExtensionToken'> {
    return this.connections.verify(r.token);
  }
}
