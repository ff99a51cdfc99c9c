import { BackoffTrigram, Vocabulary } from './backoff-trigram';
import { interpolate, readArpa } from './interpolate';

/** Two small backoff models that disagree: one of procedures, one of general English. */
const procedures = `\\data\\
ngram 1=6
ngram 2=4
ngram 3=2

\\1-grams:
-99\t<s>\t-0.3
-0.7\t</s>
-0.6\tcheck\t-0.2
-0.8\tthe\t-0.25
-0.7\tvalve\t-0.1
-1.2\tvalves

\\2-grams:
-0.2\t<s> check\t-0.1
-0.1\tcheck the\t-0.15
-0.3\tthe valve
-0.2\tvalve </s>

\\3-grams:
-0.05\t<s> check the
-0.2\tcheck the valve

\\end\\
`;
const general = `\\data\\
ngram 1=6
ngram 2=3
ngram 3=1

\\1-grams:
-99\t<s>\t-0.4
-0.8\t</s>
-1.0\tcheck\t-0.3
-0.5\tthe\t-0.2
-1.1\tvalve
-0.9\tweather

\\2-grams:
-0.5\t<s> the\t-0.2
-0.4\tthe weather
-0.6\tcheck the

\\3-grams:
-0.3\t<s> the weather

\\end\\
`;

function mixed(weight: number): { model: BackoffTrigram; a: BackoffTrigram; b: BackoffTrigram; vocabulary: Vocabulary } {
  const vocabulary = new Vocabulary();
  const a = readArpa(procedures, vocabulary);
  const b = readArpa(general, vocabulary);
  const lines: string[] = [];
  interpolate(a, b, weight, vocabulary, (line) => lines.push(line));
  return { model: readArpa(lines.join('\n'), vocabulary), a, b, vocabulary };
}

describe('interpolate', () => {
  it('gives every n-gram either model knows the weighted mean of their probabilities', () => {
    const { model, a, b, vocabulary } = mixed(0.7);
    const [start, check, the, valve, weather] = ['<s>', 'check', 'the', 'valve', 'weather'].map((word) => vocabulary.id(word)) as number[];
    const expectMix = (got: number, pa: number, pb: number) => expect(got).toBeCloseTo(0.7 * pa + 0.3 * pb, 3);
    expectMix(model.trigram(start!, check!, the!), a.trigram(start!, check!, the!), b.trigram(start!, check!, the!));
    expectMix(model.trigram(start!, the!, weather!), a.trigram(start!, the!, weather!), b.trigram(start!, the!, weather!));
    expectMix(model.bigram(the!, valve!), a.bigram(the!, valve!), b.bigram(the!, valve!));
    expectMix(model.bigram(the!, weather!), a.bigram(the!, weather!), b.bigram(the!, weather!));
    // A word only one model knows stays possible.
    expect(model.unigram(weather!)).toBeGreaterThan(0);
    expect(model.unigram(vocabulary.id('valves'))).toBeGreaterThan(0);
  });

  it('leaves every history a distribution that sums to one', () => {
    const { model, vocabulary } = mixed(0.7);
    const words = vocabulary.words.map((_, id) => id).filter((id) => vocabulary.words[id] !== '<s>');
    const ids = (gram: string) => gram.split(' ').map((word) => vocabulary.id(word));
    expect(words.reduce((sum, w) => sum + model.unigram(w), 0)).toBeCloseTo(1, 3);
    for (const history of ['<s>', 'check', 'the', 'valve', 'weather']) {
      const [v] = ids(history) as [number];
      expect(words.reduce((sum, w) => sum + model.bigram(v, w), 0)).toBeCloseTo(1, 2);
    }
    for (const history of ['<s> check', 'check the', '<s> the']) {
      const [u, v] = ids(history) as [number, number];
      expect(words.reduce((sum, w) => sum + model.trigram(u, v, w), 0)).toBeCloseTo(1, 2);
    }
  });
});
