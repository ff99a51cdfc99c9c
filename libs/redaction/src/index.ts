/**
 * Offline detection of sensitive values, for masking text before it leaves the owner and for
 * proposing blur boxes over OCR words. Decisions worth knowing:
 * - Card numbers: 13-19 digits starting 2-6, Luhn-valid, one kind of separator.
 * - IBANs: mod-97-valid, solid or in groups of four.
 * - Phones: "+country" numbers, national numbers with a trunk 0 when written with separators,
 *   North American shapes; any other digit run only after a cue ("Tel:", "call"). Dates,
 *   times, prices, versions, ISBNs and order/part/tracking numbers are not phones.
 * - Secrets: known key prefixes, JWTs, PEM private keys, and random-looking runs of 32+
 *   letters and digits (by entropy). Pure hex (git SHAs, checksums, UUIDs, colours) is not a
 *   secret: those identifiers are shared on purpose.
 * Detection errs on masking: a phone-shaped run of two-digit numbers ("01 02 03 04 05") is masked.
 */
export { findSensitive } from './find-sensitive';
export { maskSensitive, maskWords, placeholder } from './mask-sensitive';
export { redactionBoxes, type Box, type OcrWord, type RedactionProposal } from './ocr-boxes';
export { areasToRedact, limitAreas, redactionAreas, REDACTION_PADDING, type FractionRect, type OcrImageSize, type RedactionArea } from './areas';
export type { SensitiveKind, SensitiveMatch } from './types';
