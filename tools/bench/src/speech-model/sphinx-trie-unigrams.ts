/**
 * Reads the vocabulary and unigram probabilities of a pocketsphinx language model in its
 * trie binary format (sphinxbase's `lm_trie`, e.g. Debian's en-us.lm.bin). Debian's
 * `sphinx_lm_convert` cannot write that model as ARPA (an assertion fails on its bigrams),
 * and the unigrams are all the procedure model takes from it.
 *
 * Layout: the header text, the order (1 byte), the n-gram counts (uint32 each), for order > 1
 * a quantisation table (int32, then 2 × 2^16 floats per middle order and 2^16 for the
 * highest), the unigrams ((count + 1) × {float prob, float backoff, uint32 next}), the packed
 * higher-order n-grams, and last the words: int32 byte length, then NUL-terminated strings.
 */
const header = 'Trie Language Model';
const quantBins = 1 << 16;
/** Probabilities are stored as logarithms to sphinxbase's default base, 1.0001. */
const log10PerUnit = Math.log(1.0001) / Math.LN10;

export interface Unigrams {
  words: string[];
  /** log10 P(word), in the order of `words`. */
  log10Probs: number[];
}

export function readTrieUnigrams(file: Buffer): Unigrams {
  if (file.subarray(0, header.length).toString('latin1') !== header) throw new Error('not a pocketsphinx trie language model');
  let at = header.length;
  const order = file.readUInt8(at);
  at += 1;
  const counts: number[] = [];
  for (let i = 0; i < order; i++, at += 4) counts.push(file.readUInt32LE(at));
  const unigramCount = counts[0]!;
  if (order > 1) at += 4 + ((order - 2) * 2 + 1) * quantBins * 4;
  const log10Probs: number[] = [];
  let previousNext = 0;
  for (let i = 0; i < unigramCount; i++, at += 12) {
    const next = file.readUInt32LE(at + 8);
    if (next < previousNext) throw new Error(`unexpected trie layout at unigram ${i}`);
    previousNext = next;
    log10Probs.push(file.readFloatLE(at) * log10PerUnit);
  }
  const words = readWords(file, unigramCount);
  return { words, log10Probs };
}

/** The word list closes the file: find the length field that spans exactly to the end. */
function readWords(file: Buffer, count: number): string[] {
  for (let at = file.length - 5; at >= 0; at--) {
    if (file.readInt32LE(at) !== file.length - at - 4) continue;
    const words = file.subarray(at + 4, file.length - 1).toString('utf8').split('\0');
    if (words.length === count) return words;
  }
  throw new Error(`word list of ${count} words not found`);
}
