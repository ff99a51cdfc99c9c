import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { mediaMessages, type MessageResponse } from '@sopwright/contracts';
import type { z } from 'zod';
import { ImagesService } from './images.service';

type RequestOf<K extends keyof typeof mediaMessages> = z.output<(typeof mediaMessages)[K]['request']>;
type Reply<K extends keyof typeof mediaMessages> = Promise<MessageResponse<(typeof mediaMessages)[K]>>;

@Controller()
export class ImagesController {
  constructor(
    @Inject(ImagesService) private readonly images: ImagesService,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(mediaMessages.ping.pattern)
  async ping(): Reply<'ping'> {
    // Up means able to serve: its database answers too.
    await this.dataSource.query('SELECT 1');
    return { ok: true };
  }

  @MessagePattern(mediaMessages.ingestImage.pattern)
  ingest(@Payload({ schema: mediaMessages.ingestImage.request }) r: RequestOf<'ingestImage'>): Reply<'ingestImage'> {
    return this.images.ingest(r.ownerId, r.incomingKey, r.purpose, r.imageId);
  }

  @MessagePattern(mediaMessages.getImageOwner.pattern)
  owner(@Payload({ schema: mediaMessages.getImageOwner.request }) r: RequestOf<'getImageOwner'>): Reply<'getImageOwner'> {
    return this.images.ownerOf(r.imageId);
  }

  @MessagePattern(mediaMessages.getImage.pattern)
  get(@Payload({ schema: mediaMessages.getImage.request }) r: RequestOf<'getImage'>): Reply<'getImage'> {
    return this.images.get(r.ownerId, r.imageId);
  }

  @MessagePattern(mediaMessages.resolveImages.pattern)
  resolve(@Payload({ schema: mediaMessages.resolveImages.request }) r: RequestOf<'resolveImages'>): Reply<'resolveImages'> {
    return this.images.resolve(r.ownerId, r.imageIds);
  }

  @MessagePattern(mediaMessages.findForeignImages.pattern)
  async findForeign(@Payload({ schema: mediaMessages.findForeignImages.request }) r: RequestOf<'findForeignImages'>): Reply<'findForeignImages'> {
    return { foreignImageIds: await this.images.findForeign(r.ownerId, r.imageIds) };
  }
}
