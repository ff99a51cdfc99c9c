import type { SopOrigin } from '@sopwright/contracts';
import type { ImageReading } from './image-reader';
import type { TranscriptWord } from './transcriber';

/** One image the pipeline has: a video keyframe (with its time) or an uploaded photo. */
export interface SourceImage {
  /** Position in the pipeline's image list; steps refer to images by it. */
  index: number;
  /** Seconds into the recording, for keyframes. */
  atSec?: number;
  reading?: ImageReading;
}

export interface StructuringInput {
  origin: SopOrigin;
  /** What the user typed as the title; blank means derive one. */
  title: string;
  /** Notes, transcript, or the text read from photos. */
  text: string;
  /** Word timings of a transcript, when there is one. */
  words: TranscriptWord[];
  images: SourceImage[];
}

export interface StructuredStep {
  title: string;
  details: string;
  /** When this step starts in the recording; keyframes are attached to steps by it. */
  startSec?: number;
  /** Images (by SourceImage.index) that illustrate this step. */
  imageIndexes?: number[];
}

export interface StructuredSop {
  title: string;
  steps: StructuredStep[];
}

/** Turns text into an SOP. Offline: the deterministic structurer; cloud: an OpenAI-compatible chat model. */
export interface Structurer {
  readonly name: string;
  /** True for the embedded structurer: the SOP then says it was drafted offline. */
  readonly offline: boolean;
  structure(input: StructuringInput): Promise<StructuredSop>;
}
