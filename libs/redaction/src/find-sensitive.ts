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

/** The sensitive values in text: non-overlapping, sorted by position. */
export function findSensitive(text: string): SensitiveMatch[] {
  const taken: SensitiveMatch[] = [];
  for (const detect of detectorsByPriority) {
    for (const match of detect(text)) {
      if (!taken.some((other) => match.start < other.end && other.start < match.end)) taken.push(match);
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}
