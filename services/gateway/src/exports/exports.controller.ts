import { BadRequestException, Controller, Get, Inject, OnApplicationShutdown, Param, Res, UseGuards } from '@nestjs/common';
import {
  authMessages,
  exportFormatSchema,
  imageIdFromUrl,
  mediaMessages,
  sopMessages,
  type ExportDocument,
  type ExportFormat,
  type SessionUser,
} from '@sopwright/contracts';
import { ObjectStorage, type RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AUTH_SERVICE, MEDIA_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';
import { WorkspaceAccessService } from '../workspaces/workspace-access';
import { contentDisposition } from './export-file-name';
import { ExportQueue } from './export-queue';

@Controller('api/sop')
@UseGuards(SessionGuard)
export class ExportsController implements OnApplicationShutdown {
  constructor(
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(ExportQueue) private readonly exports: ExportQueue,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
  ) {}

  /** Members of its workspace only (cookie or bearer: the browser opens it in a new tab); others get 404. */
  @Get(':id/export/:format')
  async export(
    @CurrentUser() user: SessionUser,
    @Param('id', new ResourceIdPipe()) sopId: string,
    @Param('format') rawFormat: string,
    @Res() res: Response,
  ): Promise<void> {
    const format = exportFormatSchema.safeParse(rawFormat);
    if (!format.success) throw new BadRequestException('Export format must be pdf, docx, markdown or html');
    const workspace = await this.access.ofSop(user, sopId, 'sop.read');
    const document = await this.gather(workspace.id, user.id, sopId);
    const result = await this.exports.run(
      { ownerId: workspace.id, format: format.data, document, publicUrl: this.config.PUBLIC_URL },
      // Kept a little after completing: a waiter that subscribes late must still find it.
      { attempts: 2, backoff: { type: 'fixed', delay: 500 }, removeOnComplete: { age: 300 }, timeoutMs: this.config.EXPORT_TIMEOUT_MS },
    );
    try {
      res.status(200);
      res.setHeader('Content-Type', result.contentType);
      res.setHeader('Content-Length', String(result.byteSize));
      res.setHeader('Content-Disposition', contentDisposition(document.title, format.data as ExportFormat));
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // The HTML export is a document of ours opened in a tab: it may show, never run.
      res.setHeader('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'");
      await pipeline(await this.storage.get(result.objectKey), res);
    } finally {
      await this.storage.remove(result.objectKey).catch(() => undefined);
    }
  }

  /**
   * The SOP, the branding of the person exporting (branding is per person until workspaces
   * have their own), and storage keys for every image it shows.
   */
  private async gather(workspaceId: string, userId: string, sopId: string): Promise<ExportDocument> {
    const [sop, profile] = await Promise.all([
      this.sops.send(sopMessages.get, { ownerId: workspaceId, sopId }),
      this.auth.send(authMessages.getProfile, { userId }),
    ]);
    const ids = (urls: string[]) => urls.map((url) => imageIdFromUrl(url)).filter((id): id is string => id !== null);
    const [stepImages, logos] = await Promise.all([
      this.media.send(mediaMessages.resolveImages, { ownerId: workspaceId, imageIds: ids(sop.steps.flatMap((step) => step.imageUrls ?? [])) }),
      profile.companyLogoUrl ? this.media.send(mediaMessages.resolveImages, { ownerId: userId, imageIds: ids([profile.companyLogoUrl]) }) : Promise.resolve([]),
    ]);
    const images = new Map(stepImages.map((image) => [image.url, image]));
    const logo = logos[0];
    return {
      title: sop.title,
      sourceType: sop.sourceType,
      createdAt: sop.createdAt,
      companyName: profile.companyName,
      companyLogo: logo ? { objectKey: logo.objectKey, contentType: logo.contentType } : null,
      steps: sop.steps.map((step) => ({
        title: step.title,
        details: step.details,
        images: (step.imageUrls ?? [])
          .map((url) => images.get(url))
          .filter((image) => image !== undefined)
          // The print-size rendition where there is one: the original can be 10× the bytes a page needs.
          .map((image) => ({ ...(image.print ?? { objectKey: image.objectKey, contentType: image.contentType }), url: image.url })),
      })),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.exports.close();
  }
}
