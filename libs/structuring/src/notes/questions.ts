// A line of notes asked as a question ("RMU gauge in green?"): what to check.
import { uncapitalise } from '../clauses/instruction';
import { isBaseVerb, tagSentences } from '../language/tokens';
import type { DraftStep } from '../steps/step-writer';

/** Words that open a question of their own or a case, never a thing to check: "Is it…?", "No card?", "Any leaks?". */
const notThings = new Set('is are does do has have any did was were can will who what which where when how why no not ok okay check'.split(' '));

/**
 * "foot dip at door made up?", "water ingress / vermin / rubbish?": a jotted question names what
 * to check; the editor's step says so ("Check foot dip at door made up"). A case asked as a
 * question ("OT > 10 hours/week??", "suspicious item found??") stays as it is.
 */
export function withQuestionsAsChecks(steps: DraftStep[]): DraftStep[] {
  return steps.map((step) => {
    if (!/\?[\s);,.]*$/.test(step.source.trim()) || /[<>=:]|\?\?|\bfound\b/.test(`${step.source} ${step.title}`)) return step;
    const [first, second] = tagSentences(step.title)[0] ?? [];
    if (!first || !second || notThings.has(first.norm) || isBaseVerb(first)) return step;
    return { ...step, title: `Check ${uncapitalise(step.title)}` };
  });
}
