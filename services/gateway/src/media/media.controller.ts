import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { mediaMessages, messages, type SessionUser } from '@sopwright/contracts';
import { ObjectStorage, type RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { MEDIA_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';

/**
 * Images go to their owner only (bearer or cookie: thumbnails open in new tabs). An image
 * never changes under its id, so browsers may keep it; `private` keeps shared caches out.
 */
@Controller('api/media/images')
@UseGuards(SessionGuard)
export class MediaController {
  constructor(
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  @Get(':id')
  async image(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(messages.imageNotFound)) imageId: string, @Res() res: Response) {
    const image = await this.media.send(mediaMessages.getImage, { ownerId: user.id, imageId });
    const body = await this.storage.get(image.objectKey);
    res.status(200);
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', String(image.byteSize));
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Opened directly, an SVG is a document: it may not run or fetch anything.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    await pipeline(body, res);
  }
}
