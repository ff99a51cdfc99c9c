import { connectCodePattern as contractPattern } from '@sopwright/contracts';
import { browserName, connectCodePattern, isConnectCode } from './connect';

describe('connecting', () => {
  it('reads codes as the server does', () => {
    expect(connectCodePattern.source).toBe(contractPattern.source);
    expect(isConnectCode(' abcd-2345 ')).toBe(true);
    expect(isConnectCode('ABCD2345')).toBe(true);
    expect(isConnectCode('ABCD-ILOU')).toBe(false);
    expect(isConnectCode('spwx_0123456789abcdef')).toBe(false);
  });

  it('names the browser for Settings', () => {
    expect(browserName({ brands: [{ brand: 'Not)A;Brand' }, { brand: 'Chromium' }, { brand: 'Google Chrome' }], platform: 'Linux' })).toBe('Google Chrome on Linux');
    expect(browserName({ brands: [{ brand: 'Chromium' }, { brand: 'Not=A?Brand' }], platform: 'Windows' })).toBe('Chromium on Windows');
    expect(browserName(undefined)).toBe('Browser');
  });
});
