import { authMessages, type ConnectCode, type ExtensionConnection, type ExtensionTokenResponse, type ExtensionWhoAmI } from '@sopwright/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { api, registerUser } from '../support/api';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

const codeMessage = 'That code is not valid or has expired. Create a new one in Settings.';
const tokenMessage = 'This extension is not connected. Connect it again from Settings.';

async function connect(token: string, name = 'Chromium on Linux') {
  const code = await api<ConnectCode>('POST', '/api/extension/connect-codes', { token });
  expect(code.status).toBe(201);
  const redeemed = await api<ExtensionTokenResponse>('POST', '/api/extension/connections', { json: { code: code.body.code, name } });
  return { code: code.body, redeemed };
}

describe('connecting the capture extension', () => {
  it('trades a one-time code for a token that only the extension\'s routes accept, listed in Settings until disconnected', async () => {
    const alice = await registerUser();
    const { code, redeemed } = await connect(alice.token);
    expect(code.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(Date.parse(code.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(redeemed.status).toBe(201);
    expect(redeemed.headers.get('cache-control')).toBe('no-store');
    const { token, connection } = redeemed.body;
    expect(token).toMatch(/^spwx_[A-Za-z0-9_-]{43}$/);
    expect(connection).toMatchObject({ name: 'Chromium on Linux', lastUsedAt: null });

    const whoAmI = await api<ExtensionWhoAmI>('GET', '/api/extension/connection', { token });
    expect(whoAmI).toMatchObject({ status: 200, body: { email: alice.email, connection: { id: connection.id } } });
    expect(whoAmI.body.connection.lastUsedAt).not.toBeNull();

    // It is not a session: nothing else takes it, and a session does not pass for it.
    expect(await api('GET', '/api/auth/me', { token })).toMatchObject({ status: 401 });
    expect((await api('GET', '/api/sop', { token })).status).toBe(401);
    expect(await api('GET', '/api/extension/connection', { token: alice.token })).toMatchObject({ status: 401, body: { message: tokenMessage } });

    // The code worked once.
    expect(await api('POST', '/api/extension/connections', { json: { code: code.code } })).toMatchObject({ status: 400, body: { message: codeMessage } });

    const listed = await api<ExtensionConnection[]>('GET', '/api/extension/connections', { token: alice.token });
    expect(listed.body.map((c) => c.id)).toEqual([connection.id]);
    expect(await api('DELETE', `/api/extension/connections/${connection.id}`, { token: alice.token })).toMatchObject({ status: 204 });
    // Refused at once, and gone from the list; disconnecting again is harmless.
    expect(await api('GET', '/api/extension/connection', { token })).toMatchObject({ status: 401, body: { message: tokenMessage } });
    expect((await api<ExtensionConnection[]>('GET', '/api/extension/connections', { token: alice.token })).body).toEqual([]);
    expect((await api('DELETE', `/api/extension/connections/${connection.id}`, { token: alice.token })).status).toBe(204);
  });

  it('refuses wrong, malformed and expired codes alike, and keeps connections to their user', async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    for (const code of ['ABCD-EFGH', 'not a code', '', 'ILOU-0000']) {
      expect(await api('POST', '/api/extension/connections', { json: { code } })).toMatchObject({ status: 400, body: { message: codeMessage } });
    }
    // Lower case and without the dash is the same code.
    const fresh = await api<ConnectCode>('POST', '/api/extension/connect-codes', { token: alice.token });
    const typed = fresh.body.code.replace('-', '').toLowerCase();
    const redeemed = await api<ExtensionTokenResponse>('POST', '/api/extension/connections', { json: { code: typed } });
    expect(redeemed).toMatchObject({ status: 201, body: { connection: { name: 'Capture extension' } } });

    const expiring = await api<ConnectCode>('POST', '/api/extension/connect-codes', { token: alice.token });
    const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
    await db.connect();
    try {
      const hash = createHash('sha256').update(expiring.body.code.replace('-', '')).digest('hex');
      const { rowCount } = await db.query(`UPDATE "auth"."extension_connect_codes" SET "expires_at" = now() - interval '1 second' WHERE "code_hash" = $1`, [hash]);
      expect(rowCount).toBe(1);
      // Stored as a hash only.
      expect((await db.query(`SELECT count(*)::int AS n FROM "auth"."extension_connect_codes" WHERE "code_hash" = $1`, [expiring.body.code])).rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
    expect(await api('POST', '/api/extension/connections', { json: { code: expiring.body.code } })).toMatchObject({ status: 400, body: { message: codeMessage } });

    // Bob can neither see nor disconnect Alice's extension.
    const id = redeemed.body.connection.id;
    expect((await api<ExtensionConnection[]>('GET', '/api/extension/connections', { token: bob.token })).body).toEqual([]);
    expect(await api('DELETE', `/api/extension/connections/${id}`, { token: bob.token })).toMatchObject({ status: 404, body: { message: 'Connection not found' } });
    expect((await api('GET', '/api/extension/connection', { token: redeemed.body.token })).status).toBe(200);
    expect((await api('POST', '/api/extension/connect-codes')).status).toBe(401);
  });

  it('answers the same token when the same request is delivered twice, and nothing to anyone else with the used code', async () => {
    const alice = await registerUser();
    const code = (await api<ConnectCode>('POST', '/api/extension/connect-codes', { token: alice.token })).body.code;
    const requestId = randomUUID();
    const first = await services().send(authMessages.redeemConnectCode, { code, name: 'Edge', requestId });
    const again = await services().send(authMessages.redeemConnectCode, { code, name: 'Edge', requestId });
    expect(again).toEqual(first);
    await expect(services().send(authMessages.redeemConnectCode, { code, name: 'Edge', requestId: randomUUID() })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await api<ExtensionConnection[]>('GET', '/api/extension/connections', { token: alice.token })).body).toHaveLength(1);
  });
});
