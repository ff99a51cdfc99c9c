import { passesIbanMod97 } from '../checksums';
import type { Detector, SensitiveMatch } from '../types';

// Country code, two check digits, then up to 30 letters/digits, written solid or in groups of
// four. Greedy: a following word of four characters may be taken too, so a failing candidate
// is retried without its last groups.
const ibanPattern = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])/g;

export const findIbans: Detector = (text) => {
  const found: SensitiveMatch[] = [];
  for (const match of text.matchAll(ibanPattern)) {
    let value = match[0];
    while (value.replace(/ /g, '').length >= 15) {
      const compact = value.replace(/ /g, '');
      if (compact.length <= 34 && passesIbanMod97(compact)) {
        found.push({ kind: 'iban', start: match.index, end: match.index + value.length, value });
        break;
      }
      const lastSpace = value.lastIndexOf(' ');
      if (lastSpace < 4) break;
      value = value.slice(0, lastSpace);
    }
  }
  return found;
};
