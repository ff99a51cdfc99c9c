import { findSensitive } from '../find-sensitive';

const kinds = (text: string) => findSensitive(text).map(({ kind, value }) => [kind, value]);

describe('payment card numbers', () => {
  it('finds Luhn-valid numbers written solid, in groups of four, with dashes, and Amex 4-6-5', () => {
    expect(kinds('Card 4111 1111 1111 1111 exp 12/27.')).toEqual([['card', '4111 1111 1111 1111']]);
    expect(kinds('paid with 5555-5555-5555-4444, thanks')).toEqual([['card', '5555-5555-5555-4444']]);
    expect(kinds('amex 3782 822463 10005')).toEqual([['card', '3782 822463 10005']]);
    expect(kinds('4222222222222 (13 digits)')).toEqual([['card', '4222222222222']]);
  });
  it('does not take a 16-digit number that fails Luhn, nor mixed separators', () => {
    expect(kinds('Card 4111 1111 1111 1112 was declined')).toEqual([]);
    expect(kinds('ref 4111-1111 1111-1111')).toEqual([]);
  });
  it('does not take a Luhn-valid number inside a longer number or a decimal', () => {
    expect(kinds('batch 94111111111111111')).toEqual([]);
    expect(kinds('total 0.4111111111111111')).toEqual([]);
  });
});

describe('IBANs', () => {
  it('finds mod-97-valid IBANs, grouped or solid', () => {
    expect(kinds('Pay to DE89 3704 0044 0532 0130 00 by Friday')).toEqual([['iban', 'DE89 3704 0044 0532 0130 00']]);
    expect(kinds('IBAN: GB82WEST12345698765432.')).toEqual([['iban', 'GB82WEST12345698765432']]);
    expect(kinds('FR14 2004 1010 0505 0001 3M02 606')).toEqual([['iban', 'FR14 2004 1010 0505 0001 3M02 606']]);
  });
  it('stops before a following word of four characters', () => {
    expect(kinds('NL91 ABNA 0417 1643 00 THEN pay')).toEqual([['iban', 'NL91 ABNA 0417 1643 00']]);
    expect(kinds('NL91 ABNA 0417 1643 00 PAID')).toEqual([['iban', 'NL91 ABNA 0417 1643 00']]);
  });
  it('does not take an IBAN with a wrong check digit', () => {
    expect(kinds('Pay to DE88 3704 0044 0532 0130 00')).toEqual([]);
  });
});
