import { structureText } from '../structure-text';

/** Shared by the specs that list patterns as tables of cases: the step titles a description gives. */
export const titles = (text: string) => structureText(text).steps.map((step) => step.title);

/** The steps a description gives, title and details. */
export const stepsOf = (text: string) => structureText(text).steps.map(({ title, details }) => ({ title, details }));

/** One row of a pattern table: the pattern, a description with it, what it gives. */
export type Case<Expected = string[]> = [pattern: string, text: string, expected: Expected];
