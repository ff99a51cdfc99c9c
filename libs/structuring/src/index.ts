export { instructionIn, structureText, titleFromText, type DraftSop, type DraftStep } from './structure-text';
export { readBlocks, type Block } from './blocks';
export { MAX_TITLE } from './titles';
