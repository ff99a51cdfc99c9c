import { findSensitive } from './find-sensitive';
import { maskSensitive, maskWords } from './mask-sensitive';

const sample = 'Email ann@example.com, card 4111 1111 1111 1111, IBAN DE89370400440532013000, call +44 20 7946 0958 from 10.0.0.7 with sk_live_4eC39HqLyjWDarjtT1zdp7dc.';

describe('findSensitive', () => {
  it('returns every kind, sorted and with offsets into the text', () => {
    const found = findSensitive(sample);
    expect(found.map((match) => match.kind)).toEqual(['email', 'card', 'iban', 'phone', 'ip', 'secret']);
    for (const match of found) expect(sample.slice(match.start, match.end)).toBe(match.value);
  });

  it('gives a value to one detector only: an email whose local part is a long token stays an email', () => {
    const found = findSensitive('to Zq8v3LmK1pR7sT0wX5yA2bC9dE4fG6hJ8kN1mP3q@example.com');
    expect(found.map((match) => match.kind)).toEqual(['email']);
  });
});

describe('maskSensitive', () => {
  it('replaces each value with a readable placeholder and leaves the rest as it was', () => {
    expect(maskSensitive(sample).text).toBe('Email [email], card [card], IBAN [iban], call [phone] from [ip] with [secret].');
  });
  it('leaves text without sensitive values unchanged', () => {
    const text = 'Open Settings > Billing, version 2.4.1, on 2026-11-25 at 12:30, total $1,234.56.';
    expect(maskSensitive(text)).toEqual({ text, found: [] });
  });
});

describe('maskWords', () => {
  it('masks a value spoken over several words, keeping one word per word', () => {
    const words = ['my', 'card', 'is', '4111', '1111', '1111', '1111,', 'thanks'];
    expect(maskWords(words)).toEqual(['my', 'card', 'is', '[card]', '', '', ',', 'thanks']);
  });
  it('masks two values in one word', () => {
    expect(maskWords(['mail', 'a@example.com,b@example.org'])).toEqual(['mail', '[email],[email]']);
  });
});
