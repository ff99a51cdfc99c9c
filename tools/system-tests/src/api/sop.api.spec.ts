import type { Sop, SopPage, SopVersionSummary } from '@sopwright/contracts';
import { api, registerUser } from '../support/api';
import { seedSop, tinyPng, upload } from '../support/fixtures';
import { closeServices } from '../support/services';

afterAll(closeServices);

const errorBody = (statusCode: number, message: string) => ({ statusCode, message, error: expect.any(String) });

describe('SOP library API', () => {
  it("lists only the user's own SOPs, newest first, with stepsJson", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    await seedSop(alice.user.id, 'First');
    await seedSop(bob.user.id, 'Not yours');
    const second = await seedSop(alice.user.id, 'Second', { sourceType: 'video', transcript: 'so first you open it' });

    const list = await api<Sop[]>('GET', '/api/sop', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.map((sop) => sop.title)).toEqual(['Second', 'First']);
    expect(JSON.parse(list.body[0]!.stepsJson)).toEqual(second.steps);
    expect(list.body[0]).toMatchObject({ sourceType: 'video', transcript: 'so first you open it', version: 1 });
  });

  it('pages summaries with limit and cursor, selecting only what the library shows', async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    for (const title of ['One', 'Two', 'Three']) await seedSop(alice.user.id, title);
    await seedSop(bob.user.id, 'Not yours');

    const first = await api<SopPage>('GET', '/api/sop?limit=2', { token: alice.token });
    expect(first.status).toBe(200);
    expect(first.body.items.map((summary) => summary.title)).toEqual(['Three', 'Two']);
    expect(Object.keys(first.body.items[0]!).sort()).toEqual(['createdAt', 'firstStepTitle', 'generatedBy', 'id', 'nextReviewAt', 'origin', 'sourceType', 'status', 'stepCount', 'title', 'updatedAt', 'version']);
    const second = await api<SopPage>('GET', `/api/sop?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`, { token: alice.token });
    expect(second.body).toEqual({ items: [expect.objectContaining({ title: 'One' })], nextCursor: null });

    expect(await api('GET', '/api/sop?limit=0', { token: alice.token })).toMatchObject({ status: 400, body: errorBody(400, 'limit must be a whole number from 1 to 100') });
    expect(await api('GET', '/api/sop?limit=500', { token: alice.token })).toMatchObject({ status: 400, body: errorBody(400, 'limit must be a whole number from 1 to 100') });
    expect(await api('GET', '/api/sop?limit=2&cursor=forged', { token: alice.token })).toMatchObject({
      status: 400,
      body: errorBody(400, 'This page link is not valid any more. Reload the list.'),
    });
  });

  it("answers another user's SOP exactly like a missing one", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const sop = await seedSop(alice.user.id, 'Private');
    const asBob = await api('GET', `/api/sop/${sop.id}`, { token: bob.token });
    const missing = await api('GET', '/api/sop/00000000-0000-4000-8000-000000000000', { token: bob.token });
    const malformed = await api('GET', '/api/sop/not-an-id', { token: bob.token });
    for (const result of [asBob, missing, malformed]) expect(result).toMatchObject({ status: 404, body: errorBody(404, 'SOP not found') });

    const update = await api('PUT', `/api/sop/${sop.id}`, { token: bob.token, json: { title: 'Mine now', steps: [] } });
    expect(update.status).toBe(404);
    expect((await api<Sop>('GET', `/api/sop/${sop.id}`, { token: alice.token })).body.title).toBe('Private');
    expect((await api('GET', `/api/sop/${sop.id}/versions`, { token: bob.token })).status).toBe(404);
    expect((await api('GET', `/api/sop/${sop.id}/export/html`, { token: bob.token })).status).toBe(404);
  });

  it('saves title and steps, and validates them', async () => {
    const alice = await registerUser();
    const sop = await seedSop(alice.user.id, 'Draft');
    const steps = [
      { title: 'Check the stock level', details: 'Count the boxes on shelf B.' },
      { title: 'Reorder when under 10', details: '' },
    ];
    const saved = await api<Sop>('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: { title: '  Restock shelves ', steps } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Restock shelves', steps, version: 2 });

    const blank = await api('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: { title: '   ', steps } });
    expect(blank).toMatchObject({ status: 400, body: errorBody(400, 'SOP title cannot be empty') });
    const untitledStep = await api('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: { title: 'x', steps: [{ title: '', details: 'd' }] } });
    expect(untitledStep).toMatchObject({ status: 400, body: errorBody(400, 'Each step needs a title') });
    const hotlink = await api('PUT', `/api/sop/${sop.id}`, {
      token: alice.token,
      json: { title: 'x', steps: [{ title: 'a', details: '', imageUrls: ['https://example.com/cat.png'] }] },
    });
    expect(hotlink).toMatchObject({ status: 400, body: errorBody(400, 'Images must be uploaded to Sopwright before they are attached') });
    expect((await api<Sop>('GET', `/api/sop/${sop.id}`, { token: alice.token })).body.title).toBe('Restock shelves');
  });

  it("refuses to attach another user's uploaded image", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const sop = await seedSop(alice.user.id, 'Mine');
    const bobsImage = await upload('/api/sop/upload-image', 'image', { bytes: tinyPng, name: 'b.png' }, bob.token);
    expect(bobsImage.status).toBe(200);
    const result = await api('PUT', `/api/sop/${sop.id}`, {
      token: alice.token,
      json: { title: 'Mine', steps: [{ title: 'a', details: '', imageUrls: [bobsImage.body!.imageUrl] }] },
    });
    expect(result.status).toBe(400);

    const ownImage = await upload('/api/sop/upload-image', 'image', { bytes: tinyPng, name: 'a.png' }, alice.token);
    const ok = await api<Sop>('PUT', `/api/sop/${sop.id}`, {
      token: alice.token,
      json: { title: 'Mine', steps: [{ title: 'a', details: '', imageUrls: [ownImage.body!.imageUrl, ownImage.body!.imageUrl] }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.steps[0]!.imageUrls).toHaveLength(2);
  });

  it('keeps every earlier version and restores one', async () => {
    const alice = await registerUser();
    const sop = await seedSop(alice.user.id, 'Version one');
    await api('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: { title: 'Version two', steps: [{ title: 'Only step', details: '' }] } });
    await api('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: { title: 'Version three', steps: [] } });

    const versions = await api<SopVersionSummary[]>('GET', `/api/sop/${sop.id}/versions`, { token: alice.token });
    expect(versions.body.map((v) => [v.version, v.title, v.stepCount])).toEqual([
      [2, 'Version two', 1],
      [1, 'Version one', 2],
    ]);
    const first = versions.body[1]!;
    const detail = await api<{ steps: unknown[] }>('GET', `/api/sop/${sop.id}/versions/${first.id}`, { token: alice.token });
    expect(detail.body.steps).toEqual(sop.steps);

    const restored = await api<Sop>('POST', `/api/sop/${sop.id}/versions/${first.id}/restore`, { token: alice.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: 'Version one', steps: sop.steps, version: 4 });
    const after = await api<SopVersionSummary[]>('GET', `/api/sop/${sop.id}/versions`, { token: alice.token });
    expect(after.body.map((v) => v.title)).toEqual(['Version three', 'Version two', 'Version one']);
  });

  it('makes no new version when nothing changed, so a save delivered twice is one save', async () => {
    const alice = await registerUser();
    const sop = await seedSop(alice.user.id, 'Unchanged');
    const content = { title: 'Changed once', steps: [{ title: 'Only step', details: 'Exactly this' }] };
    const first = await api<Sop>('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: content });
    const again = await api<Sop>('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: content });
    expect([first.body.version, again.body.version]).toEqual([2, 2]);
    expect((await api<SopVersionSummary[]>('GET', `/api/sop/${sop.id}/versions`, { token: alice.token })).body).toHaveLength(1);
  });

  it('keeps both contents when two saves race', async () => {
    const alice = await registerUser();
    const sop = await seedSop(alice.user.id, 'Racing');
    const [a, b] = await Promise.all(
      ['Edit A', 'Edit B'].map((title) => api<Sop>('PUT', `/api/sop/${sop.id}`, { token: alice.token, json: { title, steps: [] } })),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect([a!.body.version, b!.body.version].sort()).toEqual([2, 3]);
    const versions = await api<SopVersionSummary[]>('GET', `/api/sop/${sop.id}/versions`, { token: alice.token });
    expect(versions.body).toHaveLength(2);
  });


  it('requires a session', async () => {
    expect((await api('GET', '/api/sop')).status).toBe(401);
  });
});
