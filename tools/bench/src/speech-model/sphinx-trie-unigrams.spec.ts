import { existsSync, readFileSync } from 'node:fs';
import { readTrieUnigrams } from './sphinx-trie-unigrams';

// Debian's pocketsphinx-en-us, which the stack's prerequisites install for the generation worker.
const generalModel = '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin';

describe('pocketsphinx trie model unigrams', () => {
  it("reads Debian's en-us model: its whole vocabulary, and probabilities that sum to one", () => {
    expect(existsSync(generalModel)).toBe(true);
    const { words, log10Probs } = readTrieUnigrams(readFileSync(generalModel));
    expect(words).toHaveLength(72547);
    expect(words.slice(0, 2)).toEqual(["'bout", "'cause"]);
    // What sphinx_lm_convert prints for the first word before it fails on the bigrams.
    expect(log10Probs[0]).toBeCloseTo(-6.2831, 3);
    const mass = log10Probs.reduce((sum, p) => sum + 10 ** p, 0);
    expect(mass).toBeGreaterThan(0.95);
    expect(mass).toBeLessThan(1.05);
    expect(log10Probs[words.indexOf('the')]!).toBeGreaterThan(log10Probs[words.indexOf('zebra')]!);
  });

  it('refuses a file that is not a trie model', () => {
    expect(() => readTrieUnigrams(Buffer.from('\\data\\\nngram 1=3\n'))).toThrow('not a pocketsphinx trie language model');
  });
});
