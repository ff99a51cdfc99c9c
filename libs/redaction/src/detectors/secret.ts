import { shannonEntropy } from '../checksums';
import { matchesOf, type Detector } from '../types';

/** Tokens that announce themselves: provider prefixes, JWTs and PEM private keys. */
const knownSecretPattern = new RegExp(
  [
    'sk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}', // OpenAI, Anthropic
    '(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}', // Stripe secret and restricted keys
    'gh[pousr]_[A-Za-z0-9]{30,}', // GitHub tokens
    'github_pat_[A-Za-z0-9_]{40,}',
    'xox[abposr]-[A-Za-z0-9-]{10,}', // Slack
    '(?:AKIA|ASIA)[0-9A-Z]{16}', // AWS access key ids
    'AIza[0-9A-Za-z_-]{35}', // Google API keys
    'glpat-[A-Za-z0-9_-]{20,}', // GitLab
    'eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}', // JWT: base64url JSON header, payload, signature
  ]
    .map((source) => `(?<![A-Za-z0-9_-])${source}`)
    .join('|') + '|-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----',
  'g',
);

// Keys are random: a digit or a capital somewhere. An all-lower-case match is a hyphenated
// word that happens to start like a prefix ("sk-learn-compatible-estimator-wrapper").
export const findKnownSecrets: Detector = (text) => matchesOf(text, knownSecretPattern, 'secret', (value) => /[\dA-Z]/.test(value));

// Runs of token characters at least 32 long (base64 and base64url alphabets).
const tokenPattern = /(?<![A-Za-z0-9_+/=-])[A-Za-z0-9_+/=-]{32,}(?![A-Za-z0-9_+/=-])/g;

/**
 * A long run of letters and digits that reads as random. Needs letters and at least three
 * digits (long words, compound identifiers and kebab-case slugs have few or none) and an
 * entropy close to what random characters give for its length. Pure hexadecimal is not
 * taken: git SHAs, checksums, UUIDs and colour codes are identifiers people share on
 * purpose; hex-bodied keys with a known prefix are still caught above.
 */
export function looksRandom(token: string): boolean {
  const body = token.replace(/[-_+/=]/g, '');
  if (body.length < 32 || /^[0-9a-f]+$/i.test(body)) return false;
  const digits = body.replace(/\D/g, '').length;
  if (digits < 3 || digits === body.length) return false;
  // Random base62 text of length n spreads over about min(n, 62) symbols: demand 80% of log2 of that.
  return shannonEntropy(body) >= 0.8 * Math.log2(Math.min(body.length, 62));
}

export const findRandomTokens: Detector = (text) => matchesOf(text, tokenPattern, 'secret', looksRandom);
