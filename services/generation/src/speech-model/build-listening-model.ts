/**
 * Builds the language model the offline transcriber listens with: the bundled model of
 * procedures as people say them (assets/procedures-en-us.lm.gz), interpolated with Debian's
 * general en-us model, so that speech about a trade the procedures never covered backs off to
 * general English trigrams rather than to single words; compiled to pocketsphinx's binary
 * format by `sphinx_lm_convert`, which loads in a fraction of a second where the 90 MB ARPA
 * text would take many.
 *
 * It runs after the service's build (`npm run build`, and in the image) wherever the general
 * model and sphinxbase-utils are installed; elsewhere it says so, and the transcriber listens
 * with the procedures model alone.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { interpolate, readArpa, readTrieModel, Vocabulary } from '@sopwright/server-kit/language-model';
import { listeningLanguageModel, proceduresLanguageModel } from './model-files';

const generalModel = join(process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us', 'en-us.lm.bin');
/**
 * The procedures model's share. Chosen on development narrations the procedures model was
 * built without (README, "Listening for procedures"): 0.5 and 0.7 heard as many words right.
 */
export const PROCEDURES_WEIGHT = 0.7;

/** Writes the interpolated model as ARPA text to `arpaPath`. */
export function writeListeningArpa(arpaPath: string, procedures = proceduresLanguageModel, general = generalModel): void {
  const vocabulary = new Vocabulary();
  const generalLm = readTrieModel(readFileSync(general), vocabulary);
  const proceduresLm = readArpa(gunzipSync(readFileSync(procedures)).toString('utf8'), vocabulary);
  const file = openSync(arpaPath, 'w');
  let lines: string[] = [];
  const flush = () => {
    writeSync(file, lines.join('\n') + '\n');
    lines = [];
  };
  try {
    interpolate(proceduresLm, generalLm, PROCEDURES_WEIGHT, vocabulary, (line) => {
      lines.push(line);
      if (lines.length >= 50_000) flush();
    });
    flush();
  } finally {
    closeSync(file);
  }
}

export function buildListeningModel(out = listeningLanguageModel, converter = 'sphinx_lm_convert'): void {
  const work = mkdtempSync(join(tmpdir(), 'listening-model-'));
  try {
    writeListeningArpa(join(work, 'listening.arpa'));
    // Written beside and renamed, so a recogniser starting meanwhile reads the old model or the new, never half of one.
    execFileSync(converter, ['-i', join(work, 'listening.arpa'), '-o', `${out}.partial`, '-ofmt', 'bin'], { stdio: 'ignore' });
    renameSync(`${out}.partial`, out);
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(`${out}.partial`, { force: true });
  }
}

if (require.main === module) {
  const converterFound = (() => {
    try {
      execFileSync('sphinx_lm_convert', ['-help', 'no'], { stdio: 'ignore' });
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  })();
  if (!existsSync(generalModel) || !converterFound) {
    console.log(`Listening model not built: it needs ${generalModel} (pocketsphinx-en-us) and sphinx_lm_convert (sphinxbase-utils); the transcriber listens with the procedures model alone.`);
  } else {
    const started = Date.now();
    buildListeningModel();
    console.log(`Listening model built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${listeningLanguageModel}`);
  }
}
