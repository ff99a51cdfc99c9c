import { BadRequestException, Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
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
import { WorkspaceAccessService } from '../workspaces/workspace-access';
import { ResourceIdPipe } from './sop-id.pipe';

@Controller('api/sop')
@UseGuards(SessionGuard)
export class SopsController {
  constructor(
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
  ) {}

  /**
   * The current workspace's SOPs, newest first: whole (the spec's shape) without a query; with
   * `limit` (and the previous page's `cursor`), a page of summaries for the library.
   */
  @Get()
  async list(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>, @Req() req: Request) {
    const page = query['limit'] === undefined && query['cursor'] === undefined ? null : sopPageQuerySchema.safeParse(query);
    if (page && !page.success) throw new BadRequestException(page.error.issues[0]?.message ?? 'Invalid page request');
    const workspace = await this.access.current(user, req, 'sop.read');
    if (!page) return this.sops.send(sopMessages.list, { ownerId: workspace.id });
    return this.sops.send(sopMessages.listPage, { ownerId: workspace.id, ...page.data! });
  }

  @Post('upload-image')
  @HttpCode(HttpStatus.OK)
  async uploadImage(@CurrentUser() user: SessionUser, @Req() req: Request, @Query('sopId') sopId?: string): Promise<UploadImageResponse> {
    // For a step of an SOP (`?sopId=`), the SOP's own workspace, whichever one the app is in.
    const workspace = sopId ? await this.access.ofSop(user, new ResourceIdPipe().transform(sopId), 'sop.edit') : await this.access.current(user, req, 'sop.edit');
    const limit = uploadLimits['step-image'];
    const { files } = await receiveUpload(req, this.storage, {
      image: { maxBytes: limit.maxBytes, maxCount: 1, tooLargeMessage: `Images must be ${limit.label} or smaller` },
    });
    const file = files[0];
    if (!file) throw new BadRequestException('Please choose an image to upload');
    const image = await this.media.send(mediaMessages.ingestImage, { ownerId: workspace.id, incomingKey: file.key, purpose: 'step-image' });
    return { imageUrl: image.url };
  }

  @Get(':id')
  async get(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string) {
    const workspace = await this.access.ofSop(user, sopId, 'sop.read');
    // Viewers read the approved version while a new draft is being written.
    return this.sops.send(workspace.role === 'viewer' ? sopMessages.getReadable : sopMessages.get, { ownerId: workspace.id, sopId });
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe()) sopId: string,
    @Body({ schema: updateSopRequestSchema }) body: UpdateSopRequest,
  ) {
    const workspace = await this.access.ofSop(user, sopId, 'sop.edit');
    await this.assertOwnImages(workspace.id, body);
    return this.sops.send(sopMessages.update, { ownerId: workspace.id, sopId, ...body, actorId: user.id });
  }

  @Get(':id/versions')
  async versions(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string) {
    const workspace = await this.access.ofSop(user, sopId, 'sop.history');
    return this.sops.send(sopMessages.listVersions, { ownerId: workspace.id, sopId });
  }

  @Get(':id/versions/:versionId')
  async version(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe()) sopId: string,
    @Param('versionId', new ResourceIdPipe('Version not found')) versionId: string,
  ) {
    const workspace = await this.access.ofSop(user, sopId, 'sop.history');
    return this.sops.send(sopMessages.getVersion, { ownerId: workspace.id, sopId, versionId });
  }

  @Post(':id/versions/:versionId/restore')
  @HttpCode(HttpStatus.OK)
  async restore(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe()) sopId: string,
    @Param('versionId', new ResourceIdPipe('Version not found')) versionId: string,
  ) {
    const workspace = await this.access.ofSop(user, sopId, 'sop.edit');
    return this.sops.send(sopMessages.restoreVersion, { ownerId: workspace.id, sopId, versionId, actorId: user.id });
  }

  /** Editors, admins and owners; a share link to it stops working at once. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string): Promise<void> {
    const workspace = await this.access.ofSop(user, sopId, 'sop.edit');
    await this.sops.send(sopMessages.deleteSop, { ownerId: workspace.id, sopId, actorId: user.id });
  }


  /** Steps may show only images of their own workspace: no hot-linking of others' files. */
  private async assertOwnImages(ownerId: string, body: UpdateSopRequest): Promise<void> {
    const imageIds = body.steps.flatMap((step) => (step.imageUrls ?? []).map((url) => imageIdFromUrl(url)!));
    if (imageIds.length === 0) return;
    const { foreignImageIds } = await this.media.send(mediaMessages.findForeignImages, { ownerId, imageIds });
    if (foreignImageIds.length > 0) throw new BadRequestException(messages.foreignImage);
  }
}
