import { addSite, isExcluded, serverOrigin, siteOf } from './sites';

describe('excluded sites', () => {
  it('keeps entries as hosts, however they are pasted', () => {
    expect(siteOf('https://Bank.Example.com/login?x=1')).toBe('bank.example.com');
    expect(siteOf('*.example.com')).toBe('example.com');
    expect(siteOf('intranet:8443')).toBe('intranet');
    expect(siteOf('  ')).toBeNull();
    expect(siteOf('not a site!')).toBeNull();
  });

  it('covers the host and its subdomains, not look-alikes', () => {
    const excluded = ['example.com'];
    expect(isExcluded('https://example.com/a', excluded)).toBe(true);
    expect(isExcluded('https://app.example.com/a', excluded)).toBe(true);
    expect(isExcluded('https://notexample.com/a', excluded)).toBe(false);
    expect(isExcluded('https://example.com.evil.test/a', excluded)).toBe(false);
  });

  it('counts what is not a web page as excluded', () => {
    expect(isExcluded('chrome://settings', [])).toBe(true);
    expect(isExcluded('chrome-extension://abc/popup.html', [])).toBe(true);
    expect(isExcluded('https://a.test/', [])).toBe(false);
  });

  it('adds a site once, sorted', () => {
    expect(addSite(['b.test'], 'https://a.test/x')).toEqual(['a.test', 'b.test']);
    expect(addSite(['a.test'], 'A.test')).toEqual(['a.test']);
    expect(addSite([], '???')).toBeNull();
  });
});

describe('serverOrigin', () => {
  it('keeps the scheme, host and port, and assumes https', () => {
    expect(serverOrigin('https://sop.example.com/dashboard')).toBe('https://sop.example.com');
    expect(serverOrigin('sop.example.com')).toBe('https://sop.example.com');
    expect(serverOrigin('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(serverOrigin('ftp://x.test')).toBeNull();
    expect(serverOrigin('')).toBeNull();
  });
});
