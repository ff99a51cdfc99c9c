import { findCards } from './detectors/card';
import { findEmails } from './detectors/email';
import { findIbans } from './detectors/iban';
import { findIps } from './detectors/ip';
import { findPhones } from './detectors/phone';
import { findKnownSecrets, findRandomTokens } from './detectors/secret';
import type { Detector, SensitiveMatch } from './types';

// Most specific first: a value a stricter detector claims is not offered to a looser one
// (a JWT is not an IP run, a card number is not a phone, an email's local part is not a token).
const detectorsByPriority: Detector[] = [findKnownSecrets, findEmails, findCards, findIbans, findIps, findPhones, findRandomTokens];

/** Where a match starting at `start` goes in matches sorted by start. */
function insertionIndex(sorted: SensitiveMatch[], start: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.start < start) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The sensitive values in text: non-overlapping, sorted by position. */
export function findSensitive(text: string): SensitiveMatch[] {
  // Kept sorted, so an overlap is found next to the insertion point (a pasted log can hold thousands of addresses).
  const taken: SensitiveMatch[] = [];
  for (const detect of detectorsByPriority) {
    for (const match of detect(text)) {
      const at = insertionIndex(taken, match.start);
      const overlapsBefore = at > 0 && taken[at - 1]!.end > match.start;
      const overlapsAfter = at < taken.length && taken[at]!.start < match.end;
      if (!overlapsBefore && !overlapsAfter) taken.splice(at, 0, match);
    }
  }
  return taken;
}
