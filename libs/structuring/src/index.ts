export { instructionIn, structureText } from './structure-text';
export type { DraftSop, DraftStep } from './steps/step-writer';
