/**
 * Reads a pocketsphinx trigram language model in its trie binary format (sphinxbase's
 * `lm_trie`, e.g. Debian's en-us.lm.bin): every n-gram, not only the unigrams. Debian's
 * `sphinx_lm_convert` cannot write that model as ARPA (an assertion fails on its bigrams).
 *
 * Layout: the header text, the order (1 byte), the n-gram counts (uint32 each); an int32, then
 * the quantisation tables (for bigrams 2^16 probabilities and 2^16 backoffs, for trigrams 2^16
 * probabilities, all floats); the unigrams ((count + 1) × {float prob, float backoff, uint32
 * next}); the bigrams and the trigrams, bit-packed (word id, 16-bit probability code, for
 * bigrams a 16-bit backoff code and the index of their first trigram); last the words: int32
 * byte length, then NUL-terminated strings. The trie is keyed from the last word of an n-gram:
 * unigram w3's bigrams are the histories w2 of "w2 w3", and their trigrams the w1 of "w1 w2 w3".
 * Values are logarithms to sphinxbase's default base, 1.0001.
 */
import { BackoffTrigram, bigramKey, trigramKey, type Vocabulary } from './backoff-trigram';

const header = 'Trie Language Model';
const quantBins = 1 << 16;
const log10PerUnit = Math.log(1.0001) / Math.LN10;

/** sphinxbase's bitarr_required_bits: the bits that hold values up to `max`. */
export function requiredBits(max: number): number {
  let bits = 0;
  for (let value = max; value > 0; value = Math.floor(value / 2)) bits++;
  return bits;
}

/** Reads `bits` (at most 25) bits at a bit offset, least significant first, as sphinxbase packs them. */
function readBits(file: Buffer, bitOffset: number, bits: number): number {
  const byte = Math.floor(bitOffset / 8);
  return (file.readUInt32LE(byte) >>> (bitOffset % 8)) & ((1 << bits) - 1);
}

/** The model in a trie binary file, its words added to `vocabulary`. */
export function readTrieModel(file: Buffer, vocabulary: Vocabulary): BackoffTrigram {
  if (file.subarray(0, header.length).toString('latin1') !== header) throw new Error('not a pocketsphinx trie language model');
  let at = header.length;
  const order = file.readUInt8(at);
  at += 1;
  if (order !== 3) throw new Error(`a trigram model was expected, not order ${order}`);
  const [unigramCount, bigramCount, trigramCount] = [0, 1, 2].map((i) => file.readUInt32LE(at + 4 * i)) as [number, number, number];
  at += 12 + 4;
  const table = (start: number) => Float32Array.from({ length: quantBins }, (_, i) => file.readFloatLE(start + 4 * i) * log10PerUnit);
  const bigramProbs = table(at);
  const bigramBackoffs = table(at + quantBins * 4);
  const trigramProbs = table(at + 2 * quantBins * 4);
  at += 3 * quantBins * 4;

  const unigramLog10 = new Float64Array(unigramCount);
  const unigramBackoffLog10 = new Float64Array(unigramCount);
  const unigramNext = new Uint32Array(unigramCount + 1);
  for (let i = 0; i <= unigramCount; i++, at += 12) {
    if (i < unigramCount) {
      unigramLog10[i] = file.readFloatLE(at) * log10PerUnit;
      unigramBackoffLog10[i] = file.readFloatLE(at + 4) * log10PerUnit;
    }
    unigramNext[i] = file.readUInt32LE(at + 8);
  }

  const wordBits = requiredBits(unigramCount);
  const nextBits = requiredBits(trigramCount);
  const bigramBits = wordBits + 32 + nextBits;
  const trigramBits = wordBits + 16;
  const bigramStart = at;
  const trigramStart = bigramStart + Math.floor(((bigramCount + 1) * bigramBits + 7) / 8) + 8;
  const wordsStart = trigramStart + Math.floor(((trigramCount + 1) * trigramBits + 7) / 8) + 8;
  // The counts may exceed the n-grams reachable from the unigrams (sphinxbase counts some twice).
  if (unigramNext[unigramCount]! > bigramCount) throw new Error('unexpected trie layout: more bigrams than counted');
  const words = readWords(file, wordsStart, unigramCount);

  const bigramAt = (index: number) => bigramStart * 8 + index * bigramBits;
  const trigramNext = (index: number) => readBits(file, bigramAt(index) + wordBits + 32, nextBits);

  const ids = words.map((word) => vocabulary.id(word));
  const model = new BackoffTrigram();
  for (let w = 0; w < unigramCount; w++) {
    model.unigrams.set(ids[w]!, 10 ** unigramLog10[w]!);
    model.unigramBackoffs.set(ids[w]!, 10 ** unigramBackoffLog10[w]!);
  }
  // The last word of an n-gram is the root of its path: unigram w2 → bigram w1 → trigram w0.
  for (let w2 = 0; w2 < unigramCount; w2++)
    for (let index = unigramNext[w2]!; index < unigramNext[w2 + 1]!; index++) {
      const bit = bigramAt(index);
      const w1 = readBits(file, bit, wordBits);
      const key = bigramKey(ids[w1]!, ids[w2]!);
      model.bigrams.set(key, 10 ** bigramProbs[readBits(file, bit + wordBits + 16, 16)]!);
      model.bigramBackoffs.set(key, 10 ** bigramBackoffs[readBits(file, bit + wordBits, 16)]!);
      for (let tri = trigramNext(index); tri < trigramNext(index + 1); tri++) {
        const triBit = trigramStart * 8 + tri * trigramBits;
        model.trigrams.set(trigramKey(ids[readBits(file, triBit, wordBits)]!, ids[w1]!, ids[w2]!), 10 ** trigramProbs[readBits(file, triBit + wordBits, 16)]!);
      }
    }
  return model;
}

function readWords(file: Buffer, at: number, count: number): string[] {
  const length = file.readInt32LE(at);
  if (at + 4 + length !== file.length) throw new Error('unexpected trie layout: the word list does not end the file');
  const words = file.subarray(at + 4, file.length - 1).toString('utf8').split('\0');
  if (words.length !== count) throw new Error(`word list of ${count} words expected, ${words.length} found`);
  return words;
}
