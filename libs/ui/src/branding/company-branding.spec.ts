import { companyNameChanged, companyNameUpdate, companyNameValue } from './company-branding';

describe('company branding form', () => {
  it('shows the saved name until the user edits it', () => {
    expect(companyNameValue(null, 'Acme')).toBe('Acme');
    expect(companyNameValue(null, null)).toBe('');
    expect(companyNameValue(null, undefined)).toBe('');
    expect(companyNameValue('', 'Acme')).toBe('');
    expect(companyNameValue('Acme Ltd', 'Acme')).toBe('Acme Ltd');
  });

  it('trims the name and clears it when blank', () => {
    expect(companyNameUpdate('  Acme  ')).toEqual({ companyName: 'Acme' });
    expect(companyNameUpdate('   ')).toEqual({ companyName: null });
  });

  it('knows whether the name changed', () => {
    expect(companyNameChanged('Acme ', 'Acme')).toBe(false);
    expect(companyNameChanged('', null)).toBe(false);
    expect(companyNameChanged('Acme', null)).toBe(true);
    expect(companyNameChanged('', 'Acme')).toBe(true);
  });
});
