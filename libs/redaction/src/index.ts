export { findSensitive } from './find-sensitive';
export { maskSensitive, maskWords, placeholder } from './mask-sensitive';
export { redactionBoxes, type Box, type OcrWord, type RedactionProposal } from './ocr-boxes';
export type { SensitiveKind, SensitiveMatch } from './types';
