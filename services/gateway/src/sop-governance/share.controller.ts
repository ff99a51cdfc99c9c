import { Controller, Get, Inject, NotFoundException, Param, PipeTransform, Res } from '@nestjs/common';
import { imageIdFromUrl, mediaMessages, messages, shareMessages, shareTokenPattern, sopMessages, type SharedSop } from '@sopwright/contracts';
import { ObjectStorage, ServiceError, type RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { brandingOf, ExportRunner } from '../exports/export-runner';
import { AUTH_SERVICE, MEDIA_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';

/** A token that cannot be one is a link that does not work, without a lookup. */
class ShareTokenPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!shareTokenPattern.test(value)) throw new NotFoundException(shareMessages.notFound);
    return value;
  }
}

/**
 * What anyone with a share link sees, signed in or not: the SOP (its approved version when
 * there is one) with its workspace's branding, its images, and the PDF. Every request checks
 * the link, so revoking it ends access at once, images included, and nothing is cached.
 */
@Controller('api/share')
export class ShareController {
  constructor(
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(ExportRunner) private readonly runner: ExportRunner,
  ) {}

  @Get(':token')
  async view(@Param('token', new ShareTokenPipe()) token: string, @Res({ passthrough: true }) res: Response): Promise<SharedSop> {
    const shared = await this.resolve(token);
    const profile = await brandingOf(this.auth, shared.ownerId);
    res.setHeader('Cache-Control', 'no-store');
    const local = (url: string) => `/api/share/${token}/images/${imageIdFromUrl(url) ?? ''}`;
    return {
      title: shared.title,
      steps: shared.steps.map((step) => ({ ...step, ...(step.imageUrls ? { imageUrls: step.imageUrls.filter((url) => imageIdFromUrl(url)).map(local) } : {}) })),
      version: shared.version,
      approved: shared.approved,
      updatedAt: shared.updatedAt,
      companyName: profile.companyName,
      companyLogoUrl: profile.companyLogoUrl && imageIdFromUrl(profile.companyLogoUrl) ? local(profile.companyLogoUrl) : null,
    };
  }

  /** Only images the shared version shows (or the branding's logo), while the link works. */
  @Get(':token/images/:imageId')
  async image(@Param('token', new ShareTokenPipe()) token: string, @Param('imageId', new ResourceIdPipe(messages.imageNotFound)) imageId: string, @Res() res: Response): Promise<void> {
    const shared = await this.resolve(token);
    const stepImages = new Set(shared.steps.flatMap((step) => (step.imageUrls ?? []).map((url) => imageIdFromUrl(url))));
    if (!stepImages.has(imageId)) {
      const profile = await brandingOf(this.auth, shared.ownerId);
      if (!profile.companyLogoUrl || imageIdFromUrl(profile.companyLogoUrl) !== imageId) throw new NotFoundException(messages.imageNotFound);
    }
    const image = await this.media.send(mediaMessages.getImage, { ownerId: shared.ownerId, imageId });
    const body = await this.storage.get(image.objectKey);
    res.status(200);
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', String(image.byteSize));
    // Never kept: a revoked link must stop showing its images at once.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    await pipeline(body, res);
  }

  @Get(':token/export/pdf')
  async pdf(@Param('token', new ShareTokenPipe()) token: string, @Res() res: Response): Promise<void> {
    const shared = await this.resolve(token);
    const sop = await this.sops.send(sopMessages.get, { ownerId: shared.ownerId, sopId: shared.sopId });
    await this.runner.send({ content: { title: shared.title, steps: shared.steps, sourceType: sop.sourceType, createdAt: sop.createdAt }, workspaceId: shared.ownerId }, 'pdf', res);
  }

  /** The link's content: the version it shows, in the SOP's workspace. */
  private async resolve(token: string) {
    try {
      return await this.sops.send(sopMessages.resolveShareLink, { token });
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND') throw new NotFoundException(shareMessages.notFound);
      throw error;
    }
  }
}
