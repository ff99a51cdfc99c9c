import { findSensitive } from '../find-sensitive';

const secrets = (text: string) => findSensitive(text).filter((match) => match.kind === 'secret').map((match) => match.value);

describe('secrets', () => {
  it.each([
    ['an OpenAI key', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv'],
    ['a Stripe key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    ['a GitHub token', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
    ['a Slack token', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKl'],
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['a random 40-character token', 'Zq8v3LmK1pR7sT0wX5yA2bC9dE4fG6hJ8kN1mP3q'],
  ])('finds %s in prose', (_what, secret) => {
    expect(secrets(`use ${secret} to sign in`)).toEqual([secret]);
  });

  it('finds a PEM private key block whole', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1b2c3\n-----END RSA PRIVATE KEY-----';
    expect(secrets(`key:\n${pem}\nthanks`)).toEqual([pem]);
  });

  // A git SHA, checksum or UUID is an identifier people share on purpose (and all hex): not a secret.
  it.each([
    ['a git SHA', 'fixed in 3f786850e387550fdab836ed7e6dc57c4b2c1b0d'],
    ['a SHA-256', 'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
    ['a UUID', 'id 550e8400-e29b-41d4-a716-446655440000'],
    ['hex colour codes', 'colours #ff00aa #1e90ff #FFFFFF'],
    ['a long word', 'Pneumonoultramicroscopicsilicovolcanoconiosis'],
    ['a long identifier', 'call getUserAccountSettingsForOrganization2024 first'],
    ['a kebab-case slug', 'see my-very-long-kebab-case-identifier-2024-v2-final'],
    ['a short sk- word', 'install sk-learn'],
    ['a hyphenated word with a key prefix', 'wrap it in an sk-learn-compatible-estimator-wrapper'],
  ])('does not take %s', (_what, text) => {
    expect(findSensitive(text)).toEqual([]);
  });
});
