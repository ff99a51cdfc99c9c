import type { GenerationConfig } from '../config';
import { GoogleSpeechTranscriber } from './cloud/google-speech-transcriber';
import { OpenAiImageReader } from './cloud/openai-image-reader';
import { OpenAiStructurer } from './cloud/openai-structurer';
import { OpenAiTranscriber } from './cloud/openai-transcriber';
import type { ImageReader, WordReader } from './image-reader';
import { OfflineStructurer } from './offline/offline-structurer';
import { PocketsphinxTranscriber } from './offline/pocketsphinx-transcriber';
import { TesseractImageReader } from './offline/tesseract-image-reader';
import type { Structurer } from './structurer';
import type { Transcriber } from './transcriber';
import { coreShare } from '../worker/bounded';

export interface Providers {
  transcriber: Transcriber;
  imageReader: ImageReader;
  /** Offline OCR with word boxes for automatic redaction, whatever IMAGE_READER says (the image reader itself when it is offline). */
  wordReader: WordReader;
  structurer: Structurer;
}

/**
 * Picks each provider from config (STRUCTURER, TRANSCRIBER, IMAGE_READER). Offline is the
 * default and needs no keys; cloud adapters add their branches to the switches below.
 */
export function createProviders(config: GenerationConfig, problems?: { error(message: string): void }): Providers {
  const ocr = new TesseractImageReader(config.TESSERACT_BIN);
  return {
    transcriber: createTranscriber(config),
    imageReader: config.IMAGE_READER === 'offline' ? ocr : createImageReader(config),
    wordReader: ocr,
    structurer: createStructurer(config, problems),
  };
}

export function createTranscriber(config: GenerationConfig): Transcriber {
  switch (config.TRANSCRIBER) {
    case 'offline':
      // pocketsphinx uses one core: long speech is cut into as many pieces as the worker's share of the cores.
      return new PocketsphinxTranscriber({ binary: config.POCKETSPHINX_BIN, parallel: coreShare(config.GENERATION_CONCURRENCY), languageModel: config.POCKETSPHINX_LM, warp: config.POCKETSPHINX_WARP });
    case 'openai':
      return new OpenAiTranscriber(config);
    case 'google':
      return new GoogleSpeechTranscriber(config);
  }
}

export function createImageReader(config: GenerationConfig): ImageReader {
  switch (config.IMAGE_READER) {
    case 'offline':
      return new TesseractImageReader(config.TESSERACT_BIN);
    case 'openai':
      return new OpenAiImageReader(config);
    default:
      throw new Error(`IMAGE_READER=${config.IMAGE_READER} is not available in this build`);
  }
}

export function createStructurer(config: GenerationConfig, problems?: { error(message: string): void }): Structurer {
  switch (config.STRUCTURER) {
    case 'offline':
      return new OfflineStructurer(problems);
    case 'openai':
      return new OpenAiStructurer(config);
    default:
      throw new Error(`STRUCTURER=${config.STRUCTURER} is not available in this build`);
  }
}
