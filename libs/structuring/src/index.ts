export { instructionIn, structureText, type DraftSop, type DraftStep } from './structure-text';
