import { passesIbanMod97, passesLuhn, shannonEntropy } from './checksums';

describe('passesLuhn', () => {
  it('accepts published test card numbers and rejects them with one digit changed', () => {
    for (const number of ['4111111111111111', '5555555555554444', '378282246310005', '4222222222222', '6011000990139424']) {
      expect(passesLuhn(number)).toBe(true);
      const changed = number.slice(0, -1) + ((Number(number.at(-1)) + 1) % 10);
      expect(passesLuhn(changed)).toBe(false);
    }
  });
  it('rejects an empty string', () => expect(passesLuhn('')).toBe(false));
});

describe('passesIbanMod97', () => {
  it('accepts valid IBANs of several countries', () => {
    for (const iban of ['DE89370400440532013000', 'GB82WEST12345698765432', 'NL91ABNA0417164300', 'FR1420041010050500013M02606']) {
      expect(passesIbanMod97(iban)).toBe(true);
    }
  });
  it('rejects a wrong check digit and a swapped pair', () => {
    expect(passesIbanMod97('DE88370400440532013000')).toBe(false);
    expect(passesIbanMod97('DE89370400440532013')).toBe(false);
    expect(passesIbanMod97('DE89730400440532013000')).toBe(false);
  });
});

describe('shannonEntropy', () => {
  it('is 0 for one repeated character and log2(n) for n distinct ones', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcdefgh')).toBeCloseTo(3);
  });
});
