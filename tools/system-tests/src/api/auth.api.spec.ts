import { SESSION_COOKIE } from '@sopwright/contracts';
import { Client } from 'pg';
import { api, registerUser, uniqueEmail } from '../support/api';

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

describe('errors for bad input', () => {
  it('answers malformed JSON with a JSON 400', async () => {
    const result = await api('POST', '/api/auth/login', { rawBody: '{"email": "a@b.co",' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(errorShape(400, 'The request body is not valid JSON'));
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
      expect(tables.rows.map((r) => r.table_name)).toEqual(['migrations', 'users']);
      const publicTables = await db.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
      expect(publicTables.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });
});
