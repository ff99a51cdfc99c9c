/**
 * A trigram language model in ARPA format from a small corpus of sentences, for pocketsphinx.
 *
 * Higher orders use interpolated absolute discounting: a seen n-gram keeps its count less a
 * discount D, and the mass taken (D × distinct followers / history count) goes to the next
 * lower order, which is also the backoff weight written for that history. Unigrams mix the
 * corpus with a background distribution (a general English model's unigrams), so every word of
 * the recogniser's vocabulary stays possible and common words keep their general frequency.
 */
export interface TrigramOptions {
  /** Subtracted from each seen count, 0 < D < 1. */
  discount: number;
  /** Share of the corpus in the unigram distribution; the background has the rest. */
  corpusWeight: number;
}

const start = '<s>';
const end = '</s>';

interface History {
  total: number;
  followers: number;
}

export function buildTrigramArpa(sentences: string[][], background: Map<string, number>, options: TrigramOptions): string {
  const counts = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  for (const sentence of sentences) {
    const words = [start, ...sentence, end];
    for (let i = 1; i < words.length; i++)
      for (let n = 1; n <= 3 && i - n + 1 >= 0; n++) {
        const gram = words.slice(i - n + 1, i + 1).join(' ');
        counts[n - 1]!.set(gram, (counts[n - 1]!.get(gram) ?? 0) + 1);
      }
  }
  const unigrams = mixUnigrams(counts[0]!, background, options.corpusWeight);
  const histories = [1, 2].map((order) => historiesOf(counts[order]!));
  const backoff = (history: string) => {
    const stats = histories[history.split(' ').length - 1]!.get(history);
    return stats ? (options.discount * stats.followers) / stats.total : 1;
  };
  const probs = new Map<string, number>();
  const lower = (gram: string[]): number => {
    if (gram.length === 1) return unigrams.get(gram[0]!) ?? 0;
    const known = probs.get(gram.join(' '));
    return known ?? backoff(gram.slice(0, -1).join(' ')) * lower(gram.slice(1));
  };
  for (const order of [1, 2]) {
    for (const [gram, count] of counts[order]!) {
      const words = gram.split(' ');
      const history = histories[order - 1]!.get(words.slice(0, -1).join(' '))!;
      probs.set(gram, Math.max(count - options.discount, 0) / history.total + backoff(words.slice(0, -1).join(' ')) * lower(words.slice(1)));
    }
  }
  return writeArpa(unigrams, counts, probs, (history) => (histories[history.split(' ').length - 1]!.has(history) ? backoff(history) : undefined));
}

/** P(w) = λ·corpus(w) + (1 − λ)·background(w), renormalised; "<s>" is only ever a context. */
function mixUnigrams(corpus: Map<string, number>, background: Map<string, number>, corpusWeight: number): Map<string, number> {
  const corpusTotal = [...corpus.values()].reduce((sum, count) => sum + count, 0);
  const backgroundTotal = [...background.entries()].filter(([word]) => word !== start && word !== end).reduce((sum, [, p]) => sum + p, 0);
  const mixed = new Map<string, number>();
  for (const word of new Set([...background.keys(), ...corpus.keys(), end])) {
    if (word === start) continue;
    const fromCorpus = (corpus.get(word) ?? 0) / corpusTotal;
    // The end of a sentence is the corpus's own: the background's sentences are not these.
    const fromBackground = word === end ? fromCorpus : (background.get(word) ?? 0) / backgroundTotal;
    mixed.set(word, corpusWeight * fromCorpus + (1 - corpusWeight) * fromBackground);
  }
  const total = [...mixed.values()].reduce((sum, p) => sum + p, 0);
  for (const [word, p] of mixed) mixed.set(word, p / total);
  mixed.set(start, 0);
  return mixed;
}

function historiesOf(grams: Map<string, number>): Map<string, History> {
  const histories = new Map<string, History>();
  for (const [gram, count] of grams) {
    const history = gram.slice(0, gram.lastIndexOf(' '));
    const stats = histories.get(history) ?? { total: 0, followers: 0 };
    stats.total += count;
    stats.followers += 1;
    histories.set(history, stats);
  }
  return histories;
}

const log10 = (p: number) => (p > 0 ? Math.log10(p).toFixed(4) : '-99');

function writeArpa(unigrams: Map<string, number>, counts: Map<string, number>[], probs: Map<string, number>, backoffOf: (history: string) => number | undefined): string {
  const sorted = (keys: Iterable<string>) => [...keys].sort();
  const withBackoff = (gram: string) => {
    const weight = backoffOf(gram);
    return weight === undefined ? '' : `\t${log10(weight)}`;
  };
  const lines = ['\\data\\', `ngram 1=${unigrams.size}`, `ngram 2=${counts[1]!.size}`, `ngram 3=${counts[2]!.size}`, '', '\\1-grams:'];
  for (const word of sorted(unigrams.keys())) lines.push(`${log10(unigrams.get(word)!)}\t${word}${withBackoff(word) || '\t0.0000'}`);
  lines.push('', '\\2-grams:');
  for (const gram of sorted(counts[1]!.keys())) lines.push(`${log10(probs.get(gram)!)}\t${gram}${withBackoff(gram)}`);
  lines.push('', '\\3-grams:');
  for (const gram of sorted(counts[2]!.keys())) lines.push(`${log10(probs.get(gram)!)}\t${gram}`);
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}
