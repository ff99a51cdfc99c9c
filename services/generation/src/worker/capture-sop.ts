import { stepsFromCapture, titleFromCapture, type CaptureStep } from '@sopwright/capture';
import {
  captureEventListSchema,
  editStrokeSizes,
  IMAGE_EDIT_MARKER_MAX,
  IMAGE_EDIT_MAX_SHAPES,
  mediaMessages,
  type CaptureScreenshotRef,
  type EditShape,
  type GenerationSource,
  type Step,
  type StoredImage,
} from '@sopwright/contracts';
import { stableUuid } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { redactionOf } from '../redaction/image-redaction';
import { maskSop } from '../redaction/mask-material';
import { forEachBounded } from './bounded';
import type { PipelineDeps, ReportStage, Run } from './generate-sop';
import { stageProgress } from './stage-progress';
import { GenerationError } from './generation-error';
import { download } from './work-dir';

type CaptureSource = Extract<GenerationSource, { kind: 'capture' }>;

/** The event list is 2 MB at most (the gateway checked it); a little room for the JSON it re-wrote. */
const EVENTS_MAX_BYTES = 4 * 1024 * 1024;
/** Drawing a layer on a large screenshot takes seconds on a busy machine. */
const IMAGE_EDIT_TIMEOUT_MS = 60_000;
/** The highlight's colour: strong on light and dark pages alike. */
const HIGHLIGHT_COLOR = 'red' as const;

export interface CaptureDraft {
  title: string;
  steps: Step[];
}

interface Screenshot {
  index: number;
  path: string;
  mimeType: string;
  /** Automatic redaction's blur boxes (redaction on). */
  redactions: EditShape[];
  /** Filed once, by the first step that shows it. */
  original?: Promise<StoredImage>;
}

/**
 * A click capture's SOP: the steps are written by rule from the recorded events (libs/capture),
 * each shown on its screenshot with the element outlined and numbered (an edit layer media
 * flattens, over the automatic redaction's blur when it is on). The title is the user's, or
 * the task a pressed button names, or else the structurer's.
 */
export async function draftFromCapture(deps: PipelineDeps, run: Run, title: string, source: CaptureSource, dir: string, report: ReportStage): Promise<CaptureDraft> {
  await report('upload', stageProgress.upload);
  const parsed = captureEventListSchema.safeParse(JSON.parse((await deps.storage.read(source.events.key, EVENTS_MAX_BYTES)).toString('utf8')));
  if (!parsed.success) throw new GenerationError('This capture could not be read');
  const captured = stepsFromCapture(parsed.data);
  if (captured.length === 0) throw new GenerationError('No steps could be found in this capture');

  const shown = new Set(captured.flatMap((step) => (step.screenshot ? [step.screenshot.index] : [])));
  const screenshots = new Map<number, Screenshot>();
  for (const index of shown) {
    const upload = source.screenshots[index];
    if (!upload) throw new GenerationError('A screenshot of this capture is missing');
    const path = await download(deps.storage, upload.key, join(dir, `screenshot-${index}.${upload.mimeType === 'image/png' ? 'png' : 'jpg'}`));
    screenshots.set(index, { index, path, mimeType: upload.mimeType, redactions: [] });
  }

  if (run.redact) {
    await report('image-analysis', stageProgress['image-analysis']);
    // One OCR per screenshot, however many steps show it.
    await forEachBounded([...screenshots.values()], deps.imageReadConcurrency, async (shot) => {
      shot.redactions = (await redactionOf(deps.providers.wordReader, shot.path, join(dir, `ocr-${shot.index}.png`))).shapes;
    });
  }

  await report('structuring', stageProgress.structuring);
  const named = title.trim() || titleFromCapture(parsed.data) || (await nameCapture(deps, captured));
  const written = { title: named, steps: captured.map((step) => ({ title: step.title, details: step.details })) };
  // Redaction on: a value the user chose to keep that is an email, card number or key is masked too.
  const masked = run.redact ? maskSop(written) : written;

  await report('saving', stageProgress.saving);
  const urls = new Array<string | undefined>(captured.length);
  await forEachBounded([...captured.entries()], deps.imageReadConcurrency, async ([position, step]) => {
    const shot = step.screenshot && screenshots.get(step.screenshot.index);
    if (!step.screenshot || !shot) return;
    urls[position] = (await fileStepImage(deps, run, shot, step.screenshot, position + 1)).url;
  });
  return {
    title: (masked.title || 'Captured SOP').slice(0, 300),
    steps: masked.steps.slice(0, 200).map((step, position) => ({
      title: step.title.slice(0, 300),
      details: step.details.slice(0, 20_000),
      ...(urls[position] ? { imageUrls: [urls[position]] } : {}),
    })),
  };
}

/** The structurer's title for the steps, when no button named the task (a capture of notes, say). */
async function nameCapture(deps: PipelineDeps, steps: CaptureStep[]): Promise<string> {
  const text = steps.map((step) => `${step.title}.${step.details ? ` ${step.details}` : ''}`).join('\n');
  const drafted = await deps.providers.structurer.structure({ origin: 'capture', title: '', text, words: [], images: [] });
  return drafted.title.trim();
}

/**
 * The step's image: the screenshot filed once as the owner's private original, then the
 * rendering media flattens from it with this step's layer (blur boxes, the element's outline
 * and its number). Ids derive from the job, the screenshot and the layer, so a retry files the
 * same images.
 */
async function fileStepImage(deps: PipelineDeps, run: Run, shot: Screenshot, ref: CaptureScreenshotRef, number: number): Promise<StoredImage> {
  shot.original ??= (async () => {
    const incomingKey = `incoming/${randomUUID()}`;
    await deps.storage.putFile(incomingKey, shot.path, shot.mimeType);
    const imageId = stableUuid(`${run.jobId}:capture:${shot.index}`);
    return deps.services.send(mediaMessages.ingestImage, { ownerId: run.ownerId, incomingKey, purpose: 'step-image', imageId });
  })();
  const original = await shot.original;
  const shapes = [...shot.redactions.slice(0, IMAGE_EDIT_MAX_SHAPES - 2), ...highlightShapes(ref, number)];
  if (shapes.length === 0) return original;
  return deps.services.send(mediaMessages.editImage, { ownerId: run.ownerId, imageId: original.imageId, edit: { crop: null, shapes } }, { timeoutMs: IMAGE_EDIT_TIMEOUT_MS });
}

/**
 * The element's box, a little larger than the element so the outline does not cover it, and
 * the step's number in a marker on its top-left corner, kept inside the picture.
 */
export function highlightShapes(ref: CaptureScreenshotRef, number: number): EditShape[] {
  const { box, width, height } = ref;
  if (!box) return [];
  const sizes = editStrokeSizes(width, height);
  const pad = sizes.stroke * 2;
  const left = Math.max(0, box.x - pad);
  const top = Math.max(0, box.y - pad);
  const right = Math.min(width, box.x + box.width + pad);
  const bottom = Math.min(height, box.y + box.height + pad);
  const radius = sizes.markerRadius + sizes.outline;
  const clamp = (value: number, size: number) => Math.min(Math.max(value, radius), size - radius) / size;
  const outline: EditShape = { kind: 'rectangle', rect: { x: left / width, y: top / height, width: (right - left) / width, height: (bottom - top) / height }, color: HIGHLIGHT_COLOR };
  // Markers count to 99 (two digits fit the circle); later steps keep the outline alone.
  if (number > IMAGE_EDIT_MARKER_MAX) return [outline];
  return [outline, { kind: 'marker', at: { x: clamp(left, width), y: clamp(top, height) }, number, color: HIGHLIGHT_COLOR }];
}
