import { maskSensitive, maskWords } from '@sopwright/redaction';
import type { SourceImage, StructuredSop, StructuringInput } from '../providers/structurer';

const mask = (text: string): string => maskSensitive(text).text;

function maskImage<I extends SourceImage>(image: I): I {
  if (!image.reading) return image;
  const { text, description } = image.reading;
  return { ...image, reading: { text: mask(text), ...(description === undefined ? {} : { description: mask(description) }) } };
}

/**
 * The material with emails, phone numbers, card numbers, IBANs, IP addresses and tokens in the
 * title, text, transcript words and image readings replaced by placeholders ("[card]"): what a
 * cloud model may read, and what the offline structurer reads when redaction is on. Timed
 * words are masked as one text, so a number spoken over several words is found; the words a
 * value covered after its first are dropped. Everything else on the images is kept.
 */
export function maskMaterial<T extends StructuringInput>(input: T): T {
  const maskedWords = maskWords(input.words.map((word) => word.word));
  return {
    ...input,
    title: mask(input.title),
    text: mask(input.text),
    words: input.words.map((word, i) => ({ ...word, word: maskedWords[i]! })).filter((word) => word.word !== ''),
    images: input.images.map(maskImage),
  };
}

/**
 * The structured SOP with any sensitive value left in its title or steps masked: the
 * structurer read masked material, so this only catches a value it put together itself.
 */
export function maskSop(sop: StructuredSop): StructuredSop {
  return { ...sop, title: mask(sop.title), steps: sop.steps.map((step) => ({ ...step, title: mask(step.title), details: mask(step.details) })) };
}
