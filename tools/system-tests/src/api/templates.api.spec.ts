import { billingMessages, type Sop, type Template } from '@sopwright/contracts';
import { buildTemplateNotes } from '@sopwright/contracts/constants';
import { Client } from 'pg';
import { api, registerUser } from '../support/api';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

const seed = () => api<{ templates: number; changed: number }>('POST', '/api/templates/seed');

describe('template library API', () => {
  beforeAll(async () => {
    expect((await seed()).status).toBe(200);
  });

  it('lists the whole library without a session, with bodyJson holding the steps', async () => {
    const result = await api<Template[]>('GET', '/api/templates');
    expect(result.status).toBe(200);
    expect(result.body.length).toBeGreaterThanOrEqual(80);
    expect(new Set(result.body.map((t) => t.category)).size).toBeGreaterThanOrEqual(10);
    const body = JSON.parse(result.body[0]!.bodyJson) as { steps: { title: string; details: string }[] };
    expect(body.steps.length).toBeGreaterThanOrEqual(5);
    expect(body.steps[0]).toEqual({ title: expect.any(String), details: expect.any(String) });
  });

  it('gives back a template\'s own steps when it is loaded into Write Process and generated offline', async () => {
    const user = await registerUser();
    await services().send(billingMessages.grantCredits, { userId: user.user.id, credits: 10, key: `template-round-trip-${user.user.id}`, reason: 'test' });
    const all = (await api<Template[]>('GET', '/api/templates')).body;
    // The first template of each category, sent as the create page writes a loaded template into "Notes" (buildTemplateNotes).
    const firsts = [...new Map(all.map((template) => [template.category, template])).values()].slice(0, 10);
    for (const template of firsts) {
      const steps = (JSON.parse(template.bodyJson) as { steps: { title: string; details: string }[] }).steps;
      const text = buildTemplateNotes(steps);
      const result = await api<Sop>('POST', '/api/sop/from-text', { token: user.token, json: { title: template.title, text } });
      expect(result.status).toBe(201);
      expect(result.body.steps.map((step) => step.title)).toEqual(steps.map((step) => step.title));
      expect(result.body.steps.map((step) => step.details)).toEqual(steps.map((step) => step.details));
    }
  }, 120_000);

  it('searches title or category, ignoring case', async () => {
    const all = (await api<Template[]>('GET', '/api/templates')).body;
    const category = all[0]!.category;
    const byCategory = await api<Template[]>('GET', `/api/templates?q=${encodeURIComponent(category.toUpperCase())}`);
    expect(byCategory.body.length).toBeGreaterThanOrEqual(6);
    expect(byCategory.body.every((t) => t.category === category || t.title.toLowerCase().includes(category.toLowerCase()))).toBe(true);

    const word = all[5]!.title.split(' ')[0]!.toLowerCase();
    const byTitle = await api<Template[]>('GET', `/api/templates?q=${encodeURIComponent(word)}`);
    expect(byTitle.body.map((t) => t.id)).toContain(all[5]!.id);
  });

  it('treats hostile search input as plain text', async () => {
    for (const q of ['%', '_', "' OR 1=1 --", '\\', '<script>alert(1)</script>', '%%%___']) {
      const result = await api<Template[]>('GET', `/api/templates?q=${encodeURIComponent(q)}`);
      expect(result.status).toBe(200);
      expect(result.body).toEqual([]);
    }
    expect((await api('GET', `/api/templates?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await api('GET', '/api/templates?q=a&q=b')).status).toBe(400);
  });

  it('seeds idempotently, even when called many times at once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, seed));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const after = (await api<Template[]>('GET', '/api/templates')).body;
    expect(new Set(after.map((t) => t.id)).size).toBe(after.length);
    expect(after.length).toBe(results[0]!.body.templates);
  });

  it('puts a template whose stored content differs back in place on the next seed', async () => {
    const all = (await api<Template[]>('GET', '/api/templates')).body;
    const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
    await db.connect();
    try {
      // Simulates content that drifted from the catalogue (an older release's wording).
      await db.query(`UPDATE sop.templates SET title = 'Outdated title', checksum = 'old' WHERE id = $1`, [all[0]!.id]);
      expect((await seed()).body.changed).toBe(1);
      const restored = await db.query('SELECT title FROM sop.templates WHERE id = $1', [all[0]!.id]);
      expect(restored.rows[0].title).toBe(all[0]!.title);
      expect((await seed()).body.changed).toBe(0);
    } finally {
      await db.end();
    }
  });
});
