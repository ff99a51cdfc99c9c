import { returnPathIn, safeReturnPath, withReturnPath } from './return-path';

describe('the return path after signing in', () => {
  it.each(['/invite/abc_DEF-123', '/dashboard', '/sop/3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31?tab=history#step-2', '/workspace/members'])('follows the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'dashboard',
    '//evil.example/invite/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/invite/x',
    'javascript:alert(1)',
    ' /dashboard',
    '/login',
    '/register?next=/dashboard',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('carries a safe path to login and register, and drops an unsafe one', () => {
    expect(withReturnPath('/login', '/invite/abc')).toBe('/login?next=%2Finvite%2Fabc');
    expect(withReturnPath('/register', '/invite/abc')).toBe('/register?next=%2Finvite%2Fabc');
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
    expect(withReturnPath('/login', null)).toBe('/login');
  });

  it('reads it back from the query string', () => {
    expect(returnPathIn('?next=%2Finvite%2Fabc')).toBe('/invite/abc');
    expect(returnPathIn('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });
});
