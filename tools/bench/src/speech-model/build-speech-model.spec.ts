import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadEvalSets } from '../structurer/eval-set';
import { buildBundledSpeechModel, bundledSpeechModel } from './build-speech-model';

describe('bundled speech model', () => {
  const built = buildBundledSpeechModel();

  it('is what the build makes from the development set today (rebuild: npm run build:speech-model -w @sopwright/bench)', () => {
    expect(gunzipSync(readFileSync(bundledSpeechModel)).toString('utf8') === built.arpa).toBe(true);
  });

  it('has learnt how procedures are said, and nothing only the held-out set says', () => {
    const trigrams = new Set(built.arpa.slice(built.arpa.indexOf('\\3-grams:')).split('\n').map((line) => line.split('\t')[1]));
    expect(trigrams.has('make sure you')).toBe(true);
    // A held-out spoken narration's word triples: the model must not have seen most of them.
    const heldOut = loadEvalSets().holdout.filter((item) => item.style === 'spoken').map((item) => item.text.toLowerCase().replace(/[^a-z' ]+/g, ' ').split(/\s+/).filter(Boolean));
    const triples = heldOut.flatMap((words) => words.slice(2).map((word, i) => `${words[i]} ${words[i + 1]} ${word}`));
    const seen = triples.filter((triple) => trigrams.has(triple)).length;
    expect(seen / triples.length).toBeLessThan(0.5);
  });
});
