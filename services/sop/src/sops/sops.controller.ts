import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { sopMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { SopsService } from './sops.service';

type RequestOf<K extends keyof typeof sopMessages> = z.output<(typeof sopMessages)[K]['request']>;
type Reply<K extends keyof typeof sopMessages> = Promise<MessageResponse<(typeof sopMessages)[K]>>;

@Controller()
export class SopsController {
  constructor(
    @Inject(SopsService) private readonly sops: SopsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(sopMessages.ping.pattern)
  async ping(): Reply<'ping'> {
    // Up means able to serve: its database answers too.
    await this.dataSource.query('SELECT 1');
    return { ok: true };
  }

  @MessagePattern(sopMessages.create.pattern)
  create(@Payload({ schema: sopMessages.create.request }) command: RequestOf<'create'>): Reply<'create'> {
    return this.sops.create(command);
  }

  @MessagePattern(sopMessages.list.pattern)
  list(@Payload({ schema: sopMessages.list.request }) { ownerId }: RequestOf<'list'>): Reply<'list'> {
    return this.sops.list(ownerId);
  }

  @MessagePattern(sopMessages.listPage.pattern)
  listPage(@Payload({ schema: sopMessages.listPage.request }) { ownerId, limit, cursor }: RequestOf<'listPage'>): Reply<'listPage'> {
    return this.sops.listPage(ownerId, limit, cursor);
  }

  @MessagePattern(sopMessages.getOwner.pattern)
  owner(@Payload({ schema: sopMessages.getOwner.request }) { sopId }: RequestOf<'getOwner'>): Reply<'getOwner'> {
    return this.sops.ownerOf(sopId);
  }

  @MessagePattern(sopMessages.get.pattern)
  get(@Payload({ schema: sopMessages.get.request }) { ownerId, sopId }: RequestOf<'get'>): Reply<'get'> {
    return this.sops.get(ownerId, sopId);
  }

  @MessagePattern(sopMessages.update.pattern)
  update(@Payload({ schema: sopMessages.update.request }) { ownerId, sopId, title, steps, actorId }: RequestOf<'update'>): Reply<'update'> {
    return this.sops.update(ownerId, sopId, { title, steps }, actorId);
  }

  @MessagePattern(sopMessages.listVersions.pattern)
  listVersions(@Payload({ schema: sopMessages.listVersions.request }) { ownerId, sopId }: RequestOf<'listVersions'>): Reply<'listVersions'> {
    return this.sops.listVersions(ownerId, sopId);
  }

  @MessagePattern(sopMessages.getVersion.pattern)
  getVersion(@Payload({ schema: sopMessages.getVersion.request }) r: RequestOf<'getVersion'>): Reply<'getVersion'> {
    return this.sops.getVersion(r.ownerId, r.sopId, r.versionId);
  }

  @MessagePattern(sopMessages.restoreVersion.pattern)
  restoreVersion(@Payload({ schema: sopMessages.restoreVersion.request }) r: RequestOf<'restoreVersion'>): Reply<'restoreVersion'> {
    return this.sops.restoreVersion(r.ownerId, r.sopId, r.versionId, r.actorId);
  }

  @MessagePattern(sopMessages.deleteSop.pattern)
  async deleteSop(@Payload({ schema: sopMessages.deleteSop.request }) r: RequestOf<'deleteSop'>): Reply<'deleteSop'> {
    await this.sops.deleteSop(r.ownerId, r.sopId, r.actorId);
    return { ok: true };
  }

  @MessagePattern(sopMessages.deleteAllSops.pattern)
  async deleteAllSops(@Payload({ schema: sopMessages.deleteAllSops.request }) r: RequestOf<'deleteAllSops'>): Reply<'deleteAllSops'> {
    return { deleted: await this.sops.deleteAllSops(r.ownerId, r.actorId) };
  }

  @MessagePattern(sopMessages.getReadable.pattern)
  readable(@Payload({ schema: sopMessages.getReadable.request }) r: RequestOf<'getReadable'>): Reply<'getReadable'> {
    return this.sops.getReadable(r.ownerId, r.sopId);
  }
}
