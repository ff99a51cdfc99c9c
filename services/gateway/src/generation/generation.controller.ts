import {
  BadRequestException,
  Body,
  Controller,
  Headers,
  HttpException,
  HttpStatus,
  Inject,
  OnApplicationShutdown,
  Post,
  Req,
  UnprocessableEntityException,
  UseGuards,
} from '@nestjs/common';
import {
  billingMessages,
  createFromTextRequestSchema,
  generationIdHeader,
  generationRefusal,
  redactField,
  redactFieldMessage,
  redactFieldSchema,
  sopMessages,
  type GenerationSource,
  type SessionUser,
  type Sop,
} from '@sopwright/contracts';
import { CreditSettlements, ObjectStorage, ServiceError, type RpcClient } from '@sopwright/server-kit';
import type { Request } from 'express';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { BILLING_SERVICE, SOP_SERVICE } from '../rpc/service-clients';
import { receiveUpload, type FileRule, type ReceivedUpload } from '../uploads/receive-upload';
import { GenerationFailedError, GenerationQueue, GenerationTimeoutError, generationJobId } from './generation-queue';
import { mediaUploadRules, missingUploadMessages } from './media-upload-rules';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The create page sends this when the title is left blank; the pipeline then derives a better one. */
const defaultTitle = 'Generated SOP';

interface Prepared {
  title: string;
  source: GenerationSource;
  /** Automatic redaction (the request's `redact` field; on unless "false"). */
  redact: boolean;
  /** Stored uploads to remove if the generation never gets queued. */
  keys: string[];
}

@Controller('api/sop')
@UseGuards(SessionGuard)
export class GenerationController implements OnApplicationShutdown {
  constructor(
    @Inject(BILLING_SERVICE) private readonly billing: RpcClient,
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(GenerationQueue) private readonly generations: GenerationQueue,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(CreditSettlements) private readonly settlements: CreditSettlements,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('from-text')
  fromText(
    @CurrentUser() user: SessionUser,
    @Headers(generationIdHeader) generationId: string | undefined,
    @Body({ schema: createFromTextRequestSchema }) body: z.output<typeof createFromTextRequestSchema>,
  ): Promise<Sop> {
    return this.generate(user, generationId, async () => ({ title: body.title, source: { kind: 'text', text: body.text }, redact: body.redact, keys: [] }));
  }

  /** A video file, or (with `origin=screen-recording`) a screen recording made on the create page. */
  @Post('from-video')
  fromVideo(@CurrentUser() user: SessionUser, @Headers(generationIdHeader) generationId: string | undefined, @Req() req: Request): Promise<Sop> {
    return this.generate(
      user,
      generationId,
      async () => {
        const upload = await receiveUpload(req, this.storage, { video: mediaUploadRules.video });
        const origin = upload.fields['origin'] ?? 'video';
        if (origin !== 'video' && origin !== 'screen-recording') {
          await this.discard(upload);
          throw new BadRequestException("origin must be 'video' or 'screen-recording'");
        }
        const redact = await this.redactOf(upload);
        const video = this.single(upload, 'video', origin === 'screen-recording' ? missingUploadMessages.screenRecording : missingUploadMessages.video);
        return { title: mediaTitle(upload), source: { kind: origin, video }, redact, keys: [video.key] };
      },
      req,
    );
  }

  @Post('from-audio')
  fromAudio(@CurrentUser() user: SessionUser, @Headers(generationIdHeader) generationId: string | undefined, @Req() req: Request): Promise<Sop> {
    return this.generate(
      user,
      generationId,
      async () => {
        const upload = await receiveUpload(req, this.storage, { audio: mediaUploadRules.audio });
        const redact = await this.redactOf(upload);
        const audio = this.single(upload, 'audio', missingUploadMessages.audio);
        return { title: mediaTitle(upload), source: { kind: 'audio', audio }, redact, keys: [audio.key] };
      },
      req,
    );
  }

  @Post('from-photos')
  fromPhotos(@CurrentUser() user: SessionUser, @Headers(generationIdHeader) generationId: string | undefined, @Req() req: Request): Promise<Sop> {
    return this.generate(
      user,
      generationId,
      async () => {
        const upload = await receiveUpload(req, this.storage, { photos: { ...mediaUploadRules.photos, maxPixels: this.config.IMAGE_MAX_PIXELS } satisfies FileRule });
        if (upload.files.length === 0) throw new BadRequestException(missingUploadMessages.photos);
        const redact = await this.redactOf(upload);
        const photos = upload.files.map((file) => ({ key: file.key, mimeType: file.contentType }));
        return { title: mediaTitle(upload), source: { kind: 'photos', photos }, redact, keys: photos.map((photo) => photo.key) };
      },
      req,
    );
  }

  /**
   * Holds one credit (free plans are refused here, with a message that says to upgrade),
   * queues the generation for any worker, and answers with the SOP once it exists. A
   * generation id seen before answers with that generation instead: never a second charge.
   */
  private async generate(user: SessionUser, generationIdHeaderValue: string | undefined, prepare: () => Promise<Prepared>, req?: Request): Promise<Sop> {
    const generationId = parseGenerationId(generationIdHeaderValue);
    const jobId = generationJobId(user.id, generationId);
    const earlier = await this.generations.find(jobId);
    if (earlier) {
      req?.resume();
      return this.answer(user, generationId, earlier);
    }

    if (req) await this.refuseBeforeUpload(user, req);
    const { title, source, redact, keys } = await prepare();
    let job: Job;
    try {
      const reservation = await this.billing.send(billingMessages.reserveCredit, { userId: user.id, key: `generation:${jobId}` });
      try {
        job = await this.generations.addGeneration(jobId, { ownerId: user.id, title, source, redact, reservationId: reservation.reservationId });
      } catch (error) {
        // Not queued, so nothing will settle it: give the credit back (billing's sweep is the net if Redis is gone).
        await this.settlements.settle(reservation.reservationId, 'refund').catch(() => undefined);
        throw error;
      }
    } catch (error) {
      await this.discardKeys(keys);
      throw error;
    }
    // A request with the same id that raced this one queued first: its job is the generation.
    if (JSON.stringify(job.data?.source) !== JSON.stringify(source)) await this.discardKeys(keys);
    return this.answer(user, generationId, job);
  }

  private async answer(user: SessionUser, generationId: string, job: Job): Promise<Sop> {
    try {
      const { sopId } = await this.generations.waitFor(job, this.config.GENERATION_TIMEOUT_MS);
      return await this.sops.send(sopMessages.get, { ownerId: user.id, sopId });
    } catch (error) {
      if (error instanceof GenerationFailedError) throw new UnprocessableEntityException(error.message);
      if (error instanceof GenerationTimeoutError) {
        throw new HttpException(`The SOP is still being generated. Follow its progress at /api/jobs/${generationId}.`, HttpStatus.GATEWAY_TIMEOUT);
      }
      throw error;
    }
  }

  /**
   * A plan that cannot generate is told so before a large upload is received; the credit
   * reservation after the upload stays the authority (credits may change meanwhile).
   */
  private async refuseBeforeUpload(user: SessionUser, req: Request): Promise<void> {
    const usage = await this.billing.send(billingMessages.getUsage, { userId: user.id });
    const refusal = generationRefusal(usage);
    if (!refusal) return;
    req.resume();
    throw new ServiceError(refusal);
  }

  /** The form's `redact` field; a value other than true/false is refused before anything is charged. */
  private async redactOf(upload: ReceivedUpload): Promise<boolean> {
    const parsed = redactFieldSchema.safeParse(upload.fields[redactField]);
    if (parsed.success) return parsed.data;
    await this.discard(upload);
    throw new BadRequestException(redactFieldMessage);
  }

  private single(upload: ReceivedUpload, field: string, missingMessage: string) {
    const file = upload.files.find((candidate) => candidate.field === field);
    if (!file) throw new BadRequestException(missingMessage);
    return { key: file.key, mimeType: file.contentType };
  }

  private discard(upload: ReceivedUpload) {
    return this.discardKeys(upload.files.map((file) => file.key));
  }

  private async discardKeys(keys: string[]) {
    await Promise.all(keys.map((key) => this.storage.remove(key).catch(() => undefined)));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.generations.close();
    await this.settlements.close();
  }
}

function parseGenerationId(value: string | undefined): string {
  if (value === undefined || value === '') return randomUUID();
  if (!uuid.test(value)) throw new BadRequestException(`${generationIdHeader} must be a UUID`);
  return value.toLowerCase();
}

/** Optional on media sources: blank (or the client's default) lets the pipeline derive one. */
function mediaTitle(upload: ReceivedUpload): string {
  const title = (upload.fields['title'] ?? '').trim().slice(0, 300);
  return title === defaultTitle ? '' : title;
}
