import { BadRequestException, Controller, Headers, HttpException, HttpStatus, Inject, Post, Req, UseGuards } from '@nestjs/common';
import {
  CAPTURE_EVENTS_FIELD,
  CAPTURE_EVENTS_MAX_BYTES,
  CAPTURE_MAX_SCREENSHOTS,
  CAPTURE_SCREENSHOT_MAX_BYTES,
  CAPTURE_SCREENSHOTS_FIELD,
  captureEventListSchema,
  captureEventsProblem,
  captureMessages,
  captureScreenshotCount,
  generationIdHeader,
  type CaptureEvent,
  type SessionUser,
  type Sop,
} from '@sopwright/contracts';
import { ObjectStorage } from '@sopwright/server-kit';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { CurrentUser } from '../auth/session.guard';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { SessionOrExtensionGuard } from '../extension/session-or-extension.guard';
import { GenerationService } from '../generation/generation.service';
import { mediaTitle } from '../generation/media-title';
import { receiveUpload, type ReceivedFile, type ReceivedUpload } from '../uploads/receive-upload';

/**
 * POST /api/sop/from-capture: a click capture from the browser extension (its token) or the
 * web app (a session). The event list is checked against the contract and every screenshot
 * against the size its events give, all before a credit is held; the list then goes to
 * storage like the screenshots, so the queue carries only keys.
 */
@Controller('api/sop')
@UseGuards(SessionOrExtensionGuard)
export class CaptureController {
  constructor(
    @Inject(GenerationService) private readonly generation: GenerationService,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('from-capture')
  fromCapture(@CurrentUser() user: SessionUser, @Headers(generationIdHeader) generationId: string | undefined, @Req() req: Request): Promise<Sop> {
    return this.generation.generate(
      user,
      generationId,
      async () => {
        const upload = await receiveUpload(
          req,
          this.storage,
          {
            [CAPTURE_SCREENSHOTS_FIELD]: {
              maxBytes: CAPTURE_SCREENSHOT_MAX_BYTES,
              maxCount: CAPTURE_MAX_SCREENSHOTS,
              tooLargeMessage: captureMessages.screenshotTooLarge,
              tooManyMessage: captureMessages.tooManyScreenshots,
              types: { 'image/png': 'image/png', 'image/jpeg': 'image/jpeg' },
              wrongTypeMessage: captureMessages.screenshotWrongType,
              maxPixels: this.config.IMAGE_MAX_PIXELS,
            },
          },
          { maxFieldBytes: CAPTURE_EVENTS_MAX_BYTES, fieldTooLargeMessage: captureMessages.eventsTooLarge, maxParts: CAPTURE_MAX_SCREENSHOTS + 10 },
        );
        try {
          const redact = await this.generation.redactOf(upload);
          const events = checkedEvents(upload);
          const screenshots = upload.files.filter((file) => file.field === CAPTURE_SCREENSHOTS_FIELD);
          checkScreenshots(events, screenshots);
          const eventsKey = `incoming/${randomUUID()}`;
          await this.storage.put(eventsKey, Buffer.from(JSON.stringify(events)), 'application/json');
          const stored = screenshots.map((file) => ({ key: file.key, mimeType: file.contentType }));
          return {
            title: mediaTitle(upload),
            source: { kind: 'capture', events: { key: eventsKey, mimeType: 'application/json' }, screenshots: stored },
            redact,
            keys: [eventsKey, ...stored.map((file) => file.key)],
          };
        } catch (error) {
          await this.generation.discard(upload);
          throw error;
        }
      },
      req,
      true,
    );
  }
}

function checkedEvents(upload: ReceivedUpload): CaptureEvent[] {
  const raw = upload.fields[CAPTURE_EVENTS_FIELD];
  if (raw === undefined || raw.trim() === '') throw new BadRequestException(captureMessages.eventsMissing);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new BadRequestException(captureMessages.eventsNotJson);
  }
  if (!Array.isArray(json)) throw new BadRequestException(captureMessages.eventsNotJson);
  const parsed = captureEventListSchema.safeParse(json);
  if (!parsed.success) throw new BadRequestException(captureEventsProblem(parsed.error));
  return parsed.data;
}

/** One file per screenshot the events name, each the size they say it is (boxes are drawn by those sizes). */
function checkScreenshots(events: CaptureEvent[], screenshots: ReceivedFile[]): void {
  const expected = captureScreenshotCount(events);
  if (screenshots.length !== expected) throw new BadRequestException(captureMessages.screenshotCount(expected, screenshots.length));
  for (const event of events) {
    const shot = event.screenshot;
    const actual = shot && screenshots[shot.index]?.dimensions;
    if (!shot || !actual) continue;
    if (actual.width !== shot.width || actual.height !== shot.height) {
      throw new HttpException(captureMessages.screenshotSize(shot.index, actual, shot), HttpStatus.BAD_REQUEST);
    }
  }
}
