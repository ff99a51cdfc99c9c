import {
  mediaMessages,
  sopMessages,
  type EditShape,
  type GenerationResult,
  type GenerationSource,
  type GenerationStage,
  type JobPayload,
  type SopOrigin,
  type Step,
  type StoredImage,
  type StoredUpload,
  type generationJob,
} from '@sopwright/contracts';
import type { CreditSettlements, ObjectStorage, RpcClient } from '@sopwright/server-kit';
import { stableUuid, uprightImage } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { UnreadableMediaError, type FfmpegTools } from '../media/ffmpeg';
import { extractMedia } from '../media/single-pass';
import { originalTime } from '../media/speech-audio';
import type { Providers } from '../providers/provider-factory';
import type { SourceImage, StructuredSop } from '../providers/structurer';
import type { TranscriptWord } from '../providers/transcriber';
import { redactionOf } from '../redaction/image-redaction';
import { maskMaterial, maskSop } from '../redaction/mask-material';
import { forEachBounded } from './bounded';
import { draftFromCapture } from './capture-sop';
import { stageProgress } from './stage-progress';
import { GenerationError } from './generation-error';
import { download, withWorkDir } from './work-dir';

export { stageProgress };

export type ReportStage = (stage: GenerationStage, progress: number) => Promise<void>;

export interface PipelineDeps {
  services: RpcClient;
  settlements: Pick<CreditSettlements, 'settle'>;
  storage: ObjectStorage;
  providers: Providers;
  tools: FfmpegTools;
  workRoot?: string;
  maxKeyframes: number;
  sceneThreshold: number;
  /** Images read at once (OCR processes): the worker's share of the cores. */
  imageReadConcurrency: number;
}

interface LocalImage extends SourceImage {
  path: string;
  mimeType: string;
  /** Automatic redaction's blur boxes over the image (redaction on); empty when nothing sensitive was read. */
  redactions?: EditShape[];
  /** The step image, when it was filed before reading (a cloud reader sees only the redacted rendering). */
  stored?: StoredImage;
}

/** One generation's identity and setting, which the images it files derive from. */
export interface Run {
  jobId: string;
  ownerId: string;
  /** Automatic redaction (the request's setting, on by default). */
  redact: boolean;
}

/** Drawing an edit layer on a large photo takes seconds on a busy machine. */
const IMAGE_EDIT_TIMEOUT_MS = 60_000;

interface Material {
  text: string;
  words: TranscriptWord[];
  images: LocalImage[];
}

const extensionFor: Record<string, string> = {
  'video/webm': 'webm',
  'audio/webm': 'webm',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const localName = (upload: StoredUpload, name: string) => `${name}.${extensionFor[upload.mimeType] ?? 'bin'}`;

const originOf = (source: GenerationSource): SopOrigin => source.kind;
/** The gateway's uploads a source refers to. */
export function uploadedKeys(source: GenerationSource): string[] {
  switch (source.kind) {
    case 'text':
      return [];
    case 'photos':
      return source.photos.map((photo) => photo.key);
    case 'capture':
      return [source.events.key, ...source.screenshots.map((shot) => shot.key)];
    case 'audio':
      return [source.audio.key];
    default:
      return [source.video.key];
  }
}

interface Draft {
  title: string;
  steps: Step[];
  transcript: string | null;
}

/**
 * One generation, safe to retry: the SOP is created under the job's key (a retry finds it
 * instead of making a second one) and committing the credit is idempotent. Media is worked
 * on in a job folder that is always removed.
 */
export async function generateSop(deps: PipelineDeps, jobId: string, payload: JobPayload<typeof generationJob>, report: ReportStage): Promise<GenerationResult> {
  const { ownerId, source, reservationId } = payload;
  const run: Run = { jobId, ownerId, redact: payload.redact };
  return withWorkDir(deps.workRoot, async (dir) => {
    const draft =
      source.kind === 'capture'
        ? { ...(await draftFromCapture(deps, run, payload.title, source, dir, report)), transcript: null }
        : await draftFromMaterial(deps, run, payload.title, source, dir, report);
    const sop = await deps.services.send(sopMessages.create, {
      ownerId,
      title: draft.title,
      sourceType: source.kind === 'video' || source.kind === 'screen-recording' ? 'video' : 'text',
      origin: originOf(source),
      steps: draft.steps,
      transcript: draft.transcript,
      generatedBy: { structurer: deps.providers.structurer.name, offline: deps.providers.structurer.offline },
      creationKey: `generation:${jobId}`,
      ...(payload.requestedBy ? { actorId: payload.requestedBy } : {}),
    });
    await deps.settlements.settle(reservationId, 'commit');
    await Promise.all(uploadedKeys(source).map((key) => deps.storage.remove(key).catch(() => undefined)));
    return { sopId: sop.id };
  });
}

/** Text, recordings and photos: what they say and show, read, then structured into steps. */
async function draftFromMaterial(deps: PipelineDeps, run: Run, title: string, source: Exclude<GenerationSource, { kind: 'capture' }>, dir: string, report: ReportStage): Promise<Draft> {
  const gathered = await gather(deps, run, source, dir, report);
  const read = { origin: originOf(source), title, ...gathered };
  // Redaction on: sensitive values are masked in everything the structurer reads and the transcript kept.
  const material = run.redact ? maskMaterial(read) : read;

  await report('structuring', stageProgress.structuring);
  const drafted = await deps.providers.structurer.structure(material);
  if (drafted.steps.length === 0) {
    throw new GenerationError(source.kind === 'audio' ? 'No instructions could be heard in this recording' : 'No steps could be found in this source');
  }
  const structured = run.redact ? maskSop(drafted) : drafted;

  await report('saving', stageProgress.saving);
  const steps = await saveImages(deps, run, structured, material.images);
  const ocrText = material.images.map((image) => image.reading?.text ?? '').filter(Boolean).join('\n\n');
  return {
    title: (structured.title.trim() || 'Generated SOP').slice(0, 300),
    steps,
    transcript: (material.text || ocrText || null)?.slice(0, 500_000) ?? null,
  };
}

async function gather(deps: PipelineDeps, run: Run, source: Exclude<GenerationSource, { kind: 'capture' }>, dir: string, report: ReportStage): Promise<Material> {
  if (source.kind === 'text') return { text: source.text, words: [], images: [] };

  await report('upload', stageProgress.upload);
  if (source.kind === 'photos') {
    const images: LocalImage[] = [];
    for (const [index, photo] of source.photos.entries()) {
      images.push({ index, path: await download(deps.storage, photo.key, join(dir, localName(photo, `photo-${index}`))), mimeType: photo.mimeType });
    }
    await readImages(deps, run, images, dir, report);
    return { text: images.map((image) => image.reading?.text ?? '').filter(Boolean).join('\n\n'), words: [], images };
  }

  const upload = source.kind === 'audio' ? source.audio : source.video;
  const original = await download(deps.storage, upload.key, join(dir, localName(upload, 'original')));

  await report('media-processing', stageProgress['media-processing']);
  // One ffmpeg pass over the recording gives the speech and the keyframe candidates (browser
  // webm, which has no duration, is read as it is: the pass measures it).
  const media = await mediaErrorsAsUserErrors(() =>
    extractMedia(deps.tools, original, dir, {
      speech: true,
      keyframes: source.kind === 'audio' ? undefined : { threshold: deps.sceneThreshold, max: deps.maxKeyframes },
    }),
  );
  const speech = media.speech;
  if (source.kind === 'audio' && !speech) throw new GenerationError('This recording has no sound');

  // The transcriber (single-threaded) runs beside the reading of the keyframes (OCR, several
  // at once within the worker's share of the cores), so a video costs about the longer of
  // the two rather than their sum.
  const listening = (async () => {
    await report('transcription', stageProgress.transcription);
    const heard = speech ? await deps.providers.transcriber.transcribe(speech.path) : { text: '', words: [] };
    // Times of the prepared audio (long silences shortened) back on the recording's clock, where the keyframes are.
    const spans = speech?.spans ?? [];
    return { text: heard.text, words: heard.words.map((word) => ({ ...word, startSec: originalTime(spans, word.startSec), endSec: originalTime(spans, word.endSec) })) };
  })();
  const looking = (async (): Promise<LocalImage[]> => {
    if (source.kind === 'audio') return [];
    const images: LocalImage[] = media.keyframes.map((frame, index) => ({ index, path: frame.path, atSec: frame.atSec, mimeType: 'image/jpeg' }));
    await readImages(deps, run, images, dir, report);
    return images;
  })();
  // Both settle before either failure is raised, so no tool is left running on a removed work dir.
  const [heard, seen] = await Promise.allSettled([listening, looking]);
  if (heard.status === 'rejected') throw heard.reason;
  if (seen.status === 'rejected') throw seen.reason;
  const transcript = heard.value;
  if (source.kind === 'audio' && !transcript.text.trim()) throw new GenerationError('No speech could be heard in this recording');
  return { text: transcript.text, words: transcript.words, images: seen.value };
}

async function readImages(deps: PipelineDeps, run: Run, images: LocalImage[], dir: string, report: ReportStage): Promise<void> {
  await report('image-analysis', stageProgress['image-analysis']);
  let done = 0;
  await forEachBounded(images, deps.imageReadConcurrency, async (image) => {
    if (run.redact) await readAndRedact(deps, run, image, dir);
    // Tesseract ignores EXIF orientation: a photo stored sideways is read from an upright copy.
    else if (deps.providers.imageReader.ocr) image.reading = await deps.providers.imageReader.read(await uprightImage(image.path, join(dir, `upright-${image.index}.png`)), image.mimeType);
    else image.reading = await deps.providers.imageReader.read(image.path, image.mimeType);
    done++;
    await report('image-analysis', Math.round(stageProgress['image-analysis'] + ((stageProgress.structuring - stageProgress['image-analysis']) * done) / images.length));
  });
}

/**
 * Redaction on: the image's words are read once, upright, and give both its blur boxes and,
 * with the offline reader, its text. A cloud reader is sent only the rendering media makes
 * with the blur applied (the step image, filed now), never the original.
 */
async function readAndRedact(deps: PipelineDeps, run: Run, image: LocalImage, dir: string): Promise<void> {
  const { reading, shapes } = await redactionOf(deps.providers.wordReader, image.path, join(dir, `ocr-${image.index}.png`));
  image.redactions = shapes;
  if (deps.providers.imageReader.ocr) {
    image.reading = { text: reading.text };
    return;
  }
  image.stored = await fileImage(deps, run, image);
  if (shapes.length === 0) {
    // Nothing sensitive was read: the step shows the original, and so may the reader.
    image.reading = await deps.providers.imageReader.read(image.path, image.mimeType);
    return;
  }
  const shown = await download(deps.storage, image.stored.objectKey, join(dir, `redacted-${image.index}`));
  image.reading = await deps.providers.imageReader.read(shown, image.stored.contentType);
}

/**
 * Files an image as the owner's step image (served by the gateway like uploaded ones): the
 * original through media, then, with blur boxes, the rendering media flattens from it, which
 * the step shows while the original stays private. Ids derive from the job and the layer, so a
 * retry after a crash files the same images rather than leaving the first attempt's behind.
 */
async function fileImage(deps: PipelineDeps, run: Run, image: LocalImage): Promise<StoredImage> {
  const incomingKey = `incoming/${randomUUID()}`;
  await deps.storage.putFile(incomingKey, image.path, 'application/octet-stream');
  const imageId = stableUuid(`${run.jobId}:image:${image.index}`);
  const original = await deps.services.send(mediaMessages.ingestImage, { ownerId: run.ownerId, incomingKey, purpose: 'step-image', imageId });
  if (!image.redactions?.length) return original;
  return deps.services.send(
    mediaMessages.editImage,
    { ownerId: run.ownerId, imageId: original.imageId, edit: { crop: null, shapes: image.redactions } },
    { timeoutMs: IMAGE_EDIT_TIMEOUT_MS },
  );
}

/** Files the images the steps use (those a cloud reader needed are filed already). */
async function saveImages(deps: PipelineDeps, run: Run, structured: StructuredSop, images: LocalImage[]): Promise<Step[]> {
  const urls = new Map<number, string>();
  const used = [...new Set(structured.steps.flatMap((step) => step.imageIndexes ?? []))];
  // Several at once (media decodes each and makes its renditions), within the same share of the cores as reading them.
  await forEachBounded(used, deps.imageReadConcurrency, async (index) => {
    const image = images.find((candidate) => candidate.index === index);
    if (!image) return;
    const stored = image.stored ?? (await fileImage(deps, run, image));
    urls.set(index, stored.url);
  });
  return structured.steps.slice(0, 200).map((step) => {
    const imageUrls = (step.imageIndexes ?? []).map((index) => urls.get(index)).filter((url): url is string => Boolean(url)).slice(0, 20);
    return { title: step.title.slice(0, 300), details: step.details.slice(0, 20_000), ...(imageUrls.length > 0 ? { imageUrls } : {}) };
  });
}

async function mediaErrorsAsUserErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnreadableMediaError) throw new GenerationError('This file could not be read as audio or video');
    throw error;
  }
}
