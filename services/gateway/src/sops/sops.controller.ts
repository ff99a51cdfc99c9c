import { BadRequestException, Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import {
  imageIdFromUrl,
  mediaMessages,
  messages,
  sopMessages,
  sopPageQuerySchema,
  updateSopRequestSchema,
  uploadLimits,
  type SessionUser,
  type UpdateSopRequest,
  type UploadImageResponse,
} from '@sopwright/contracts';
import { ObjectStorage, type RpcClient } from '@sopwright/server-kit';
import type { Request } from 'express';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { MEDIA_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { receiveUpload } from '../uploads/receive-upload';
import { ResourceIdPipe } from './sop-id.pipe';

@Controller('api/sop')
@UseGuards(SessionGuard)
export class SopsController {
  constructor(
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  /**
   * The user's own SOPs, newest first: whole (the spec's shape) without a query; with
   * `limit` (and the previous page's `cursor`), a page of summaries for the library.
   */
  @Get()
  list(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>) {
    if (query['limit'] === undefined && query['cursor'] === undefined) return this.sops.send(sopMessages.list, { ownerId: user.id });
    const page = sopPageQuerySchema.safeParse(query);
    if (!page.success) throw new BadRequestException(page.error.issues[0]?.message ?? 'Invalid page request');
    return this.sops.send(sopMessages.listPage, { ownerId: user.id, ...page.data });
  }

  @Post('upload-image')
  @HttpCode(HttpStatus.OK)
  async uploadImage(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<UploadImageResponse> {
    const limit = uploadLimits['step-image'];
    const { files } = await receiveUpload(req, this.storage, {
      image: { maxBytes: limit.maxBytes, maxCount: 1, tooLargeMessage: `Images must be ${limit.label} or smaller` },
    });
    const file = files[0];
    if (!file) throw new BadRequestException('Please choose an image to upload');
    const image = await this.media.send(mediaMessages.ingestImage, { ownerId: user.id, incomingKey: file.key, purpose: 'step-image' });
    return { imageUrl: image.url };
  }

  @Get(':id')
  get(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string) {
    return this.sops.send(sopMessages.get, { ownerId: user.id, sopId });
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe()) sopId: string,
    @Body({ schema: updateSopRequestSchema }) body: UpdateSopRequest,
  ) {
    await this.assertOwnImages(user.id, body);
    return this.sops.send(sopMessages.update, { ownerId: user.id, sopId, ...body });
  }

  @Get(':id/versions')
  versions(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string) {
    return this.sops.send(sopMessages.listVersions, { ownerId: user.id, sopId });
  }

  @Get(':id/versions/:versionId')
  version(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe()) sopId: string,
    @Param('versionId', new ResourceIdPipe('Version not found')) versionId: string,
  ) {
    return this.sops.send(sopMessages.getVersion, { ownerId: user.id, sopId, versionId });
  }

  @Post(':id/versions/:versionId/restore')
  @HttpCode(HttpStatus.OK)
  restore(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe()) sopId: string,
    @Param('versionId', new ResourceIdPipe('Version not found')) versionId: string,
  ) {
    return this.sops.send(sopMessages.restoreVersion, { ownerId: user.id, sopId, versionId });
  }


  /** Steps may show only images their owner uploaded: no hot-linking of others' files. */
  private async assertOwnImages(ownerId: string, body: UpdateSopRequest): Promise<void> {
    const imageIds = body.steps.flatMap((step) => (step.imageUrls ?? []).map((url) => imageIdFromUrl(url)!));
    if (imageIds.length === 0) return;
    const { foreignImageIds } = await this.media.send(mediaMessages.findForeignImages, { ownerId, imageIds });
    if (foreignImageIds.length > 0) throw new BadRequestException(messages.foreignImage);
  }
}
