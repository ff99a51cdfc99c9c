import { maskSensitive, maskWords } from '@sopwright/redaction';
import type { SourceImage, StructuringInput } from '../structurer';

const mask = (text: string): string => maskSensitive(text).text;

function maskImage(image: SourceImage): SourceImage {
  if (!image.reading) return image;
  const { text, description } = image.reading;
  return { ...image, reading: { text: mask(text), ...(description === undefined ? {} : { description: mask(description) }) } };
}

/**
 * The material as a cloud model may read it: emails, phone numbers, card numbers, IBANs, IP
 * addresses and tokens in the title, text, transcript words and image readings replaced by
 * placeholders ("[card]"). Timed words are masked as one text, so a number spoken over several
 * words is found; the words a value covered after its first are dropped.
 */
export function maskForCloud(input: StructuringInput): StructuringInput {
  const maskedWords = maskWords(input.words.map((word) => word.word));
  return {
    ...input,
    title: mask(input.title),
    text: mask(input.text),
    words: input.words.map((word, i) => ({ ...word, word: maskedWords[i]! })).filter((word) => word.word !== ''),
    images: input.images.map(maskImage),
  };
}
