/**
 * A trigram backoff language model (the ARPA kind) over word ids, with probabilities, not
 * logarithms. N-grams are keyed by number: "w1 w2" is w1·V + w2 and "w1 w2 w3" is
 * (w1·V + w2)·V + w3, with V = 2^17 words (below 2^53 either way), which keeps millions of
 * them in memory where string keys would not fit.
 */
export const VOCABULARY_LIMIT = 1 << 17;
const V = VOCABULARY_LIMIT;

export const bigramKey = (w1: number, w2: number) => w1 * V + w2;
export const trigramKey = (w1: number, w2: number, w3: number) => (w1 * V + w2) * V + w3;
/** The history "w1 w2" of a trigram key, as a bigram key. */
export const trigramHistory = (key: number) => Math.floor(key / V);
export const bigramOf = (key: number): [number, number] => [Math.floor(key / V), key % V];
export const trigramOf = (key: number): [number, number, number] => {
  const history = Math.floor(key / V);
  return [Math.floor(history / V), history % V, key % V];
};

/** Words and their ids, shared by the models that are mixed. */
export class Vocabulary {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();

  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      if (id >= VOCABULARY_LIMIT) throw new Error(`more than ${VOCABULARY_LIMIT} words`);
      this.words.push(word);
      this.ids.set(word, id);
    }
    return id;
  }
}

export class BackoffTrigram {
  readonly unigrams = new Map<number, number>();
  readonly unigramBackoffs = new Map<number, number>();
  readonly bigrams = new Map<number, number>();
  readonly bigramBackoffs = new Map<number, number>();
  readonly trigrams = new Map<number, number>();

  unigram(w: number): number {
    return this.unigrams.get(w) ?? 0;
  }

  /** P(w | v), backing off to the unigram. */
  bigram(v: number, w: number): number {
    return this.bigrams.get(bigramKey(v, w)) ?? (this.unigramBackoffs.get(v) ?? 1) * this.unigram(w);
  }

  /** P(w | u v), backing off to the bigram. */
  trigram(u: number, v: number, w: number): number {
    return this.trigrams.get(trigramKey(u, v, w)) ?? (this.bigramBackoffs.get(bigramKey(u, v)) ?? 1) * this.bigram(v, w);
  }
}
