import { structureText } from '../structure-text';
import { canBeVerb, isDoneBySomeone, render, tagSentences, toInfinitive } from './tokens';

describe('tagSentences', () => {
  it('keeps abbreviations inside their sentence', () => {
    expect(tagSentences('Label it, e.g. with the ID. Store at approx. 4 degrees.').map(render)).toEqual(['Label it, e.g. with the ID.', 'Store at approx. 4 degrees.']);
  });

  it('tags long unpunctuated speech in chunks but answers one sentence with every word', () => {
    const said = 'so you open the drawer and then you count the cash after that you write the total on the sheet okay and then you lock it in the safe';
    const long = Array.from({ length: 12 }, () => said).join(' ');
    const sentences = tagSentences(long);
    expect(sentences).toHaveLength(1);
    expect(render(sentences[0]!)).toBe(long);
    expect(sentences[0]!.filter((token) => token.norm === 'count')).toHaveLength(12);
  });

  it('reads "cannot" after a noun as the modal, and "can" after a noun before no verb as the container', () => {
    const [goods] = tagSentences('Goods cannot be declared.');
    expect(goods!.find((token) => token.text === 'cannot')!.tags.has('Modal')).toBe(true);
    const [fuel] = tagSentences('fuel can -> metal box');
    expect(fuel!.find((token) => token.norm === 'can')!.tags.has('Noun')).toBe(true);
  });

  it('keeps the sentences of long punctuated text as written', () => {
    const text = Array.from({ length: 30 }, (_, index) => `Check shelf ${index + 1} and note the count.`).join(' ');
    expect(tagSentences(text).map(render)).toEqual(text.split(/(?<=\.) /));
  });
});

describe('verbs the tagger reads as nouns', () => {
  it('knows the verbs procedures use most, but not words that are nouns first', () => {
    expect(canBeVerb('compare')).toBe(true);
    expect(canBeVerb('disinfect')).toBe(true);
    expect(canBeVerb('number')).toBe(false);
  });

  it('asks "they <verb> it" for a third-person verb with its object', () => {
    expect(isDoneBySomeone('review')).toBe(true);
    expect(isDoneBySomeone('happy')).toBe(false);
  });

  it('reads the word between "to" or "then" and its object as the verb', () => {
    const [sentence] = tagSentences('to descale the kettle then light the hob');
    expect(sentence!.filter((token) => token.tags.has('Verb')).map((token) => token.norm)).toEqual(['descale', 'light']);
  });
});

describe('an acronym said as a verb', () => {
  it('keeps its capitals; a word shouted does not', () => {
    expect(toInfinitive('OCR')).toBe('OCR');
    expect(toInfinitive('QA')).toBe('QA');
    expect(toInfinitive('STOP')).toBe('Stop');
  });
});

describe('paths and addresses', () => {
  it('reads a path or an address as a thing, and the verb before it as a verb', () => {
    const [clear] = tagSentences('If the job fails, clear /var/scratch and try again.');
    expect(clear!.find((token) => token.norm === 'clear')!.tags.has('Verb')).toBe(true);
    expect(clear!.find((token) => token.text.includes('scratch'))!.tags.has('Verb')).toBe(false);
    const [open] = tagSentences('Open https://status.example.com and check it.');
    expect(open![0]!.tags.has('Verb')).toBe(true);
    // ("stuck/snapped" is one word or another, no path.)
    const [stuck] = tagSentences('pin stuck/snapped -> drill out');
    expect(stuck!.find((token) => token.text.includes('stuck'))!.tags.has('Noun')).toBe(false);
  });

  it('so a sub-item that clears a path is a step, not a note', () => {
    const steps = structureText('1. Restore it:\n   a. Stop the instance.\n   b. Run the restore job.\n   c. If the job fails, clear /var/scratch and try again.\n2. Run the script.').steps;
    expect(steps.map((step) => step.title)).toContain('Clear /var/scratch if the job fails');
  });
});
