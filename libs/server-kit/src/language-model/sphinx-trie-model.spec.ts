import { readFileSync } from 'node:fs';
import { Vocabulary } from './backoff-trigram';
import { readTrieModel, requiredBits } from './sphinx-trie-model';

describe('requiredBits', () => {
  it('counts the bits that hold a value, as sphinxbase does', () => {
    expect([0, 1, 2, 3, 4, 72_547, 1_669_625].map(requiredBits)).toEqual([0, 1, 2, 2, 3, 17, 21]);
  });
});

describe('readTrieModel', () => {
  it("reads every n-gram of Debian's general en-us model, and they make distributions", () => {
    const vocabulary = new Vocabulary();
    const model = readTrieModel(readFileSync('/usr/share/pocketsphinx/model/en-us/en-us.lm.bin'), vocabulary);
    expect(model.unigrams.size).toBe(72_547);
    expect(model.bigrams.size).toBeGreaterThan(2_000_000);
    expect(model.trigrams.size).toBe(1_669_625);
    const id = (word: string) => vocabulary.id(word);
    const [of, the, one] = [id('of'), id('the'), id('one')];
    // "of the" is common English; "the of" is not.
    expect(model.bigram(of, the)).toBeGreaterThan(0.1);
    expect(model.bigram(the, of)).toBeLessThan(0.001);
    expect(model.trigram(one, of, the)).toBeGreaterThan(model.bigram(of, the));
    // What sphinx_lm_convert prints for the first word before it fails on the bigrams.
    expect(vocabulary.words.slice(0, 2)).toEqual(["'bout", "'cause"]);
    expect(Math.log10(model.unigram(0))).toBeCloseTo(-6.2831, 3);
    const sum = (probOf: (w: number) => number) => [...model.unigrams.keys()].reduce((total, w) => total + probOf(w), 0);
    expect(sum((w) => model.unigram(w))).toBeCloseTo(1, 3);
    expect(sum((w) => model.bigram(of, w))).toBeCloseTo(1, 2);
  });

  it('refuses a file that is not a trie model', () => {
    expect(() => readTrieModel(Buffer.from('\\data\\\nngram 1=3\n'), new Vocabulary())).toThrow('not a pocketsphinx trie language model');
  });
});
