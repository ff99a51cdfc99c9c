import { billingMessages, type Sop } from '@sopwright/contracts';
import { api, baseUrl, registerUser } from '../support/api';
import { receivedSpans, type ReceivedSpan } from '../support/otlp-receiver';
import { readUntil } from '../support/poll';
import { closeServices, services } from '../support/services';

/**
 * Traces of the real stack: the global setup runs every service with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP receiver, so these tests read back
 * what an operator's collector would get.
 */

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

afterAll(async () => {
  await closeServices();
});

/** Reads the trace until `done` holds: services export in batches, a fraction of a second after the work. */
const traceOf = (traceId: string, done: (spans: ReceivedSpan[]) => boolean) => readUntil(() => receivedSpans(traceId), done, 20_000, 200);

const find = (spans: ReceivedSpan[], match: Partial<Pick<ReceivedSpan, 'service' | 'kind' | 'name'>> & { namePrefix?: string }) =>
  spans.filter(
    (span) =>
      (match.service === undefined || span.service === match.service) &&
      (match.kind === undefined || span.kind === match.kind) &&
      (match.name === undefined || span.name === match.name) &&
      (match.namePrefix === undefined || span.name.startsWith(match.namePrefix)),
  );

const one = (spans: ReceivedSpan[], match: Parameters<typeof find>[1]): ReceivedSpan => {
  const found = find(spans, match);
  if (found.length !== 1) throw new Error(`expected one span ${JSON.stringify(match)}, found ${found.length}: ${spans.map((span) => `${span.service}/${span.name}`).join(', ')}`);
  return found[0]!;
};

/** A span's parent chain up to the trace's root, as "service/name" from the root down. */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): string[] {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  const chain: string[] = [];
  for (let current: ReceivedSpan | undefined = span; current; current = current.parentSpanId ? byId.get(current.parentSpanId) : undefined) {
    chain.unshift(`${current.service}/${current.name}`);
  }
  return chain;
}

async function starterUser() {
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits: 2, key: 'tracing-pack', reason: 'test' });
  return user;
}

describe('tracing', () => {
  it('follows a text generation from the gateway over the Redis transport and the queue into the worker, its stages and the SOP save, as one trace', async () => {
    const user = await starterUser();
    const response = await fetch(`${baseUrl()}/api/sop/from-text`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Close the register', text: 'Count the cash drawer. Then seal the deposit bag. Finally switch off the lights.' }),
    });
    expect(response.status).toBe(201);
    const sop = (await response.json()) as Sop;
    const traceId = response.headers.get('x-trace-id');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    // The credit is committed after the answer, through billing's settlement queue: the trace goes on there too.
    const spans = await traceOf(traceId!, (received) => find(received, { service: 'sopwright-billing', kind: CONSUMER }).length > 0 && find(received, { name: 'sop.create', kind: SERVER }).length > 0);

    const request = one(spans, { service: 'sopwright-gateway', kind: SERVER });
    expect(request.name).toBe('POST /api/sop/from-text');
    expect(request.attributes['http.route']).toBe('/api/sop/from-text');
    expect(request.parentSpanId).toBeUndefined();

    // The RPC to billing: the caller's span in the gateway is the parent of the handler's span in a billing replica.
    const reserveCall = one(spans, { service: 'sopwright-gateway', kind: CLIENT, name: 'billing.credits.reserve' });
    const reserveHandled = one(spans, { service: 'sopwright-billing', kind: SERVER, name: 'billing.credits.reserve' });
    expect(reserveHandled.parentSpanId).toBe(reserveCall.spanId);
    expect(reserveHandled.attributes['rpc.outcome']).toBe('ok');
    // Postgres within it.
    expect(spans.some((span) => span.service === 'sopwright-billing' && span.attributes['db.system.name'] === 'postgresql' && ancestry(spans, span).includes('sopwright-billing/billing.credits.reserve'))).toBe(true);

    // The queued job: added by the gateway, processed by a generation worker in the same trace.
    const added = find(spans, { service: 'sopwright-gateway', kind: PRODUCER }).find((span) => span.name.includes('generation'));
    expect(added).toBeDefined();
    const processed = find(spans, { service: 'sopwright-generation', kind: CONSUMER }).find((span) => span.name.includes('generation'));
    expect(processed).toBeDefined();
    expect(ancestry(spans, processed!)).toEqual(expect.arrayContaining(['sopwright-gateway/POST /api/sop/from-text']));

    // The worker's stages, and the save: the worker's call to sop, handled by a sop replica.
    for (const stage of ['generation.structuring', 'generation.saving']) {
      expect(ancestry(spans, one(spans, { service: 'sopwright-generation', name: stage }))).toContain(`sopwright-generation/${processed!.name}`);
    }
    const saved = one(spans, { service: 'sopwright-sop', kind: SERVER, name: 'sop.create' });
    expect(ancestry(spans, saved)).toEqual(expect.arrayContaining([`sopwright-generation/${processed!.name}`, 'sopwright-generation/sop.create']));
    expect(spans.some((span) => span.service === 'sopwright-sop' && span.attributes['db.system.name'] === 'postgresql' && span.parentSpanId === saved.spanId)).toBe(true);

    // One tree: every span's parent is in the trace, and the gateway's request is its only root.
    const ids = new Set(spans.map((span) => span.spanId));
    expect(spans.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId)).map((span) => `${span.service}/${span.name}`)).toEqual(['sopwright-gateway/POST /api/sop/from-text']);
    // Background work a traced call happened to start (the RPC client's connections and reply loop) is not part of the trace.
    expect(spans.filter((span) => /^(xread|xreadgroup|connect|info|client)$/i.test(span.name)).map((span) => `${span.service}/${span.name}`)).toEqual([]);
    // No ids or addresses in span names: they are named by route template and message pattern.
    expect(spans.map((span) => span.name).join('\n')).not.toContain(sop.id);
  });

  it('follows an export into the export worker, and names failed requests in theirs', async () => {
    const user = await starterUser();
    const created = await api<Sop>('POST', '/api/sop/from-text', { token: user.token, json: { title: 'Lock up', text: 'Close the windows. Then lock the back door.' } });
    expect(created.status).toBe(201);

    const exported = await fetch(`${baseUrl()}/api/sop/${created.body.id}/export/markdown`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(exported.status).toBe(200);
    const exportTrace = await traceOf(exported.headers.get('x-trace-id')!, (spans) => find(spans, { service: 'sopwright-export', kind: CONSUMER }).length > 0);
    expect(one(exportTrace, { service: 'sopwright-gateway', kind: SERVER }).name).toBe('GET /api/sop/:id/export/:format');
    const rendered = find(exportTrace, { service: 'sopwright-export', kind: CONSUMER })[0]!;
    expect(ancestry(exportTrace, rendered)[0]).toBe('sopwright-gateway/GET /api/sop/:id/export/:format');

    // A 404 carries its trace id too: what a user reports is what an operator looks up.
    const missing = await fetch(`${baseUrl()}/api/sop/00000000-0000-4000-8000-000000000000`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(missing.status).toBe(404);
    const missingTrace = await traceOf(missing.headers.get('x-trace-id')!, (spans) => find(spans, { service: 'sopwright-sop', kind: SERVER }).length > 0);
    // Found missing when its workspace is looked up (sop.owner), before any sop.get.
    const notFound = one(missingTrace, { service: 'sopwright-sop', kind: SERVER, name: 'sop.owner' });
    expect(notFound.attributes['rpc.outcome']).toBe('error');
    expect(notFound.status).toBe(2);
  });

  it('leaves probes, scrapes and the web apps out of traces', async () => {
    const page = await fetch(`${baseUrl()}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-trace-id')).toBeNull();
    const health = await fetch(`${baseUrl()}/api/health`);
    expect(health.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
  });
});
