/**
 * Trigram backoff language models for the offline recogniser (pocketsphinx): read from ARPA
 * text or sphinxbase's trie binary, and interpolated. The generation service builds its
 * listening model with them; the benchmarks build the procedures model.
 */
export * from './backoff-trigram';
export * from './interpolate';
export * from './sphinx-trie-model';
