import { SESSION_COOKIE } from '@sopwright/contracts';
import { Client } from 'pg';
import { api, baseUrl, registerUser, uniqueEmail } from '../support/api';

const errorShape = (statusCode: number, message: string) => ({ statusCode, message, error: expect.any(String) });

describe('POST /api/auth/register', () => {
  it('creates an account with a normalised email and starts a session', async () => {
    const email = uniqueEmail('Mixed');
    const result = await api<{ token: string; user: { id: string; email: string } }>('POST', '/api/auth/register', {
      json: { email: `  ${email.toUpperCase()}  `, password: 'secret1' },
    });
    expect(result.status).toBe(201);
    expect(result.body.user).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: email.toLowerCase() });
    expect(result.body.token.split('.')).toHaveLength(3);

    const cookie = result.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${SESSION_COOKIE}=${result.body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("refuses a short password with the spec's message", async () => {
    const result = await api('POST', '/api/auth/register', { json: { email: uniqueEmail(), password: '12345' } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(errorShape(400, 'Password must be at least 6 characters'));
  });

  it('requires email and password', async () => {
    const result = await api('POST', '/api/auth/register', { json: {} });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(errorShape(400, 'Email and password are required'));
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const { email } = await registerUser();
    const result = await api('POST', '/api/auth/register', { json: { email: email.toUpperCase(), password: 'another1' } });
    expect(result.status).toBe(409);
    expect(result.body).toEqual(errorShape(409, 'An account with this email already exists'));
  });

  it('lets exactly one of several simultaneous sign-ups for one email win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', '/api/auth/register', { json: { email, password: 'secret12' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('stores only a slow argon2id hash of the password', async () => {
    const { user, password } = await registerUser();
    const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
    await db.connect();
    try {
      const rows = await db.query('SELECT password_hash FROM auth.users WHERE id = $1', [user.id]);
      expect(rows.rows[0].password_hash).toMatch(/^\$argon2id\$/);
      expect(rows.rows[0].password_hash).not.toContain(password);
    } finally {
      await db.end();
    }
  });
});

describe('POST /api/auth/login', () => {
  it('returns the token and user and sets the session cookie', async () => {
    const { email, password, user } = await registerUser();
    const result = await api<{ token: string; user: unknown }>('POST', '/api/auth/login', { json: { email: ` ${email.toUpperCase()}`, password } });
    expect(result.status).toBe(200);
    expect(result.body.user).toEqual(user);
    expect(result.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { email } = await registerUser();
    const wrongPassword = await api('POST', '/api/auth/login', { json: { email, password: 'not-the-password' } });
    const unknownEmail = await api('POST', '/api/auth/login', { json: { email: uniqueEmail('nobody'), password: 'whatever1' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body).toEqual(errorShape(401, 'Invalid email or password'));
  });
});

describe('sessions at the gateway', () => {
  it('accepts the bearer header', async () => {
    const { token, user } = await registerUser();
    expect(await api('GET', '/api/auth/me', { token })).toMatchObject({ status: 200, body: user });
  });

  it('accepts the session cookie alone, as a new tab sends it', async () => {
    const { token, user } = await registerUser();
    expect(await api('GET', '/api/auth/me', { cookie: `${SESSION_COOKIE}=${token}` })).toMatchObject({ status: 200, body: user });
  });

  it('refuses a missing, forged or tampered token with a JSON 401', async () => {
    const { token } = await registerUser();
    const [header, payload] = token.split('.');
    for (const bad of [undefined, 'not-a-jwt', `${header}.${payload}.forged-signature`]) {
      const result = await api('GET', '/api/auth/me', { token: bad });
      expect(result.status).toBe(401);
      expect(result.body).toEqual(errorShape(401, 'Please log in to continue'));
    }
  });

  it('logout clears the session cookie', async () => {
    const result = await api('POST', '/api/auth/logout');
    expect(result.status).toBe(204);
    const cookie = result.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${SESSION_COOKIE}=;`);
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('sessions that other sites cannot use and users can end', () => {
  const putProfile = (token: string, headers: Record<string, string>) =>
    fetch(`${baseUrl()}/api/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, ...headers },
      body: JSON.stringify({ companyName: 'Changed by someone' }),
    });

  it('refuses the cookie on a change sent from another origin, even a sibling subdomain', async () => {
    const { token } = await registerUser();
    expect((await putProfile(token, { 'sec-fetch-site': 'same-site', origin: 'https://evil.example.com' })).status).toBe(401);
    expect((await putProfile(token, { 'sec-fetch-site': 'cross-site' })).status).toBe(401);
    expect((await putProfile(token, { origin: 'https://evil.example.com' })).status).toBe(401);
    expect((await putProfile(token, {})).status).toBe(401);
    expect((await api('GET', '/api/profile', { token })).body).toMatchObject({ companyName: null });
    // The app's own pages may: the browser says the request is same-origin.
    expect((await putProfile(token, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await api('GET', '/api/profile', { token })).body).toMatchObject({ companyName: 'Changed by someone' });
  });

  it('logout ends the session at once, as bearer and as cookie', async () => {
    const { token } = await registerUser();
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(401);
  });

  it('log out everywhere ends every session of the user, and a new login works', async () => {
    const { token, email, password } = await registerUser();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a second session, issued later
    const other = await api<{ token: string }>('POST', '/api/auth/login', { json: { email, password } });
    const bystander = await registerUser();
    expect((await api('POST', '/api/auth/logout-all', { token: other.body.token })).status).toBe(204);
    for (const ended of [token, other.body.token]) expect((await api('GET', '/api/auth/me', { token: ended })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: bystander.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // tokens carry whole seconds
    const again = await api<{ token: string }>('POST', '/api/auth/login', { json: { email, password } });
    expect((await api('GET', '/api/auth/me', { token: again.body.token })).status).toBe(200);
  });

  it('compresses scripts and JSON for browsers that ask', async () => {
    const index = await (await fetch(`${baseUrl()}/`)).text();
    const script = /src=["']?(\/main\.js[^"' >]*)/.exec(index)![1]!;
    const gzipped = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // The body is the same script either way (fetch inflates it).
    expect(await gzipped.text()).toBe(await plain.text());
    const { token } = await registerUser();
    await api('POST', '/api/templates/seed', { token });
    expect((await fetch(`${baseUrl()}/api/templates`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip');
  });

  it('sends security headers with the app and the API', async () => {
    for (const path of ['/', '/dashboard', '/api/health']) {
      const response = await fetch(`${baseUrl()}${path}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect([path, policy]).toEqual([path, expect.stringContaining("frame-ancestors 'none'")]);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('errors for bad input', () => {
  it('answers malformed JSON with a JSON 400', async () => {
    const result = await api('POST', '/api/auth/login', { rawBody: '{"email": "a@b.co",' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(errorShape(400, 'The request body is not valid JSON'));
  });

  it('refuses control characters in any text, body or query, with a 400 and loses nothing', async () => {
    const { token } = await registerUser();
    const refused = errorShape(400, 'Text must not contain control characters');
    expect(await api('PUT', '/api/profile', { token, json: { companyName: 'Acme\u0000 Ltd' } })).toMatchObject({ status: 400, body: refused });
    expect(await api('POST', '/api/sop/from-text', { token, json: { title: 'Night close', text: 'Lock up.\u0000' } })).toMatchObject({ status: 400, body: refused });
    expect(await api('POST', '/api/auth/register', { json: { email: 'nul\u0000@example.com', password: 'correct-horse' } })).toMatchObject({ status: 400 });
    expect(await api('GET', '/api/templates?search=a%00b', { token })).toMatchObject({ status: 400, body: refused });
    expect((await api('GET', '/api/profile', { token })).body).toMatchObject({ companyName: null });
    // Tabs and line breaks are text.
    expect((await api('PUT', '/api/profile', { token, json: { companyName: 'Acme\tLtd' } })).status).toBe(200);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const result = await api('GET', '/api/definitely-not-a-route');
    expect(result.status).toBe(404);
    expect(result.body).toEqual(errorShape(404, expect.any(String)));
  });

  it('never turns wrongly typed fields into a 500', async () => {
    for (const json of [{ email: 42, password: ['x'] }, [], 'text', null, { email: 'a@b.co', password: 'x'.repeat(5000) }]) {
      const result = await api('POST', '/api/auth/register', { json });
      expect(result.status).toBe(400);
      expect(result.body).toEqual(errorShape(400, expect.any(String)));
    }
  });
});

describe('service data ownership', () => {
  it('keeps the auth tables and their migration history in the auth schema', async () => {
    const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
    await db.connect();
    try {
      const tables = await db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'auth' ORDER BY 1");
      expect(tables.rows.map((r) => r.table_name)).toEqual(['extension_connect_codes', 'extension_connections', 'migrations', 'users', 'workspace_invitations', 'workspace_members', 'workspaces']);
      const publicTables = await db.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
      expect(publicTables.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });
});
