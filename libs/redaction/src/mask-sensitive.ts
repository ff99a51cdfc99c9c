import { findSensitive } from './find-sensitive';
import type { SensitiveKind, SensitiveMatch } from './types';

export const placeholder = (kind: SensitiveKind): string => `[${kind}]`;

/** The text with every sensitive value replaced by its placeholder ("[email]"), and what was replaced. */
export function maskSensitive(text: string): { text: string; found: SensitiveMatch[] } {
  const found = findSensitive(text);
  let masked = '';
  let at = 0;
  for (const match of found) {
    masked += text.slice(at, match.start) + placeholder(match.kind);
    at = match.end;
  }
  return { text: masked + text.slice(at), found };
}

/**
 * Masks a sequence of words (a timed transcript) as one text, so a value spoken over several
 * words is found. Returns as many words: the first word of a value becomes its placeholder,
 * the rest of it becomes empty (callers drop or keep empty words to keep their timings).
 */
export function maskWords(words: readonly string[]): string[] {
  const starts: number[] = [];
  let text = '';
  for (const word of words) {
    if (text) text += ' ';
    starts.push(text.length);
    text += word;
  }
  const found = findSensitive(text);
  return words.map((word, i) => {
    const start = starts[i]!;
    const end = start + word.length;
    let masked = '';
    let at = start;
    for (const match of found) {
      if (match.end <= start || match.start >= end) continue;
      masked += text.slice(at, Math.max(at, match.start));
      // Only the word a value starts in carries its placeholder; text around it (a comma, "card:") stays.
      if (match.start >= start) masked += placeholder(match.kind);
      at = Math.min(end, match.end);
    }
    return masked + text.slice(at, end);
  });
}
