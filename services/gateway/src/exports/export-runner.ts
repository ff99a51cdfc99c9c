import { BadRequestException, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { authMessages, exportFormatSchema, imageIdFromUrl, mediaMessages, type Branding, type ExportDocument, type ExportFormat, type Sop, type Step } from '@sopwright/contracts';
import { ObjectStorage, ServiceError, type RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AUTH_SERVICE, MEDIA_SERVICE } from '../rpc/service-clients';
import { contentDisposition } from './export-file-name';
import { ExportQueue } from './export-queue';

/** The branding a workspace's SOPs carry (a personal workspace's is its person's profile); none for one that is gone. */
export async function brandingOf(auth: RpcClient, workspaceId: string): Promise<Branding> {
  try {
    return await auth.send(authMessages.getBranding, { workspaceId });
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') return { companyName: null, companyLogoUrl: null };
    throw error;
  }
}

/** What an export is made of: the content, and the workspace its images and branding are in. */
export interface ExportSource {
  content: Pick<Sop, 'title' | 'sourceType' | 'createdAt'> & { steps: Step[] };
  workspaceId: string;
}

/** Builds an export's document (images as storage keys), has a worker render it, and streams the file. */
@Injectable()
export class ExportRunner implements OnApplicationShutdown {
  constructor(
    @Inject(AUTH_SERVICE) private readonly auth: RpcClient,
    @Inject(MEDIA_SERVICE) private readonly media: RpcClient,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(ExportQueue) private readonly exports: ExportQueue,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  parseFormat(raw: string): ExportFormat {
    const format = exportFormatSchema.safeParse(raw);
    if (!format.success) throw new BadRequestException('Export format must be pdf, docx, markdown or html');
    return format.data;
  }

  /** `beforeDelivery` runs once the file exists, before its first byte is sent (an activity record the reader may look up next). */
  async send(source: ExportSource, format: ExportFormat, res: Response, beforeDelivery?: () => Promise<unknown>): Promise<void> {
    const document = await this.document(source);
    const result = await this.exports.run(
      { ownerId: source.workspaceId, format, document, publicUrl: this.config.PUBLIC_URL },
      // Kept a little after completing: a waiter that subscribes late must still find it.
      { attempts: 2, backoff: { type: 'fixed', delay: 500 }, removeOnComplete: { age: 300 }, timeoutMs: this.config.EXPORT_TIMEOUT_MS },
    );
    try {
      await beforeDelivery?.();
      res.status(200);
      res.setHeader('Content-Type', result.contentType);
      res.setHeader('Content-Length', String(result.byteSize));
      res.setHeader('Content-Disposition', contentDisposition(document.title, format));
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // The HTML export is a document of ours opened in a tab: it may show, never run.
      res.setHeader('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'");
      await pipeline(await this.storage.get(result.objectKey), res);
    } finally {
      await this.storage.remove(result.objectKey).catch(() => undefined);
    }
  }

  /** The content, its workspace's branding, and storage keys for every image it shows (the logo is the workspace's too). */
  private async document({ content, workspaceId }: ExportSource): Promise<ExportDocument> {
    const profile = await brandingOf(this.auth, workspaceId);
    const ids = (urls: string[]) => urls.map((url) => imageIdFromUrl(url)).filter((id): id is string => id !== null);
    const [stepImages, logos] = await Promise.all([
      this.media.send(mediaMessages.resolveImages, { ownerId: workspaceId, imageIds: ids(content.steps.flatMap((step) => step.imageUrls ?? [])) }),
      profile.companyLogoUrl ? this.media.send(mediaMessages.resolveImages, { ownerId: workspaceId, imageIds: ids([profile.companyLogoUrl]) }) : Promise.resolve([]),
    ]);
    const images = new Map(stepImages.map((image) => [image.url, image]));
    const logo = logos[0];
    return {
      title: content.title,
      sourceType: content.sourceType,
      createdAt: content.createdAt,
      companyName: profile.companyName,
      companyLogo: logo ? { objectKey: logo.objectKey, contentType: logo.contentType } : null,
      steps: content.steps.map((step) => ({
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
