import { findRoute, redirectFor, routeTable } from './route-table';

describe('findRoute', () => {
  it.each([
    ['/', 'landing'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/dashboard', 'dashboard'],
    ['/create', 'create'],
    ['/sop/3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31', 'sop'],
    ['/templates', 'templates'],
    ['/pricing', 'pricing'],
    ['/billing', 'billing'],
    ['/billing/portal', 'billingPortal'],
    ['/checkout/6d0f7a52-9b1e-4f0c-8c43-5a9e2d1b7c10', 'checkout'],
    ['/settings/profile', 'profile'],
    ['/workspace/members', 'workspaceMembers'],
    ['/workspace/activity', 'workspaceActivity'],
    ['/invite/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5', 'invitation'],
    ['/s/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5', 'sharedSop'],
    ['/dashboard/', 'dashboard'],
  ])('matches %s to the %s page', (pathname, page) => {
    expect(findRoute(pathname).page).toBe(page);
  });

  it.each(['/nonexistent', '/sop', '/sop/1/extra', '/settings', '/templates/abc', '/checkout', '/billing/portal/x', '/workspace', '/invite', '/invite/a/b'])('sends %s to the 404 page', (pathname) => {
    expect(findRoute(pathname).page).toBe('notFound');
  });
});

describe('redirectFor', () => {
  it('sends visitors of protected pages to /login', () => {
    const protectedPaths = routeTable.filter((route) => route.access === 'session').map((route) => route.path);
    expect(protectedPaths.sort()).toEqual(['/billing', '/billing/portal', '/checkout/:checkoutId', '/create', '/dashboard', '/settings/profile', '/sop/:id', '/workspace/activity', '/workspace/members']);
    expect(redirectFor('session', false)).toBe('/login');
    expect(redirectFor('session', true)).toBeNull();
  });

  it('sends logged-in users away from login and register to /dashboard', () => {
    expect(redirectFor('guest', true)).toBe('/dashboard');
    expect(redirectFor('guest', false)).toBeNull();
  });

  it("sends them where ?next= says instead, when it is a path on this site", () => {
    expect(redirectFor('guest', true, '?next=%2Finvite%2Fabc')).toBe('/invite/abc');
    expect(redirectFor('guest', true, '?next=%2F%2Fevil.example')).toBe('/dashboard');
    expect(redirectFor('guest', false, '?next=%2Finvite%2Fabc')).toBeNull();
  });

  it('lets anyone open an invitation link, signed in or not', () => {
    expect(findRoute('/invite/abc').access).toBe('public');
    expect(findRoute('/invite/abc').chrome).toBe('by-session');
  });

  it('lets everyone see public pages, including templates and pricing', () => {
    expect(findRoute('/templates').access).toBe('public');
    expect(findRoute('/pricing').access).toBe('public');
    expect(redirectFor('public', false)).toBeNull();
    expect(redirectFor('public', true)).toBeNull();
  });
});
