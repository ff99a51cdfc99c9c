import { passesLuhn } from '../checksums';
import { matchesOf, type Detector } from '../types';

// 13 to 19 digits, optionally grouped by single spaces or dashes, not inside a longer number
// or a decimal. The first digit is 2-6: the networks cards are paid with online (Mastercard,
// Amex, Visa, Discover/UnionPay); it keeps most Luhn-valid order and account numbers out.
const cardPattern = /(?<![\d.,-])[2-6]\d(?:[ -]?\d){11,17}(?![\d]|[.,]\d)/g;

export const findCards: Detector = (text) =>
  matchesOf(text, cardPattern, 'card', (value) => {
    const digits = value.replace(/[ -]/g, '');
    // One kind of separator: "4111-1111 1111-1111" is not how a card number is written.
    const separators = new Set(value.match(/[ -]/g));
    return separators.size <= 1 && digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
  });
