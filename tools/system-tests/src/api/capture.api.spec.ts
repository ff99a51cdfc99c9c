import {
  billingMessages,
  captureMessages,
  generationIdHeader,
  messages,
  permissionMessages,
  WORKSPACE_HEADER,
  type CaptureEvent,
  type ConnectCode,
  type CreatedInvitation,
  type ExtensionTokenResponse,
  type Sop,
  type SopSummary,
  type Workspace,
} from '@sopwright/contracts';
import { readOcrWords, writeOcrImage } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { api, baseUrl, registerUser } from '../support/api';
import { fetchAsUser } from '../support/fixtures';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

const tokenMessage = 'This extension is not connected. Connect it again from Settings.';
const email = 'billing@acme-corp.com';
const WIDTH = 1000;
const HEIGHT = 600;

/** Where the controls are on the stand-in page, in screenshot pixels. */
const boxes = {
  create: { x: 100, y: 100, width: 220, height: 50 },
  customer: { x: 100, y: 220, width: 400, height: 40 },
  password: { x: 100, y: 300, width: 400, height: 40 },
  terms: { x: 100, y: 380, width: 220, height: 40 },
};

/** A white page with grey controls; the second shows the customer's email in large type. */
function screenshot(withEmail: boolean): Promise<Buffer> {
  const control = (box: { x: number; y: number; width: number; height: number }, label: string) =>
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#9ca3af"/><text x="${box.x + 12}" y="${box.y + box.height - 14}" font-family="DejaVu Sans" font-size="20" fill="#111827">${label}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#ffffff"/>
    ${withEmail ? `${control(boxes.customer, 'Customer')}${control(boxes.password, 'Password')}${control(boxes.terms, 'Net 30')}<text x="560" y="250" font-family="DejaVu Sans" font-size="30" fill="#111827">${email}</text>` : control(boxes.create, 'Create invoice')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const invoices = { title: 'Invoices', url: 'https://books.example.com/invoices' };
const newInvoice = { title: 'New invoice', url: 'https://books.example.com/invoices/new' };
const shot = (index: number, box?: { x: number; y: number; width: number; height: number }) => ({ index, width: WIDTH, height: HEIGHT, devicePixelRatio: 1, ...(box ? { box } : {}) });
const start = Date.parse('2026-11-20T10:00:00Z');

function recordedEvents(): CaptureEvent[] {
  return [
    { kind: 'navigate', at: start, tab: 1, page: invoices, via: 'typed', screenshot: shot(0) },
    { kind: 'click', at: start + 3_000, tab: 1, page: invoices, target: { name: 'Create invoice', role: 'button' }, screenshot: shot(0, boxes.create) },
    { kind: 'input', at: start + 20_000, tab: 1, page: newInvoice, target: { name: 'Customer', role: 'textbox', inputType: 'text' }, screenshot: shot(1, boxes.customer) },
    { kind: 'input', at: start + 25_000, tab: 1, page: newInvoice, target: { name: 'Password', role: 'textbox', inputType: 'password' }, screenshot: shot(1, boxes.password) },
    { kind: 'select', at: start + 30_000, tab: 1, page: newInvoice, target: { name: 'Payment terms', role: 'combobox', inputType: 'select' }, selected: 'Net 30', screenshot: shot(1, boxes.terms) },
    { kind: 'note', at: start + 35_000, tab: 1, page: newInvoice, note: 'Check the total before you save the invoice.' },
  ];
}

interface Capture {
  events?: unknown;
  screenshots?: { bytes: Buffer; name?: string; type?: string }[];
  fields?: Record<string, string>;
}

async function postCapture(token: string | undefined, capture: Capture, generationId?: string, workspaceId?: string) {
  const form = new FormData();
  for (const [field, value] of Object.entries(capture.fields ?? {})) form.append(field, value);
  if (capture.events !== undefined) form.append('events', typeof capture.events === 'string' ? capture.events : JSON.stringify(capture.events));
  for (const [index, file] of (capture.screenshots ?? []).entries()) {
    form.append('screenshots', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? `screenshot-${index + 1}.png`);
  }
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (generationId) headers[generationIdHeader] = generationId;
  if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
  const response = await fetch(`${baseUrl()}/api/sop/from-capture`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Sop & { message?: string } };
}

async function starterWithExtension(credits = 3) {
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits, key: 'test-pack', reason: 'test' });
  const code = await api<ConnectCode>('POST', '/api/extension/connect-codes', { token: user.token });
  const redeemed = await api<ExtensionTokenResponse>('POST', '/api/extension/connections', { json: { code: code.body.code, name: 'Chromium on Linux' } });
  expect(redeemed.status).toBe(201);
  return { ...user, extensionToken: redeemed.body.token, connectionId: redeemed.body.connection.id };
}

const credits = async (token: string) => (await api<{ credits: number }>('GET', '/api/usage', { token })).body.credits;

async function pixels(url: string, token: string) {
  const response = await fetchAsUser(url, token);
  expect(response.status).toBe(200);
  const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)] as [number, number, number] };
}
const isRed = ([r, g, b]: number[]) => r! > 170 && g! < 90 && b! < 120;
const isGrey = ([r, g, b]: number[]) => Math.abs(r! - 0x9c) < 12 && Math.abs(g! - 0xa3) < 12 && Math.abs(b! - 0xaf) < 12;
const isWhite = ([r, g, b]: number[]) => r! > 240 && g! > 240 && b! > 240;

describe('POST /api/sop/from-capture', () => {
  let work: string;
  let pages: Buffer[];
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'capture-api-'));
    pages = [await screenshot(false), await screenshot(true)];
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('writes the steps from the events, outlines and numbers each element on its screenshot, and charges one credit once', async () => {
    const user = await starterWithExtension();
    const generationId = randomUUID();
    const screenshots = pages.map((bytes) => ({ bytes }));
    const created = await postCapture(user.extensionToken, { events: recordedEvents(), screenshots }, generationId);
    expect(created.status).toBe(201);
    const sop = created.body;
    expect(sop).toMatchObject({ origin: 'capture', sourceType: 'text' });
    // Named after the task the pressed button names.
    expect(sop.title).toBe('Create invoice');
    expect(sop.steps.map((step) => step.title).slice(0, 5)).toEqual([
      'Go to "Invoices"',
      'Click "Create invoice"',
      'Type the customer\'s name in "Customer"',
      'Type the password in "Password"',
      'Select "Net 30" in "Payment terms"',
    ]);
    expect(sop.steps.map((step) => `${step.title} ${step.details}`).join(' ')).toContain('Check the total before you save the invoice.');
    expect(await credits(user.token)).toBe(2);

    // The same capture sent again (the popup retrying) is the same SOP, not a second charge.
    const again = await postCapture(user.extensionToken, { events: recordedEvents(), screenshots }, generationId);
    expect(again).toMatchObject({ status: 201, body: { id: sop.id } });
    expect(await credits(user.token)).toBe(2);

    // Step 2 ("Create invoice"): a red outline just outside the button, its number at the corner, the button itself untouched.
    const clicked = sop.steps[1]!.imageUrls!;
    expect(clicked).toHaveLength(1);
    const button = await pixels(clicked[0]!, user.token);
    expect(button.info).toMatchObject({ width: WIDTH, height: HEIGHT });
    const { x, y, width, height } = boxes.create;
    expect(isRed(button.at(x - 6, y + height / 2))).toBe(true); // left edge of the outline
    expect(isRed(button.at(x + width + 6, y + height / 2))).toBe(true); // right edge
    expect(isRed(button.at(x + width / 2, y + height + 6))).toBe(true); // bottom edge
    expect(isGrey(button.at(x + width / 2, y + height / 2 - 10))).toBe(true);
    expect(isRed(button.at(x - 8 - 10, y - 8))).toBe(true); // the marker's disc left of its number
    expect(isWhite(button.at(700, 50))).toBe(true);

    // Steps 3 to 5 share a screenshot: each outlines its own field, not the others'.
    const typed = await pixels(sop.steps[2]!.imageUrls![0]!, user.token);
    const chosen = await pixels(sop.steps[4]!.imageUrls![0]!, user.token);
    expect(isRed(typed.at(boxes.customer.x - 6, boxes.customer.y + 20))).toBe(true);
    expect(isRed(typed.at(boxes.terms.x - 6, boxes.terms.y + 20))).toBe(false);
    expect(isRed(chosen.at(boxes.terms.x - 6, boxes.terms.y + 20))).toBe(true);
    expect(isRed(chosen.at(boxes.customer.x - 6, boxes.customer.y + 20))).toBe(false);
    // A navigation has no element: its screenshot is shown as it was.
    const page = await pixels(sop.steps[0]!.imageUrls![0]!, user.token);
    expect(isRed(page.at(x - 6, y + height / 2))).toBe(false);

    // Automatic redaction (on by default) blurred the email on the shared screenshot: read in the original, not in the step.
    const read = async (name: string, bytes: Buffer) => {
      await writeFile(join(work, name), bytes);
      return (await readOcrWords((await writeOcrImage(join(work, name), join(work, `ocr-${name}`))).path)).text;
    };
    expect(await read('original.png', pages[1]!)).toContain('acme-corp');
    expect(await read('typed.png', Buffer.from(await (await fetchAsUser(sop.steps[2]!.imageUrls![0]!, user.token)).arrayBuffer()))).not.toContain('acme-corp');

    // The library lists it as a capture; the web app's own session may send captures too.
    const listed = await api<SopSummary[]>('GET', '/api/sop', { token: user.token });
    expect(listed.body.find((summary) => summary.id === sop.id)).toMatchObject({ origin: 'capture' });
    const fromApp = await postCapture(user.token, { events: [{ kind: 'note', at: start, tab: -1, note: 'Restart the print spooler from Services.' }] });
    expect(fromApp).toMatchObject({ status: 201, body: { origin: 'capture', steps: [{ title: expect.stringContaining('print spooler') }] } });
    expect(await credits(user.token)).toBe(1);
  });

  it('refuses a capture it cannot take before holding a credit, with a message that says why', async () => {
    const user = await starterWithExtension(1);
    const screenshots = pages.map((bytes) => ({ bytes }));
    const refusals: [Capture, number, string][] = [
      [{ screenshots }, 400, captureMessages.eventsMissing],
      [{ events: '{"kind":', screenshots }, 400, captureMessages.eventsNotJson],
      [{ events: { kind: 'note' }, screenshots }, 400, captureMessages.eventsNotJson],
      [{ events: [], screenshots }, 400, 'A capture needs at least one event'],
      [{ events: recordedEvents(), screenshots: screenshots.slice(0, 1) }, 400, captureMessages.screenshotCount(2, 1)],
      [{ events: recordedEvents().map((event, i) => (i === 3 ? { ...event, value: 'hunter2' } : event)), screenshots }, 400, 'Event 4 (value): A password or file field never carries its value'],
      [{ events: recordedEvents(), screenshots: [{ bytes: pages[0]! }, { bytes: await sharp(pages[1]!).resize(500, 300).png().toBuffer() }] }, 400, captureMessages.screenshotSize(1, { width: 500, height: 300 }, { width: WIDTH, height: HEIGHT })],
      [{ events: recordedEvents(), screenshots: [{ bytes: pages[0]! }, { bytes: Buffer.from('GIF89a not really a picture'), type: 'image/png' }] }, 415, captureMessages.screenshotWrongType],
      [{ events: recordedEvents(), screenshots, fields: { redact: 'maybe' } }, 400, 'redact must be true or false'],
    ];
    for (const [capture, status, message] of refusals) {
      const result = await postCapture(user.extensionToken, capture);
      expect({ status: result.status, message: result.body?.message }).toEqual({ status, message });
    }
    expect(await credits(user.token)).toBe(1);

    // No token, someone else's kind of token, a disconnected extension: refused before anything is read.
    expect((await postCapture(undefined, { events: recordedEvents(), screenshots })).status).toBe(401);
    expect(await api('DELETE', `/api/extension/connections/${user.connectionId}`, { token: user.token })).toMatchObject({ status: 204 });
    expect(await postCapture(user.extensionToken, { events: recordedEvents(), screenshots })).toMatchObject({ status: 401, body: { message: tokenMessage } });
    expect(await credits(user.token)).toBe(1);
  });

  it("lets the extension's origin call its routes across origins, without cookies, and no other origin or route", async () => {
    const extension = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const preflight = (path: string, origin: string) =>
      fetch(`${baseUrl()}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-generation-id' } });
    for (const path of ['/api/sop/from-capture', '/api/extension/connections', '/api/extension/connection', '/api/extension/workspaces']) {
      const answer = await preflight(path, extension);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(extension);
      expect(answer.headers.get('access-control-allow-headers')).toContain('x-generation-id');
      expect(answer.headers.get('access-control-allow-headers')).toContain(WORKSPACE_HEADER);
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    expect((await preflight('/api/sop/from-capture', 'https://pages.example.com')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('/api/sop', extension)).headers.get('access-control-allow-origin')).toBeNull();
    // The answer itself carries the header, refusals included.
    const refused = await fetch(`${baseUrl()}/api/extension/connection`, { headers: { origin: extension, authorization: 'Bearer spwx_nope' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(extension);
  });

  it('files a capture in a team workspace the user may create in, charging the user, and never in one where they only read', async () => {
    const user = await starterWithExtension(2);
    const owner = await registerUser();
    const join = async (name: string, role: 'editor' | 'viewer') => {
      const { body: workspace } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name } });
      const { body: invitation } = await api<CreatedInvitation>('POST', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token, json: { email: user.email, role } });
      expect((await api('POST', `/api/invitations/${invitation.token}/accept`, { token: user.token })).status).toBe(200);
      return workspace;
    };
    const editing = await join('Accounts', 'editor');
    const reading = await join('Audit', 'viewer');

    // The extension is offered the personal workspace and the team it may create in, not the one it only reads.
    const offered = await api<Workspace[]>('GET', '/api/extension/workspaces', { token: user.extensionToken });
    expect(offered.body.map((workspace) => [workspace.name, workspace.personal])).toEqual([
      ['Personal', true],
      ['Accounts', false],
    ]);
    expect((await api('GET', '/api/extension/workspaces', { token: user.token })).status).toBe(401);

    const note = [{ kind: 'note', at: start, tab: -1, note: 'Reconcile the bank feed.' }];
    expect(await postCapture(user.extensionToken, { events: note }, randomUUID(), reading.id)).toMatchObject({ status: 403, body: { message: permissionMessages['sop.create'] } });
    expect(await credits(user.token)).toBe(2);
    const saved = await postCapture(user.extensionToken, { events: note }, randomUUID(), editing.id);
    expect(saved.status).toBe(201);
    expect(await credits(user.token)).toBe(1);
    const inTeam = await api<Sop[]>('GET', '/api/sop', { token: owner.token, headers: { [WORKSPACE_HEADER]: editing.id } });
    expect(inTeam.body.map((sop) => sop.id)).toEqual([saved.body.id]);
    expect((await api<Sop[]>('GET', '/api/sop', { token: user.token })).body.map((sop) => sop.id)).not.toContain(saved.body.id);
  });

  it('tells a free plan to upgrade, as every source does', async () => {
    const user = await registerUser();
    const code = await api<ConnectCode>('POST', '/api/extension/connect-codes', { token: user.token });
    const { body } = await api<ExtensionTokenResponse>('POST', '/api/extension/connections', { json: { code: code.body.code } });
    const refused = await postCapture(body.token, { events: [{ kind: 'note', at: start, tab: -1, note: 'Restart the print spooler.' }] });
    expect(refused).toMatchObject({ status: 402, body: { message: messages.planRequired } });
  });
});
