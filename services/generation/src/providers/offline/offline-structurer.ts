import { instructionIn, structureText, type DraftSop, type DraftStep } from '@sopwright/structuring';
import type { SourceImage, StructuredSop, StructuredStep, Structurer, StructuringInput } from '../structurer';
import type { TranscriptWord } from '../transcriber';

const fallbackTitle = 'Generated SOP';
/** "Step 2: Enter new email and Save" as OCR reads it off a slide or screenshot. */
const stepLine = /^\s*step\s*(\d{1,3})\s*[:.)-]\s*(.{3,200})$/i;

interface SlideStep {
  number: number;
  title: string;
}

/** The "Step N: …" line an image shows, if any. */
export function readSlideStep(image: SourceImage): SlideStep | null {
  for (const line of image.reading?.text.split('\n') ?? []) {
    const match = stepLine.exec(line);
    if (match) return { number: Number(match[1]), title: match[2]!.trim().replace(/[.\s]+$/, '') };
  }
  return null;
}

/** A line shown on at least two images that is not a step line: a screen's header, a good SOP title. */
function sharedHeading(images: SourceImage[]): string | null {
  const seen = new Map<string, number>();
  for (const image of images) {
    const lines = new Set((image.reading?.text.split('\n') ?? []).map((line) => line.trim()).filter((line) => line.length >= 4 && !stepLine.test(line)));
    for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
  }
  const [best] = [...seen.entries()].filter(([, count]) => count >= 2).sort((a, b) => b[1] - a[1]);
  return best ? best[0].slice(0, 120) : null;
}

const normalise = (word: string) => word.toLowerCase().replace(/[^a-z0-9']/g, '');

/** A step as the structurer drafted it, with the words of the narration it came from. */
type SourcedStep = StructuredStep & Partial<Pick<DraftStep, 'source'>>;

/**
 * When each step starts in the recording: the first words of the narration it was read
 * from (its title's when it has none) are looked for in the timed transcript, in order; a
 * step whose words were not heard starts where the previous one did.
 */
export function timeSteps(steps: SourcedStep[], words: TranscriptWord[]): StructuredStep[] {
  if (words.length === 0) return steps.map(withoutSource);
  const heard = words.map((word) => normalise(word.word));
  let from = 0;
  let lastStart = words[0]!.startSec;
  return steps.map((sourced) => {
    const step = withoutSource(sourced);
    const probe = (sourced.source || `${step.title} ${step.details}`).split(/\s+/).map(normalise).filter(Boolean).slice(0, 3);
    let found = -1;
    for (let at = from; at < heard.length && found < 0; at++) {
      if (probe.length > 0 && heard[at] === probe[0] && (probe.length < 2 || heard.slice(at + 1, at + 4).includes(probe[1]!))) found = at;
    }
    if (found >= 0) {
      from = found + 1;
      lastStart = words[found]!.startSec;
    }
    return { ...step, startSec: lastStart };
  });
}

const withoutSource = ({ source: _source, ...step }: SourcedStep): StructuredStep => step;

/** Each timed image goes to the step being narrated when it was shown (the first step for anything earlier). */
export function attachImagesByTime(steps: StructuredStep[], images: SourceImage[]): StructuredStep[] {
  const withImages = steps.map((step) => ({ ...step, imageIndexes: [...(step.imageIndexes ?? [])] }));
  if (withImages.length === 0) return withImages;
  for (const image of images) {
    if (image.atSec === undefined) continue;
    let owner = 0;
    withImages.forEach((step, index) => {
      if ((step.startSec ?? 0) <= image.atSec! + 0.25) owner = index;
    });
    if (!withImages.some((step) => step.imageIndexes.includes(image.index))) withImages[owner]!.imageIndexes.push(image.index);
  }
  return withImages;
}

const transcriptBetween = (words: TranscriptWord[], fromSec: number, toSec: number) =>
  words
    .filter((word) => word.startSec >= fromSec - 0.3 && word.startSec < toSec - 0.3)
    .map((word) => word.word)
    .join(' ');

/** Slides that number their steps give the skeleton; the narration while each shows becomes its details. */
function fromSlides(input: StructuringInput): StructuredStep[] | null {
  const timed = input.images.filter((image) => image.atSec !== undefined).sort((a, b) => a.atSec! - b.atSec!);
  const slides: { step: SlideStep; image: SourceImage }[] = [];
  for (const image of timed) {
    const step = readSlideStep(image);
    if (step && !slides.some((slide) => slide.step.number === step.number)) slides.push({ step, image });
  }
  if (slides.length < 2) return null;
  return slides.map(({ step, image }, index) => {
    const next = slides[index + 1]?.image.atSec ?? Number.POSITIVE_INFINITY;
    const spoken = transcriptBetween(input.words, index === 0 ? 0 : image.atSec!, next);
    return { title: step.title, details: spoken ? `${spoken.charAt(0).toUpperCase()}${spoken.slice(1)}.` : '', startSec: image.atSec, imageIndexes: [] };
  });
}

/** A screenshot's lines are separate labels: the first one that is an instruction names the step, else the first step of the text. */
function instructionShown(text: string, draftText: (text: string) => DraftSop = structureText): string | null {
  const instruction = text
    .split('\n')
    .map((line) => (line.trim().split(/\s+/).length >= 2 ? instructionIn(line.trim()) : null))
    .find(Boolean);
  return instruction ?? draftText(text).steps[0]?.title ?? null;
}

/** One step per photo, in upload order: its "Step N:" line, else its first instruction, else its number. */
function fromPhotos(input: StructuringInput, instructionOf: (text: string) => string | null): StructuredStep[] {
  return input.images.map((image, index) => {
    const text = image.reading?.text ?? '';
    const slide = readSlideStep(image);
    const title = slide?.title ?? instructionOf(text) ?? `Photo ${index + 1}`;
    const details = text
      .split('\n')
      .filter((line) => !line.includes(title) && !stepLine.test(line))
      .join(' ')
      .slice(0, 2000);
    return { title: title.slice(0, 200), details, imageIndexes: [image.index] };
  });
}

/**
 * The embedded structurer: deterministic and keyless, so every source still yields a
 * reviewable draft offline (and the SOP says it was drafted offline).
 */
export class OfflineStructurer implements Structurer {
  readonly name = 'offline';
  readonly offline = true;

  constructor(
    private readonly problems: { error(message: string): void } = console,
    private readonly draftText: (text: string) => DraftSop = structureText,
  ) {}

  async structure(input: StructuringInput): Promise<StructuredSop> {
    const heading = sharedHeading(input.images);
    if (input.origin === 'photos' && input.images.length > 0) return { title: input.title.trim() || heading || fallbackTitle, steps: fromPhotos(input, (text) => this.instructionOf(text)) };

    const draft = this.draftOf(input.text);
    const title = (input.title.trim() || draft.title || heading || draft.steps[0]?.title || fallbackTitle).slice(0, 300);

    const slideSteps = fromSlides(input);
    if (slideSteps) return { title: input.title.trim() || heading || title, steps: attachImagesByTime(slideSteps, input.images) };

    // What the description says before its first step (a preamble) opens the first step's details.
    const drafted = draft.steps.map((step, index) => (index === 0 && draft.context ? { ...step, details: [draft.context, step.details].filter(Boolean).join(' ') } : step));
    let steps = timeSteps(drafted, input.words);
    if (steps.length === 0 && input.images.length > 0) {
      steps = input.images.map((image, index) => ({ title: `Step ${index + 1}`, details: image.reading?.text.replace(/\n/g, ' ') ?? '', startSec: image.atSec }));
    }
    return { title, steps: attachImagesByTime(steps, input.images) };
  }

  /** What a photo's text tells the reader to do; if the structurer fails on it, its first line (the failure is logged). */
  private instructionOf(text: string): string | null {
    try {
      return instructionShown(text, this.draftText);
    } catch (error) {
      this.problems.error(`offline structurer failed on a photo's ${text.length}-character text, using its first line: ${(error as Error).stack ?? String(error)}`);
      return text.split('\n').map((line) => line.trim()).find((line) => /[\p{L}\p{N}]/u.test(line))?.slice(0, 100) ?? null;
    }
  }

  /** The structurer's draft; if it fails on a text, one step per sentence, so the user still gets a draft to edit (the failure is logged to be fixed). */
  private draftOf(text: string): DraftSop {
    try {
      return this.draftText(text);
    } catch (error) {
      this.problems.error(`offline structurer failed on a ${text.length}-character text, drafting one step per sentence: ${(error as Error).stack ?? String(error)}`);
      return { title: null, context: '', steps: sentenceSteps(text) };
    }
  }
}

/** One step per line or sentence, list markers dropped; a long sentence keeps its first words as the title and the rest as details. */
export function sentenceSteps(text: string): DraftStep[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/^\s*(?:[-*•]|\(?\d{1,3}[.)]|[a-h][.)])\s*/, '').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .slice(0, 200)
    .map((sentence) => {
      const cut = sentence.length <= 100 ? sentence.length : Math.max(sentence.lastIndexOf(' ', 100), 40);
      return { title: sentence.slice(0, cut).replace(/[\s.,;:!?]+$/, ''), details: sentence.slice(cut).trim(), source: sentence };
    });
}
