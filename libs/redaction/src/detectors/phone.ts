import type { Detector, SensitiveMatch } from '../types';

// Digit groups joined by one space, dash, dot or slash, an optional "+<country>" or "(area)".
// Not after a currency sign, '#', a letter or inside a longer number/decimal; not before a
// unit or currency. Candidates only: phoneShape decides.
const candidatePattern =
  /(?<![\w#$€£¥+.,/:-])(?:\+\d{1,3}[ .-]?(?:\(0\)[ ]?)?)?(?:\(\d{1,5}\)[ .-]?)?\d{1,15}(?:[ .\-/]\d{1,15}){0,6}(?![\w$€£¥%]|[.,:/-]\d)/g;

const datePattern = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})(?!\d)/;
// Words just before a number that make an unformatted digit string a phone number.
const cuePattern = /(?:phone|tel|mobile|mob|cell|call|fax|whatsapp|sms|☎|📞)[.:]?\s*(?:no\.?|number|#)?[:\s]*$/i;

/** True when a candidate has the shape of a phone number rather than a date, price, version or id. */
export function phoneShape(value: string, before: string): boolean {
  const digits = value.replace(/\D/g, '');
  const separators = new Set(value.replace(/^\+\d{1,3}/, '').match(/[.\-/]/g));
  // "2026-11-25 0123" or "25.11.2026": a date, whatever follows.
  if (datePattern.test(value) || separators.size > 1) return false;
  if (value.startsWith('+')) return digits.length >= 8 && digits.length <= 15;
  // International with the 00 dialling prefix.
  if (/^00[1-9]/.test(digits)) return /[ .\-/]/.test(value) && digits.length >= 10 && digits.length <= 17;
  const formatted = /[ .\-/()]/.test(value);
  const cued = cuePattern.test(before);
  // National with a trunk 0: "020 7946 0958", "0151 23456789", "06 12 34 56 78", "030/1234567".
  if (/^\(?0[1-9]/.test(value)) return digits.length >= 9 && digits.length <= 12 && (formatted || cued);
  // North American: (NXX) NXX-XXXX or NXX-NXX-XXXX, optionally with a leading 1.
  if (/^(?:1[ .-]?)?(?:\([2-9]\d\d\) ?|[2-9]\d\d[ .-])\d{3}[ .-]\d{4}$/.test(value)) return true;
  // Anything else only when the text says it is a phone number.
  return cued && digits.length >= 7 && digits.length <= 15;
}

/**
 * The longest run of the candidate's space-separated groups that has a phone's shape: the
 * pattern takes in numbers next to a phone ("step 3 020 7946 0958", "... 2671 2 times").
 * Leading groups are dropped only when short (a count, a step number) or a date, so the
 * tail of a longer code ("DE88 3704 0044 0532 ...") is not read as a phone. Shapes that need no
 * phone cue are tried first, so a cue does not stretch a formatted number.
 */
function longestPhone(candidate: string, start: number, text: string): SensitiveMatch | undefined {
  const groups = candidate.split(' ');
  const before = text.slice(Math.max(0, start - 24), start);
  const firstKept = groups.findIndex((group) => !/^\d{1,2}$/.test(group) && !datePattern.test(group));
  const lastFirst = firstKept === -1 ? groups.length - 1 : firstKept;
  for (const cue of ['', before]) {
    for (let size = groups.length; size > 0; size--) {
      for (let first = 0; first + size <= groups.length && first <= lastFirst; first++) {
        const value = groups.slice(first, first + size).join(' ');
        const at = start + groups.slice(0, first).join(' ').length + (first > 0 ? 1 : 0);
        // The cue is read before the whole candidate: "Tel: 12 3456 7890".
        if (phoneShape(value, cue)) return { kind: 'phone', start: at, end: at + value.length, value };
      }
    }
  }
  return undefined;
}

// A word mixing letters and digits just before: the numbers continue a code ("1Z 999 AA1 01 2345 6784").
const codeBefore = /(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z\d]+ $/;

export const findPhones: Detector = (text) => {
  const found: SensitiveMatch[] = [];
  for (const match of text.matchAll(candidatePattern)) {
    if (codeBefore.test(text.slice(Math.max(0, match.index - 24), match.index))) continue;
    const phone = longestPhone(match[0], match.index, text);
    if (phone) found.push(phone);
  }
  return found;
};
