import { buildTrigramArpa } from './arpa-builder';

interface Model {
  probs: Map<string, number>;
  backoffs: Map<string, number>;
  counts: number[];
}

function parseArpa(arpa: string): Model {
  const probs = new Map<string, number>();
  const backoffs = new Map<string, number>();
  const counts: number[] = [];
  let order = 0;
  for (const line of arpa.split('\n')) {
    const count = /^ngram (\d)=(\d+)$/.exec(line);
    if (count) counts[Number(count[1]) - 1] = Number(count[2]);
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) order = Number(section[1]);
    const fields = line.split('\t');
    if (order && fields.length >= 2) {
      probs.set(fields[1]!, 10 ** Number(fields[0]));
      if (fields[2] !== undefined) backoffs.set(fields[1]!, 10 ** Number(fields[2]));
    }
  }
  return { probs, backoffs, counts };
}

/** P(word | history) the way pocketsphinx reads an ARPA model: the longest known n-gram, else back off. */
function probability(model: Model, history: string[], word: string): number {
  const gram = [...history, word].join(' ');
  if (model.probs.has(gram)) return model.probs.get(gram)!;
  if (history.length === 0) return 0;
  return (model.backoffs.get(history.join(' ')) ?? 1) * probability(model, history.slice(1), word);
}

const corpus = [
  ['check', 'the', 'fridge'],
  ['check', 'the', 'freezer'],
  ['then', 'check', 'the', 'fridge', 'temperature'],
  ['call', 'the', 'manager'],
];
const background = new Map([
  ['the', 0.3],
  ['a', 0.2],
  ['check', 0.1],
  ['fridge', 0.05],
  ['freezer', 0.05],
  ['manager', 0.1],
  ['call', 0.1],
  ['then', 0.05],
  ['temperature', 0.025],
  ['zebra', 0.025],
]);
const model = parseArpa(buildTrigramArpa(corpus, background, { discount: 0.7, corpusWeight: 0.5 }));
const vocabulary = [...background.keys(), '</s>'];

describe('trigram ARPA builder', () => {
  it('writes the counts it lists', () => {
    // 10 background words, <s> and </s>; 14 distinct word pairs and 12 triples in the corpus.
    expect(model.counts).toEqual([12, 14, 12]);
    expect(model.probs.size).toBe(12 + 14 + 12);
  });

  it('gives a proper distribution after every history, seen or not', () => {
    for (const history of [[], ['<s>'], ['check'], ['check', 'the'], ['<s>', 'check'], ['the', 'fridge'], ['zebra'], ['a', 'zebra'], ['call', 'the']]) {
      const total = vocabulary.reduce((sum, word) => sum + probability(model, history, word), 0);
      // Written with 4 decimals of log10, as ARPA files are: each value is off by up to 0.01 %.
      expect(total).toBeCloseTo(1, 3);
    }
  });

  it('keeps every background word possible, and what the corpus says after a history likelier than what it does not', () => {
    expect(probability(model, [], 'zebra')).toBeGreaterThan(0);
    expect(probability(model, ['check', 'the'], 'fridge')).toBeGreaterThan(probability(model, ['check', 'the'], 'manager'));
    expect(probability(model, ['check', 'the'], 'fridge')).toBeGreaterThan(probability(model, ['call', 'the'], 'fridge'));
    expect(probability(model, ['<s>'], 'check')).toBeGreaterThan(probability(model, ['<s>'], 'the'));
  });

  it('never starts a sentence with the start marker', () => {
    expect(model.probs.get('<s>')).toBeLessThan(1e-90);
  });
});
