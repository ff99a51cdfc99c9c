import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The offline recogniser's language models. The procedures model is committed (rebuilt by
 * `npm run build:speech-model -w @sopwright/bench`); the listening model is built from it and
 * Debian's general model after the service's build (build-listening-model), beside it; git
 * ignores it, nx keeps it with the build's output.
 */
export const proceduresLanguageModel = join(__dirname, '../../assets/procedures-en-us.lm.gz');
export const listeningLanguageModel = join(__dirname, '../../assets/listening-en-us.lm.bin');

/** The listening model where it was built, else the procedures model alone. */
export const defaultLanguageModel = (): string => (existsSync(listeningLanguageModel) ? listeningLanguageModel : proceduresLanguageModel);
