/** What a sensitive value is; also the word in its placeholder ("[card]"). */
export type SensitiveKind = 'email' | 'phone' | 'card' | 'iban' | 'ip' | 'secret';

/** One sensitive value: text.slice(start, end) === value. */
export interface SensitiveMatch {
  kind: SensitiveKind;
  start: number;
  end: number;
  value: string;
}

export type Detector = (text: string) => SensitiveMatch[];

/** Every match of a global regex, kept when accept() says so (checksums, shape rules). */
export function matchesOf(text: string, pattern: RegExp, kind: SensitiveKind, accept: (value: string, start: number) => boolean = () => true): SensitiveMatch[] {
  const found: SensitiveMatch[] = [];
  for (const match of text.matchAll(pattern)) {
    const value = match[0];
    if (accept(value, match.index)) found.push({ kind, start: match.index, end: match.index + value.length, value });
  }
  return found;
}
