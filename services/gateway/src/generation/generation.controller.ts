import { BadRequestException, Body, Controller, Headers, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { createFromTextRequestSchema, generationIdHeader, type SessionUser, type Sop } from '@sopwright/contracts';
import { ObjectStorage } from '@sopwright/server-kit';
import type { Request } from 'express';
import type { z } from 'zod';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { receiveUpload, type FileRule, type ReceivedUpload } from '../uploads/receive-upload';
import { GenerationService } from './generation.service';
import { mediaTitle } from './media-title';
import { mediaUploadRules, missingUploadMessages } from './media-upload-rules';

@Controller('api/sop')
@UseGuards(SessionGuard)
export class GenerationController {
  constructor(
    @Inject(GenerationService) private readonly generation: GenerationService,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('from-text')
  fromText(
    @CurrentUser() user: SessionUser,
    @Headers(generationIdHeader) generationId: string | undefined,
    @Body({ schema: createFromTextRequestSchema }) body: z.output<typeof createFromTextRequestSchema>,
    @Req() req: Request,
  ): Promise<Sop> {
    return this.generation.generate(user, generationId, async () => ({ title: body.title, source: { kind: 'text', text: body.text }, redact: body.redact, keys: [] }), req);
  }

  /** A video file, or (with `origin=screen-recording`) a screen recording made on the create page. */
  @Post('from-video')
  fromVideo(@CurrentUser() user: SessionUser, @Headers(generationIdHeader) generationId: string | undefined, @Req() req: Request): Promise<Sop> {
    return this.generation.generate(
      user,
      generationId,
      async () => {
        const upload = await receiveUpload(req, this.storage, { video: mediaUploadRules.video });
        const origin = upload.fields['origin'] ?? 'video';
        if (origin !== 'video' && origin !== 'screen-recording') {
          await this.generation.discard(upload);
          throw new BadRequestException("origin must be 'video' or 'screen-recording'");
        }
        const redact = await this.generation.redactOf(upload);
        const video = this.single(upload, 'video', origin === 'screen-recording' ? missingUploadMessages.screenRecording : missingUploadMessages.video);
        return { title: mediaTitle(upload), source: { kind: origin, video }, redact, keys: [video.key] };
      },
      req,
      true,
    );
  }

  @Post('from-audio')
  fromAudio(@CurrentUser() user: SessionUser, @Headers(generationIdHeader) generationId: string | undefined, @Req() req: Request): Promise<Sop> {
    return this.generation.generate(
      user,
      generationId,
      async () => {
        const upload = await receiveUpload(req, this.storage, { audio: mediaUploadRules.audio });
        const redact = await this.generation.redactOf(upload);
        const audio = this.single(upload, 'audio', missingUploadMessages.audio);
        return { title: mediaTitle(upload), source: { kind: 'audio', audio }, redact, keys: [audio.key] };
      },
      req,
      true,
    );
  }

  @Post('from-photos')
  fromPhotos(@CurrentUser() user: SessionUser, @Headers(generationIdHeader) generationId: string | undefined, @Req() req: Request): Promise<Sop> {
    return this.generation.generate(
      user,
      generationId,
      async () => {
        const upload = await receiveUpload(req, this.storage, { photos: { ...mediaUploadRules.photos, maxPixels: this.config.IMAGE_MAX_PIXELS } satisfies FileRule });
        if (upload.files.length === 0) throw new BadRequestException(missingUploadMessages.photos);
        const redact = await this.generation.redactOf(upload);
        const photos = upload.files.map((file) => ({ key: file.key, mimeType: file.contentType }));
        return { title: mediaTitle(upload), source: { kind: 'photos', photos }, redact, keys: photos.map((photo) => photo.key) };
      },
      req,
      true,
    );
  }

  private single(upload: ReceivedUpload, field: string, missingMessage: string) {
    const file = upload.files.find((candidate) => candidate.field === field);
    if (!file) throw new BadRequestException(missingMessage);
    return { key: file.key, mimeType: file.contentType };
  }
}
