/**
 * The baseline: what a plain splitter does with no language knowledge. Every list item
 * and every sentence is a step, its text the title; unpunctuated speech stays one step.
 */
export function naiveSteps(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:(?:step\s+)?\d{1,3}[.):]|[a-z][.)]|[-*•])\s+/i, '').trim())
    .filter(Boolean)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9])/))
    .map((sentence) => sentence.replace(/[.!?]+$/, '').trim())
    .filter((sentence) => sentence.length > 2);
}
