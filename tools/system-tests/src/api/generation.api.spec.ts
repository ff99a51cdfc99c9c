import { billingMessages, generationIdHeader, type Sop } from '@sopwright/contracts';
import { randomUUID } from 'node:crypto';
import { api, baseUrl, registerUser } from '../support/api';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

const notes =
  'First, count the cash drawer. It should match the POS report. Then put the cash in the deposit bag and seal it. ' +
  'Next, drop the bag in the safe. Finally switch off the lights.';

async function starterUser(credits: number) {
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits, key: 'test-pack', reason: 'test' });
  return user;
}

const usage = async (token: string) => (await api<{ planType: string; credits: number }>('GET', '/api/usage', { token })).body;

describe('POST /api/sop/from-text', () => {
  it('structures the notes into an SOP, spending one credit', async () => {
    const user = await starterUser(2);
    const result = await api<Sop>('POST', '/api/sop/from-text', { token: user.token, json: { title: 'Close the register', text: notes } });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ title: 'Close the register', sourceType: 'text', origin: 'text', transcript: notes });
    expect(result.body.steps.map((step) => step.title)).toEqual([
      'Count the cash drawer',
      'Put the cash in the deposit bag and seal it',
      'Drop the bag in the safe',
      'Switch off the lights',
    ]);
    expect(result.body.steps[0]!.details).toBe('It should match the POS report.');
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 1 });
    const list = await api<Sop[]>('GET', '/api/sop', { token: user.token });
    expect(list.body.map((sop) => sop.id)).toEqual([result.body.id]);
  });

  it('answers a repeated generation id with the same SOP, charging once, and says it was drafted offline', async () => {
    const user = await starterUser(2);
    const generationId = randomUUID();
    const send = () =>
      fetch(`${baseUrl()}/api/sop/from-text`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', [generationIdHeader]: generationId },
        body: JSON.stringify({ title: 'Close the register', text: notes }),
      });
    const first = (await (await send()).json()) as Sop;
    expect(first.generatedBy).toEqual({ structurer: 'offline', offline: true });
    const second = await send();
    expect(second.status).toBe(201);
    expect(((await second.json()) as Sop).id).toBe(first.id);
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 1 });
    const status = await api('GET', `/api/jobs/${generationId}`, { token: user.token });
    expect(status.body).toMatchObject({ id: generationId, state: 'completed', progress: 100, sopId: first.id });
  });

  it('refuses the free plan with a message to upgrade, creating nothing', async () => {
    const user = await registerUser();
    const result = await api('POST', '/api/sop/from-text', { token: user.token, json: { title: 'x', text: notes } });
    expect(result).toMatchObject({ status: 402, body: { message: 'Your Free plan cannot create SOPs. Upgrade your plan to continue.' } });
    expect((await api<Sop[]>('GET', '/api/sop', { token: user.token })).body).toEqual([]);
  });

  it('creates exactly one SOP when two requests race for the last credit', async () => {
    const user = await starterUser(1);
    const results = await Promise.all(
      ['A', 'B'].map((title) => api('POST', '/api/sop/from-text', { token: user.token, json: { title, text: notes } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
    expect(results.find((r) => r.status === 402)!.body).toMatchObject({ message: 'You have no credits left. Buy more credits or upgrade to Pro.' });
    expect((await api<Sop[]>('GET', '/api/sop', { token: user.token })).body).toHaveLength(1);
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 0 });
  });

  it('never charges on Pro', async () => {
    const user = await registerUser();
    await services().send(billingMessages.setPlan, { userId: user.user.id, planType: 'pro', reason: 'test' });
    for (const title of ['One', 'Two']) {
      expect((await api('POST', '/api/sop/from-text', { token: user.token, json: { title, text: notes } })).status).toBe(201);
    }
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 0 });
  });

  it('requires both a title and text', async () => {
    const user = await starterUser(1);
    for (const json of [{ title: '  ', text: notes }, { title: 'x', text: '' }, {}]) {
      const result = await api('POST', '/api/sop/from-text', { token: user.token, json });
      expect(result).toMatchObject({ status: 400, body: { message: 'Please provide both title and text' } });
    }
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 1 });
  });
});
