import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Res, UseGuards } from '@nestjs/common';
import {
  imageEditRequestSchema,
  mediaMessages,
  messages,
  type EditedImage,
  type ImageEditRequest,
  type ImageEditState,
  type RedactionProposals,
  type SessionUser,
} from '@sopwright/contracts';
import { ObjectStorage, type RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { MEDIA_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';
import { WorkspaceAccessService } from '../workspaces/workspace-access';

/**
 * Images go to members of the workspace that owns them only (bearer or cookie: thumbnails open in new tabs). An image
 * never changes under its id, so browsers may keep it; `private` keeps shared caches out.
 */
@Controller('api/media/images')
@UseGuards(SessionGuard)
export class MediaController {
  constructor(
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
  ) {}

  @Get(':id')
  async image(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(messages.imageNotFound)) imageId: string, @Res() res: Response) {
    const workspace = await this.access.ofImage(user, imageId, 'sop.read');
    const image = await this.media.send(mediaMessages.getImage, { ownerId: workspace.id, imageId });
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

  /** What the image editor opens: the original, its size and the layer behind this image. */
  @Get(':id/edit')
  async editState(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(messages.imageNotFound)) imageId: string): Promise<ImageEditState> {
    // The unedited original: for those who may edit, never for Viewers.
    const workspace = await this.access.ofImage(user, imageId, 'sop.edit');
    return this.media.send(mediaMessages.getImageEdit, { ownerId: workspace.id, imageId });
  }

  /** Applies a layer to the image's original; the answer is a new, flattened image for the step. */
  @Post(':id/edits')
  @HttpCode(HttpStatus.CREATED)
  async edit(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe(messages.imageNotFound)) imageId: string,
    @Body({ schema: imageEditRequestSchema }) body: ImageEditRequest,
  ): Promise<EditedImage> {
    const workspace = await this.access.ofImage(user, imageId, 'sop.edit');
    const image = await this.media.send(mediaMessages.editImage, { ownerId: workspace.id, imageId, edit: body.edit }, { timeoutMs: IMAGE_WORK_TIMEOUT_MS });
    return { imageId: image.imageId, url: image.url };
  }

  /** Blur boxes over the sensitive values OCR reads in the image, proposed, not applied. */
  @Post(':id/redactions')
  @HttpCode(HttpStatus.OK)
  async proposeRedactions(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe(messages.imageNotFound)) imageId: string): Promise<RedactionProposals> {
    const workspace = await this.access.ofImage(user, imageId, 'sop.edit');
    return this.media.send(mediaMessages.proposeRedactions, { ownerId: workspace.id, imageId }, { timeoutMs: IMAGE_WORK_TIMEOUT_MS });
  }
}

/** Drawing a layer on a large screenshot, or reading it with OCR, takes seconds on a busy machine. */
const IMAGE_WORK_TIMEOUT_MS = 60_000;
