import { BackoffTrigram, bigramKey, bigramOf, trigramHistory, trigramKey, trigramOf, type Vocabulary } from './backoff-trigram';

const start = '<s>';

/** A trigram model in ARPA text, its words added to `vocabulary`. */
export function readArpa(text: string, vocabulary: Vocabulary): BackoffTrigram {
  const model = new BackoffTrigram();
  let order = 0;
  for (const line of text.split('\n')) {
    const section = /^\\(\d)-grams:/.exec(line);
    if (section) {
      order = Number(section[1]);
      continue;
    }
    if (!order || !line.trim() || line.startsWith('\\')) continue;
    const [log10Prob, gram, log10Backoff] = line.split('\t') as [string, string, string | undefined];
    const ids = gram.split(' ').map((word) => vocabulary.id(word));
    const prob = 10 ** Number(log10Prob);
    const backoff = log10Backoff === undefined ? undefined : 10 ** Number(log10Backoff);
    if (order === 1) {
      model.unigrams.set(ids[0]!, prob);
      if (backoff !== undefined) model.unigramBackoffs.set(ids[0]!, backoff);
    } else if (order === 2) {
      const key = bigramKey(ids[0]!, ids[1]!);
      model.bigrams.set(key, prob);
      if (backoff !== undefined) model.bigramBackoffs.set(key, backoff);
    } else if (order === 3) model.trigrams.set(trigramKey(ids[0]!, ids[1]!, ids[2]!), prob);
    else throw new Error(`a trigram model was expected, not ${order}-grams`);
  }
  return model;
}

/**
 * P(w | h) = λ·P_a(w | h) + (1 − λ)·P_b(w | h), written as a backoff model (static
 * interpolation, as SRILM's `ngram -mix-lm`): every n-gram either model has (and the
 * histories of their trigrams), its mixed probability, and backoff weights that leave each
 * history's distribution summing to one.
 */
export function interpolate(a: BackoffTrigram, b: BackoffTrigram, weightOfA: number, vocabulary: Vocabulary, write: (line: string) => void): void {
  const mix = (pa: number, pb: number) => weightOfA * pa + (1 - weightOfA) * pb;
  const startId = vocabulary.id(start);

  const unigrams = new Map<number, number>();
  for (const w of new Set([...a.unigrams.keys(), ...b.unigrams.keys()])) unigrams.set(w, w === startId ? 0 : mix(a.unigram(w), b.unigram(w)));
  const unigramTotal = [...unigrams.values()].reduce((sum, p) => sum + p, 0);
  for (const [w, p] of unigrams) unigrams.set(w, p / unigramTotal);

  const bigramKeys = new Set([...a.bigrams.keys(), ...b.bigrams.keys()]);
  for (const key of [...a.trigrams.keys(), ...b.trigrams.keys()]) bigramKeys.add(trigramHistory(key));
  const bigrams = new Map<number, number>();
  const unigramBackoffs = backoffs(bigramKeys, bigramOf, ([v, w]) => mix(a.bigram(v, w), b.bigram(v, w)), ([, w]) => unigrams.get(w) ?? 0, bigrams, ([v]) => v);
  const bigram = (v: number, w: number) => bigrams.get(bigramKey(v, w)) ?? (unigramBackoffs.get(v) ?? 1) * (unigrams.get(w) ?? 0);

  const trigrams = new Map<number, number>();
  const trigramKeys = new Set([...a.trigrams.keys(), ...b.trigrams.keys()]);
  const bigramBackoffs = backoffs(trigramKeys, trigramOf, ([u, v, w]) => mix(a.trigram(u, v, w), b.trigram(u, v, w)), ([, v, w]) => bigram(v, w), trigrams, ([u, v]) => bigramKey(u, v));

  const log10 = (p: number) => (p > 0 ? Math.log10(p).toFixed(4) : '-99');
  const words = vocabulary.words;
  write('\\data\\');
  write(`ngram 1=${unigrams.size}`);
  write(`ngram 2=${bigrams.size}`);
  write(`ngram 3=${trigrams.size}`);
  write('');
  write('\\1-grams:');
  for (const [w, p] of unigrams) write(`${w === startId ? '-99' : log10(p)}\t${words[w]}\t${log10(unigramBackoffs.get(w) ?? 1)}`);
  write('');
  write('\\2-grams:');
  for (const [key, p] of bigrams) {
    const [v, w] = bigramOf(key);
    const backoff = bigramBackoffs.get(key);
    write(`${log10(p)}\t${words[v]} ${words[w]}${backoff === undefined ? '' : `\t${log10(backoff)}`}`);
  }
  write('');
  write('\\3-grams:');
  for (const [key, p] of trigrams) {
    const [u, v, w] = trigramOf(key);
    write(`${log10(p)}\t${words[u]} ${words[v]} ${words[w]}`);
  }
  write('');
  write('\\end\\');
}

/**
 * Fills `probs` with each n-gram's mixed probability and returns each history's backoff
 * weight: (1 − Σ explicit P(w | h)) / (1 − Σ explicit P(w | shorter h)).
 */
function backoffs<Gram extends number[]>(
  keys: Set<number>,
  gramOf: (key: number) => Gram,
  probOf: (gram: Gram) => number,
  lowerOf: (gram: Gram) => number,
  probs: Map<number, number>,
  historyOf: (gram: Gram) => number,
): Map<number, number> {
  const sums = new Map<number, [number, number]>();
  for (const key of keys) {
    const gram = gramOf(key);
    const prob = probOf(gram);
    probs.set(key, prob);
    const history = historyOf(gram);
    const sum = sums.get(history) ?? [0, 0];
    sum[0] += prob;
    sum[1] += lowerOf(gram);
    sums.set(history, sum);
  }
  const weights = new Map<number, number>();
  // Rounding can leave a history with (almost) no mass to give: it then gives almost none.
  for (const [history, [explicit, lower]] of sums) weights.set(history, Math.max(1 - explicit, 1e-6) / Math.max(1 - lower, 1e-6));
  return weights;
}
