import { findSensitive } from './find-sensitive';
import type { SensitiveKind } from './types';

/** A word as OCR reads it (tesseract TSV level 5): its text and its box in image pixels. */
export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A sensitive value read in an image and the boxes that hide it: one per line of text it spans. */
export interface RedactionProposal {
  kind: SensitiveKind;
  value: string;
  boxes: Box[];
}

/** Same line when their vertical middles are closer than half the taller word, and reading goes on to the right. */
function sameLine(previous: OcrWord, next: OcrWord): boolean {
  const middle = (word: OcrWord) => word.top + word.height / 2;
  return next.left >= previous.left && Math.abs(middle(next) - middle(previous)) < Math.max(previous.height, next.height) / 2;
}

function union(boxes: Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The boxes to blur for each sensitive value in OCR words. The words are read in order as
 * one text, words on a line joined by a space and lines by a newline (so a value never runs
 * from one line into the next); a value spanning several words (a card number in four groups)
 * gets one box over them on each line, gaps included, so group lengths do not show. Whole
 * words are covered: a label glued to a value ("Email:ann@x.io") is blurred with it.
 * `padding` grows each box, clipped at 0, for anti-aliased glyph edges OCR boxes leave out.
 */
export function redactionBoxes(words: readonly OcrWord[], padding = 0): RedactionProposal[] {
  const spans: { word: OcrWord; start: number; end: number; line: number }[] = [];
  let text = '';
  let line = 0;
  // Tesseract's TSV has rows with no text (blocks, lines, empty words): they are not part of the reading.
  const readable = words.filter((word) => word.text.trim() !== '');
  for (const [i, word] of readable.entries()) {
    if (i > 0) {
      const joinsLine = sameLine(readable[i - 1]!, word);
      if (!joinsLine) line++;
      text += joinsLine ? ' ' : '\n';
    }
    spans.push({ word, start: text.length, end: text.length + word.text.length, line });
    text += word.text;
  }
  return findSensitive(text).map((match) => {
    const covered = spans.filter((span) => span.start < match.end && match.start < span.end);
    const lines = [...new Set(covered.map((span) => span.line))];
    const boxes = lines.map((at) => {
      const box = union(covered.filter((span) => span.line === at).map((span) => span.word));
      const left = Math.max(0, box.left - padding);
      const top = Math.max(0, box.top - padding);
      return { left, top, width: box.left + box.width + padding - left, height: box.top + box.height + padding - top };
    });
    return { kind: match.kind, value: match.value, boxes };
  });
}
