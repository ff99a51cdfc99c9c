import { structureText } from '@sopwright/structuring';
import { loadEvalSets } from './eval-set';

/**
 * The structurer is the only engine on a machine with no keys: if it throws, the user's generation fails.
 * Every description of both sets is read whole, as a recogniser would write it (lower case, no punctuation),
 * and cut short after the words that look ahead to the next one ("…the tank just", "…call the office if"),
 * the places where a reader of the next word has nothing to read.
 */
const lookingAhead = /\b(?:just|sure|and|then|if|when|so|the|a|because|cos|like|not|that|to|or|until|before|after|first|don't)\b/gi;

/** A small seeded generator, so a failure names a text that fails again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function variants(text: string, random: () => number): string[] {
  const ends = [...text.matchAll(lookingAhead)].map((match) => match.index! + match[0].length);
  const picked = ends.length > 0 ? [ends[Math.floor(random() * ends.length)]!] : [];
  const spoken = text.toLowerCase().replace(/[^\p{L}\p{N}'\s-]/gu, ' ').replace(/\s+/g, ' ').trim();
  return [spoken, ...picked.map((end) => text.slice(0, end))];
}

describe('structurer robustness', () => {
  const { development, holdout } = loadEvalSets();
  const random = seeded(12);
  const cases = [...development, ...holdout].flatMap((item) => variants(item.text, random).map((text) => ({ id: item.id, text })));

  it('drafts every description, whole, as unpunctuated speech or cut short, without throwing', () => {
    const failures: string[] = [];
    for (const { id, text } of cases) {
      try {
        const draft = structureText(text);
        const empty = draft.steps.find((step) => !/[\p{L}\p{N}]/u.test(step.title));
        if (empty) failures.push(`${id}: a step with no words in its title (${JSON.stringify(empty.title)}) from …${JSON.stringify(text.slice(-60))}`);
      } catch (error) {
        failures.push(`${id}: ${(error as Error).message} from …${JSON.stringify(text.slice(-60))}`);
      }
    }
    expect(cases.length).toBeGreaterThan(1200);
    expect(failures).toEqual([]);
  }, 300_000);
});
