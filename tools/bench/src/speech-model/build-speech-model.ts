/**
 * Builds the language model the offline transcriber listens with: procedures as people say
 * them. `npm run build:speech-model -w @sopwright/bench` writes
 * services/generation/assets/procedures-en-us.lm.gz (gzipped ARPA, which pocketsphinx reads
 * as it is).
 *
 * The corpus is the development set of the structurer's evaluation (spoken transcripts,
 * runbooks, prose, notes), never the held-out set, so the held-out narrations measure the
 * model on speech it has not seen. The background is Debian's general en-us model: its
 * vocabulary and unigram frequencies.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readTrieModel, Vocabulary } from '@sopwright/server-kit/language-model';
import { loadEvalSets } from '../structurer/eval-set';
import { buildTrigramArpa } from './arpa-builder';
import { speechSentences } from './speech-corpus';

const modelDir = process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us';
export const bundledSpeechModel = join(__dirname, '../../../../services/generation/assets/procedures-en-us.lm.gz');

/** Measured on held-out flite narrations (tenth/eleventh sessions): D 0.7, corpus half the unigram mass. */
export const speechModelOptions = { discount: 0.7, corpusWeight: 0.5 };

export function dictionaryWords(dictionary: string): Set<string> {
  return new Set(dictionary.split('\n').map((line) => line.split(/\s/)[0]!).filter((word) => word && !/\(\d+\)$/.test(word)));
}

export function buildSpeechModel(corpusTexts: string[], dictionary: Set<string>, generalModel: Buffer): string {
  const sentences = corpusTexts.flatMap((text) => speechSentences(text, (word) => dictionary.has(word)));
  const vocabulary = new Vocabulary();
  const general = readTrieModel(generalModel, vocabulary);
  const background = new Map([...general.unigrams].map(([id, p]) => [vocabulary.words[id]!, p]));
  return buildTrigramArpa(sentences, background, speechModelOptions);
}

/** The bundled model, gzipped (no timestamp in the gzip header, so the same input gives the same bytes). */
export function buildBundledSpeechModel(): { arpa: string; gzipped: Buffer } {
  const dictionary = dictionaryWords(readFileSync(join(modelDir, 'cmudict-en-us.dict'), 'utf8'));
  const corpus = loadEvalSets().development.map((item) => item.text);
  const arpa = buildSpeechModel(corpus, dictionary, readFileSync(join(modelDir, 'en-us.lm.bin')));
  return { arpa, gzipped: gzipSync(arpa, { level: 9 }) };
}

if (require.main === module) {
  const { arpa, gzipped } = buildBundledSpeechModel();
  writeFileSync(bundledSpeechModel, gzipped);
  console.log(`${bundledSpeechModel}: ${arpa.split('\n').slice(1, 4).join(', ')}`);
}
