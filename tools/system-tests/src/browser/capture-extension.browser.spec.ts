import { stepsFromCapture } from '@sopwright/capture';
import {
  billingMessages,
  CAPTURE_EVENTS_FIELD,
  CAPTURE_SCREENSHOTS_FIELD,
  captureEventListSchema,
  captureScreenshotCount,
  editColorHex,
  editStrokeSizes,
  generationIdHeader,
  WORKSPACE_HEADER,
  type CaptureEvent,
  type ConnectCode,
  type CreatedInvitation,
  type Sop,
  type Workspace,
} from '@sopwright/contracts';
import busboy from 'busboy';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Locator, type Page, type Worker } from 'playwright-core';
import sharp from 'sharp';
import { api, baseUrl, registerUser } from '../support/api';
import { axeFindings } from '../support/axe';
import { fetchAsUser } from '../support/fixtures';
import { closeServices, services } from '../support/services';

/**
 * The capture extension in Debian's Chromium (headless new mode, the unpacked build): the
 * toolbar button is pressed through DevTools' Extensions.triggerAction (which grants activeTab
 * as a real click does), the popup is driven through its own page, a recording is made on a
 * small local site, reviewed and uploaded to the real stack through a recording proxy (which
 * keeps every request byte for the checks and changes nothing). Checks what was uploaded (the
 * events, no typed value and no password anywhere, screenshots whose boxes sit on the elements
 * where they really were) and the SOP saved from it: its steps, each element outlined on its
 * step image where it was, nothing typed in it, and a disconnected extension refused.
 */

const extension = resolve(__dirname, '../../../../apps/capture-extension/dist/extension');
const DPR = 2;
const typed = { customer: 'ACME Ltd', email: 'ada@example.com', password: 'hunter2-Secret' };
const notConnected = 'This extension is not connected. Connect it again from Settings.';
const badCode = 'That code is not valid or has expired. Create a new one in Settings.';

// ——— The site recorded on ———

const pink = [255, 0, 170] as const;
const blue = [0, 64, 255] as const;
const green = [0, 150, 70] as const;
const orange = [230, 110, 0] as const;
const rgb = (colour: readonly number[]) => `rgb(${colour.join(', ')})`;

const style = `<style>
  body { font: 16px/1.4 sans-serif; margin: 16px; }
  label { margin-right: 6px; }
  input, select { font-size: 16px; padding: 4px; background: #ffffff; color: #000000; border: 1px solid #333333; margin: 4px 12px 4px 0; }
  .action { border: 0; color: #ffffff; padding: 10px 18px; font-size: 16px; display: inline-block; text-decoration: none; }
  iframe { border: 0; width: 260px; height: 70px; display: block; }
</style>`;

const pages: Record<string, string> = {
  '/invoices/new': `<!doctype html><html lang="en"><head><title>New invoice</title>${style}</head><body>
    <h1>New invoice</h1>
    <form aria-label="Invoice details" onsubmit="event.preventDefault()">
      <fieldset><legend>Customer details</legend>
        <label for="customer">Customer</label><input id="customer" name="customer" autocomplete="off">
        <label>Email <input id="email" type="email" name="email" autocomplete="off"></label>
      </fieldset>
      <p><label for="terms">Payment terms</label><select id="terms"><option>Net 15</option><option>Net 30</option><option>Net 60</option></select>
        <input type="checkbox" id="agree"><label for="agree">I agree to the terms</label></p>
      <p><label for="secret">Password</label><input id="secret" type="password" name="pw" autocomplete="off"></p>
      <p><button id="save" class="action" type="submit" style="background: ${rgb(pink)}">Create invoice</button></p>
    </form>
    <help-widget></help-widget>
    <iframe src="/frame" title="Tools"></iframe>
    <p><a id="next" class="action" href="/invoices/sent" style="background: ${rgb(green)}">Sent invoices</a></p>
    <script>
      customElements.define('help-widget', class extends HTMLElement {
        connectedCallback() {
          this.attachShadow({ mode: 'open' }).innerHTML = '<button aria-label="Open help" style="font-size:16px;padding:6px 12px">?</button>';
        }
      });
    </script>
  </body></html>`,
  '/frame': `<!doctype html><html><head>${style}</head><body style="margin:8px">
    <button class="action" style="background: ${rgb(blue)}">Frame button</button>
  </body></html>`,
  '/invoices/sent': `<!doctype html><html lang="en"><head><title>Sent invoices</title>${style}</head><body>
    <h1>Sent invoices</h1>
    <p><button class="action" style="background: ${rgb(orange)}">Export list</button></p>
  </body></html>`,
};

function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

// ——— A recording proxy in front of the stack ———

interface Upload {
  headers: IncomingMessage['headers'];
  raw: Buffer;
  eventsJson: string;
  files: { name: string; type: string; bytes: Buffer }[];
  status: number;
}

/** The multipart body the extension sent, parsed as the test reads it. */
function parseUpload(headers: IncomingMessage['headers'], raw: Buffer, status: number): Promise<Upload> {
  return new Promise((done, fail) => {
    const files: Upload['files'] = [];
    let eventsJson = '';
    const parser = busboy({ headers });
    parser.on('field', (name, value) => {
      if (name === CAPTURE_EVENTS_FIELD) eventsJson = value;
    });
    parser.on('file', (name, stream, info) => {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        if (name === CAPTURE_SCREENSHOTS_FIELD) files.push({ name: info.filename ?? '', type: info.mimeType, bytes: Buffer.concat(parts) });
      });
    });
    parser.on('close', () => done({ headers, raw, eventsJson, files, status }));
    parser.on('error', fail);
    parser.end(raw);
  });
}

/** Forwards every request to the stack as it came and its answer back as it went, keeping a copy of both. */
async function forward(request: IncomingMessage, response: ServerResponse, seen: (request: IncomingMessage, body: Buffer, status: number) => void): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host' || name === 'connection' || name === 'content-length') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const answer = await fetch(`${baseUrl()}${request.url}`, {
    method: request.method,
    headers,
    body: body.length > 0 ? body : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(90_000),
  });
  seen(request, body, answer.status);
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
  });
  response.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
}

// ——— The extension's popup, opened by "clicking" the toolbar button ———

/** What Runtime.evaluate answers. */
interface DevToolsAnswer {
  result?: { result?: { value?: unknown }; exceptionDetails?: unknown };
  error?: unknown;
}

/** The extension API, as the service worker's code evaluated by the test uses it. */
declare const chrome: { storage: { local: ChromeStorage; session: ChromeStorage } };
interface ChromeStorage {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** A DevTools session to the popup (Playwright does not attach to extension popups). */
class Popup {
  private next = 0;
  private readonly waiting = new Map<number, (answer: DevToolsAnswer) => void>();

  private constructor(
    private readonly browser: CDPSession,
    private readonly sessionId: string,
    readonly targetId: string,
  ) {
    browser.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== this.sessionId) return;
      const message = JSON.parse(event.message) as DevToolsAnswer & { id?: number };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message);
    });
  }

  /** Presses the extension's toolbar button on the tab showing `page`, then waits for the popup. */
  static async open(browser: CDPSession, extensionId: string, page: Page): Promise<Popup> {
    const { targetInfos: tabs } = await browser.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const tab = tabs.find((target) => target.url === page.url());
    if (!tab) throw new Error(`no tab target shows ${page.url()}`);
    const popupUrl = `chrome-extension://${extensionId}/popup.html`;
    const { targetInfos: open } = await browser.send('Target.getTargets');
    // A popup still open (it may be closing by itself) would make the button close it instead.
    for (const target of open.filter((info) => info.url === popupUrl)) await browser.send('Target.closeTarget', { targetId: target.targetId }).catch(() => undefined);
    await browser.send('Extensions.triggerAction' as never, { id: extensionId, targetId: tab.targetId } as never);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { targetInfos } = await browser.send('Target.getTargets');
      const target = targetInfos.find((info) => info.type === 'page' && info.url === popupUrl);
      if (target) {
        const { sessionId } = await browser.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
        const popup = new Popup(browser, sessionId, target.targetId);
        await popup.until('document.body?.dataset.ready === "true"');
        return popup;
      }
      if (Date.now() > deadline) throw new Error('the popup did not open');
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  /** Runs `expression` in the popup; `gesture`: as a user's click (what chrome.permissions needs). */
  async evaluate<T>(expression: string, gesture = false): Promise<T> {
    const id = (this.next += 1);
    const answer = await new Promise<DevToolsAnswer>((done, fail) => {
      // A popup that closed meanwhile never answers: say so rather than wait for the test's timeout.
      const timer = setTimeout(() => fail(new Error(`popup: no answer in 15 s to ${expression.slice(0, 120)}`)), 15_000);
      this.waiting.set(id, (answer) => (clearTimeout(timer), done(answer)));
      void this.browser.send('Target.sendMessageToTarget', {
        sessionId: this.sessionId,
        message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true, awaitPromise: true, userGesture: gesture } }),
      });
    });
    if (answer.error || answer.result?.exceptionDetails) throw new Error(`popup: ${JSON.stringify(answer.error ?? answer.result?.exceptionDetails)}`);
    return answer.result?.result?.value as T;
  }

  async until(expression: string, timeout = 10_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (!(await this.evaluate<boolean>(`Boolean(${expression})`).catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`the popup never got to: ${expression}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  click(id: string): Promise<void> {
    return this.evaluate(`document.getElementById(${JSON.stringify(id)}).click()`, true);
  }

  status(): Promise<string> {
    return this.evaluate('document.getElementById("status").textContent');
  }

  close(): Promise<unknown> {
    return this.browser.send('Target.closeTarget', { targetId: this.targetId });
  }
}

// ——— Pixels ———

/** How much of `box` in the PNG is close to `colour` (0..1). */
async function share(png: Buffer, box: { x: number; y: number; width: number; height: number }, colour: readonly number[]): Promise<number> {
  const region = { left: Math.round(box.x), top: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  const { data, info } = await sharp(png).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let offset = 0; offset < data.length; offset += info.channels) {
    if (Math.abs(data[offset]! - colour[0]!) + Math.abs(data[offset + 1]! - colour[1]!) + Math.abs(data[offset + 2]! - colour[2]!) < 40) near += 1;
  }
  return near / (info.width * info.height);
}

/** The element's box in screenshot pixels, from where the page really drew it. */
async function realBox(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not shown');
  return { x: box.x * DPR, y: box.y * DPR, width: box.width * DPR, height: box.height * DPR };
}

// ——— The test ———

describe('the capture extension', () => {
  let site: { server: Server; url: string };
  let sopwright: { server: Server; url: string };
  let context: BrowserContext;
  let worker: Worker;
  let extensionId: string;
  let cdp: CDPSession;
  let user: Awaited<ReturnType<typeof registerUser>>;
  const received: Promise<Upload>[] = [];
  const preflights: IncomingMessage['headers'][] = [];
  const redeemed: { code: string; name: string; status: number }[] = [];
  /** A connect code, as Settings shows it. */
  const newCode = async () => (await api<ConnectCode>('POST', '/api/extension/connect-codes', { token: user.token })).body.code;

  beforeAll(async () => {
    if (!existsSync(resolve(extension, 'manifest.json'))) throw new Error(`${extension} is not built: npx nx run @sopwright/capture-extension:build`);
    site = await listen((request, response) => {
      const html = pages[new URL(request.url ?? '/', 'http://x').pathname];
      response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html ?? 'not found');
    });
    user = await registerUser(`capture-${Date.now().toString(36)}@example.com`);
    await services().send(billingMessages.grantCredits, { userId: user.user.id, credits: 2, key: 'capture-test-pack', reason: 'test' });
    sopwright = await listen((request, response) => {
      forward(request, response, (seen, body, status) => {
        if (request.method === 'OPTIONS') preflights.push(seen.headers);
        else if (request.method === 'POST' && request.url === '/api/extension/connections') redeemed.push({ ...(JSON.parse(body.toString('utf8')) as { code: string; name: string }), status });
        else if (request.method === 'POST' && request.url === '/api/sop/from-capture') received.push(parseUpload(seen.headers, body, status));
      }).catch((error: unknown) => response.writeHead(502).end(String(error)));
    });
    context = await chromium.launchPersistentContext('', {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      viewport: null,
      args: [
        '--headless=new',
        `--disable-extensions-except=${extension}`,
        `--load-extension=${extension}`,
        // Extensions.triggerAction (the toolbar button) is a DevTools command for extension tests.
        '--enable-unsafe-extension-debugging',
        '--window-size=1280,800',
        `--force-device-scale-factor=${DPR}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    extensionId = new URL(worker.url()).host;
    cdp = await context.browser()!.newBrowserCDPSession();
  }, 30_000);

  afterAll(async () => {
    await context?.close();
    site?.server.close();
    sopwright?.server.close();
    await closeServices();
  });

  /** The recording as the service worker keeps it. */
  const recording = () => worker.evaluate(async () => (await chrome.storage.session.get('recording')).recording as { status: string; events: { event: CaptureEvent }[] } | undefined);

  async function settle(): Promise<void> {
    // Every event but notes gets its screenshot (two a second at most).
    const deadline = Date.now() + 10_000;
    for (;;) {
      const events = (await recording())?.events ?? [];
      if (events.every(({ event }) => event.kind === 'note' || event.screenshot)) return;
      if (Date.now() > deadline) throw new Error(`events without a screenshot: ${JSON.stringify(events.filter(({ event }) => !event.screenshot))}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  /** The popup's page opened in a tab, checked with axe-core (WCAG 2.1 A/AA) and the keyboard. */
  async function checkPopupPage(state: string): Promise<void> {
    const tab = await context.newPage();
    await tab.goto(`chrome-extension://${extensionId}/popup.html`);
    await tab.waitForFunction(() => document.body.dataset.ready === 'true');
    // Extension pages allow no injected script tags; DevTools' evaluate may run axe all the same.
    await tab.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    expect(await axeFindings(tab, state)).toEqual([]);
    const dump = process.env.CAPTURE_TEST_DUMP;
    if (dump) {
      await tab.setViewportSize({ width: 380, height: 600 });
      mkdirSync(dump, { recursive: true });
      await tab.screenshot({ path: resolve(dump, `${state.replace(/\W+/g, '-')}.png`), fullPage: true });
    }
    await tab.keyboard.press('Tab');
    const focus = await tab.evaluate(() => ({ tag: document.activeElement?.tagName, outline: getComputedStyle(document.activeElement!).outlineStyle }));
    expect(focus.outline).toBe('solid');
    if (await tab.locator('#keep-2').count()) {
      // The list is drawn again on every change: a checkbox ticked with the keyboard keeps the focus.
      await tab.focus('#keep-2');
      for (const checked of [true, false]) {
        const drawn = await tab.$('#keep-2');
        await tab.keyboard.press('Space');
        await tab.waitForFunction((old) => !old!.isConnected, drawn);
        expect(await tab.evaluate(() => [(document.getElementById('keep-2') as HTMLInputElement).checked, document.activeElement?.id])).toEqual([checked, 'keep-2']);
      }
    }
    await tab.close();
  }

  const pause = (ms = 700) => new Promise((done) => setTimeout(done, ms));

  const settings = () => worker.evaluate(async () => (await chrome.storage.local.get('settings')).settings as { token?: string; connectMessage?: string } | undefined);

  /**
   * Types the address and a connect code and presses Connect. Chrome's question for access to
   * the server's address closes the popup (no one answers it here: the stand-in allows the
   * extension's origin instead), so it is opened again once the background is done.
   */
  async function connect(popup: Popup, page: Page, code: string): Promise<Popup> {
    // The message of an earlier attempt ("That code is not valid…") would end the wait below at once: it goes first.
    await worker.evaluate(async () => {
      const { settings } = (await chrome.storage.local.get('settings')) as { settings?: { connectMessage?: string } };
      if (settings?.connectMessage) await chrome.storage.local.set({ settings: { ...settings, connectMessage: '' } });
    });
    await popup.evaluate(`document.getElementById('server').value = ${JSON.stringify(`${sopwright.url}/settings`)}; document.getElementById('token').value = ${JSON.stringify(code.toLowerCase())};`);
    await popup.evaluate(`document.getElementById('connect-form').requestSubmit()`, true);
    await until(async () => {
      const now = await settings();
      return Boolean(now?.token || now?.connectMessage);
    });
    await popup.close().catch(() => undefined);
    return Popup.open(cdp, extensionId, page);
  }
  async function until(check: () => Promise<boolean>, timeout = 10_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`never: ${check.toString()}`);
      await pause(100);
    }
  }

  it('records a form, a list, a checkbox, a password, shadow DOM, a frame and a new page, then uploads only what it may', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${site.url}/invoices/new?draft=7&customer=acme#top`);

    await checkPopupPage('capture popup: not connected');
    await page.bringToFront();

    // Connect with a code from Settings, and start, from the popup the toolbar button opens on this tab.
    let popup = await Popup.open(cdp, extensionId, page);
    expect(await popup.status()).toBe('Not recording');
    popup = await connect(popup, page, 'ABCD-2345');
    expect(await popup.evaluate('document.getElementById("connection-state").textContent')).toBe(badCode);
    const firstCode = await newCode();
    popup = await connect(popup, page, firstCode);
    expect(await popup.evaluate('document.getElementById("connection-state").textContent')).toBe(`Connected to ${sopwright.url} as ${user.email}.`);
    expect(redeemed.map(({ code, status }) => [code, status])).toEqual([['ABCD-2345', 400], [firstCode, 201]]);
    expect(redeemed[1]!.name).toMatch(/^\S.* on Linux$/);
    await popup.click('start');
    await popup.until(`document.getElementById('status').textContent.startsWith('Recording')`);
    await popup.close();
    await page.waitForFunction(() => document.querySelector('sopwright-capture-indicator') !== null);

    // Where each element really is, in screenshot pixels, when it is acted on.
    const where: Record<string, Awaited<ReturnType<typeof realBox>>> = {};
    const act = async (name: string, locator: Locator, action: () => Promise<void>) => {
      where[name] = await realBox(locator);
      await action();
      await pause();
    };

    const customer = page.locator('#customer');
    await act('Customer', customer, async () => {
      await customer.click();
      await page.keyboard.type(typed.customer);
    });
    const email = page.locator('#email');
    await act('Email', email, async () => {
      await email.click();
      await page.keyboard.type(typed.email);
    });
    // To the list with Tab, a choice with the arrow key: events the browser itself sends (trusted).
    await act('Payment terms', page.locator('#terms'), async () => {
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
    });
    await act('I agree to the terms', page.locator('#agree'), () => page.locator('#agree').click());
    const secret = page.locator('#secret');
    await act('Password', secret, async () => {
      await secret.click();
      await page.keyboard.type(typed.password);
    });
    await act('Open help', page.getByRole('button', { name: 'Open help' }), () => page.getByRole('button', { name: 'Open help' }).click());
    const frameButton = page.frameLocator('iframe').getByRole('button', { name: 'Frame button' });
    await act('Frame button', frameButton, () => frameButton.click());
    await act('Create invoice', page.locator('#save'), () => page.locator('#save').click());
    // A person's press lasts a moment: the screenshot is taken as it begins, before the next page.
    await act('Sent invoices', page.locator('#next'), async () => {
      const box = (await page.locator('#next').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await pause(150);
      await Promise.all([page.waitForURL('**/invoices/sent'), page.mouse.up()]);
    });
    await page.waitForFunction(() => document.querySelector('sopwright-capture-indicator') !== null);
    await act('Export list', page.getByRole('button', { name: 'Export list' }), () => page.getByRole('button', { name: 'Export list' }).click());
    await settle();

    // A note, then Stop, from the popup.
    popup = await Popup.open(cdp, extensionId, page);
    expect(await popup.evaluate('document.getElementById("step-count").textContent')).toBe('11');
    await popup.evaluate(`document.getElementById('note').value = 'Check the totals before sending.'`);
    await popup.evaluate(`document.getElementById('note-form').requestSubmit()`, true);
    await popup.until(`document.getElementById('step-count').textContent === '12'`);
    await popup.click('stop');
    await popup.until(`document.querySelectorAll('#steps li').length === 12`);
    expect(await page.locator('sopwright-capture-indicator').count()).toBe(0);

    // The review: every step, a screenshot for each but the note; one deleted.
    const review = await popup.evaluate<{ title: string; image: boolean }[]>(
      `Array.from(document.querySelectorAll('#steps li'), (item) => ({ title: item.querySelector('p').textContent, image: Boolean(item.querySelector('img')) }))`,
    );
    expect(review.map((step) => step.title)).toEqual([
      '1.Go to New invoice',
      "2.Type the customer's name in Customer",
      '3.Type the email address in Email',
      '4.Select Net 30 in Payment terms',
      '5.Check I agree to the terms',
      '6.Type the password in Password',
      '7.Click Open help',
      '8.Click Frame button',
      '9.Click Create invoice',
      '10.Click Sent invoices',
      '11.Click Export list',
      '12.Check the totals before sending.',
    ]);
    expect(review.map((step) => step.image)).toEqual([...Array(11).fill(true), false]);
    expect(await popup.evaluate('document.querySelectorAll("#steps input[type=checkbox]").length')).toBe(2);
    await checkPopupPage('capture popup: review');
    await page.bringToFront();
    popup = await Popup.open(cdp, extensionId, page);
    await popup.evaluate(`document.querySelector('[aria-label^="Delete step 7:"]').click()`, true);
    await popup.until(`document.querySelectorAll('#steps li').length === 11`);
    expect(received).toHaveLength(0);

    // Disconnected in Settings meanwhile: the upload is refused, the popup says so and asks for
    // a new code, and the recording is kept.
    const [connection, ...others] = (await api<{ id: string }[]>('GET', '/api/extension/connections', { token: user.token })).body;
    expect(others).toEqual([]);
    expect((await api('DELETE', `/api/extension/connections/${connection!.id}`, { token: user.token })).status).toBe(204);
    const revokedToken = ((await settings()) as { token: string }).token;
    await popup.click('upload');
    await popup.until(`!document.getElementById('error').hidden`);
    expect(await popup.evaluate('document.getElementById("error").textContent')).toBe(notConnected);
    expect(await popup.evaluate('document.getElementById("connection-state").textContent')).toBe(notConnected);
    expect(received).toHaveLength(1);
    expect((await recording())?.status).toBe('stopped');

    // Meanwhile the user joined a team as an editor: the popup offers it, and the capture goes there.
    const teamOwner = await registerUser();
    const { body: team } = await api<Workspace>('POST', '/api/workspaces', { token: teamOwner.token, json: { name: 'Accounts team' } });
    const { body: invitation } = await api<CreatedInvitation>('POST', `/api/workspaces/${team.id}/invitations`, { token: teamOwner.token, json: { email: user.email, role: 'editor' } });
    expect((await api('POST', `/api/invitations/${invitation.token}/accept`, { token: user.token })).status).toBe(200);

    // Connected again with a new code: the upload goes through and the SOP opens in a new tab.
    popup = await connect(popup, page, await newCode());
    await popup.until(`document.querySelectorAll('#steps li').length === 11`);
    await popup.until(`!document.getElementById('workspace-field').hidden`);
    expect(await popup.evaluate(`[...document.querySelectorAll('#workspace option')].map((option) => option.textContent)`)).toEqual(['Personal (only you)', 'Accounts team']);
    expect(await popup.evaluate(`document.getElementById('workspace').value`)).toBe('');
    await checkPopupPage('capture popup: review, with a team to save to');
    await page.bringToFront();
    popup = await Popup.open(cdp, extensionId, page);
    await popup.until(`!document.getElementById('workspace-field').hidden`);
    await popup.evaluate(`(() => { const select = document.getElementById('workspace'); select.value = ${JSON.stringify(team.id)}; select.dispatchEvent(new Event('change')); })()`);
    // The tab opens on the SOP's page (which, signed out in this browser, then goes on to sign-in).
    let openedAt = '';
    const opened = context.waitForEvent('page', { predicate: (tab) => tab.url().startsWith(`${sopwright.url}/sop/`) && Boolean((openedAt = tab.url())) });
    await popup.click('upload');
    await opened;
    expect(received).toHaveLength(2);
    const [refused, upload] = await Promise.all(received);
    expect(refused!.status).toBe(401);
    expect(refused!.headers.authorization).toBe(`Bearer ${revokedToken}`);
    expect(upload!.status).toBe(201);
    expect(refused!.headers[WORKSPACE_HEADER]).toBeUndefined();
    expect(upload!.headers[WORKSPACE_HEADER]).toBe(team.id);
    expect(((await settings()) as { workspaceId: string }).workspaceId).toBe(team.id);
    const token = ((await settings()) as { token: string }).token;
    expect(token).not.toBe(revokedToken);
    // The same recording sent twice names the same generation: the server never makes two SOPs of it.
    expect(upload!.headers[generationIdHeader]).toBe(refused!.headers[generationIdHeader]);
    // CAPTURE_TEST_DUMP=<folder> keeps what was uploaded, to look at.
    const dump = process.env.CAPTURE_TEST_DUMP;
    if (dump) {
      mkdirSync(dump, { recursive: true });
      writeFileSync(resolve(dump, 'events.json'), upload!.eventsJson);
      upload!.files.forEach((file, index) => writeFileSync(resolve(dump, `screenshot-${index}.png`), file.bytes));
    }

    // The request: the token, the generation id, the multipart fields; nothing typed anywhere.
    expect(upload!.headers.authorization).toBe(`Bearer ${token}`);
    expect(upload!.headers[generationIdHeader]).toMatch(/^[0-9a-f-]{36}$/);
    for (const secret of Object.values(typed)) expect(upload!.raw.includes(secret)).toBe(false);
    expect(upload!.raw.includes('draft=7')).toBe(false);

    const events = captureEventListSchema.parse(JSON.parse(upload!.eventsJson));
    expect(events.some((event) => event.kind === 'input' && 'value' in event)).toBe(false);
    expect(new Set(events.map((event) => event.page?.url))).toEqual(new Set([`${site.url}/invoices/new`, `${site.url}/invoices/sent`]));
    const steps = stepsFromCapture(events);
    expect(steps.map((step) => step.title)).toEqual([
      'Go to "New invoice"',
      `Type the customer's name in "Customer"`,
      'Type the email address in "Email"',
      'Select "Net 30" in "Payment terms"',
      'Check "I agree to the terms"',
      'Type the password in "Password"',
      'Click "Frame button"',
      'Click "Create invoice"',
      'Click "Sent invoices"',
      'Click "Export list"',
      'Check the totals before sending.',
    ]);
    expect(steps.find((step) => step.title === 'Click "Sent invoices"')!.details).toBe('On the "New invoice" page. This opens the "Sent invoices" page.');
    expect(steps.find((step) => step.title === 'Type the email address in "Email"')!.details).toBe('On the "New invoice" page, in "Customer details".');
    const password = events.filter((event) => (event.kind === 'click' || event.kind === 'input') && event.target.inputType === 'password');
    expect(password.map((event) => event.kind)).toEqual(['click', 'input']);

    // Screenshots: PNGs at the device's pixel ratio, as many as the events point to.
    expect(upload!.files.length).toBe(captureScreenshotCount(events));
    expect(upload!.files.length).toBeGreaterThanOrEqual(8);
    expect(upload!.files.length).toBeLessThanOrEqual(events.length);
    for (const file of upload!.files) {
      expect(file.type).toBe('image/png');
      expect(file.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    }
    for (const event of events) {
      if (event.kind === 'note') continue;
      const shot = event.screenshot!;
      const meta = await sharp(upload!.files[shot.index]!.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([shot.width, shot.height]);
      expect(shot.devicePixelRatio).toBe(DPR);
      if (event.kind === 'navigate') {
        expect(shot.box).toBeUndefined();
        continue;
      }
      // Each box inside its screenshot and on the element as the page drew it (rounded outwards).
      const box = shot.box!;
      expect(box.x + box.width).toBeLessThanOrEqual(shot.width);
      expect(box.y + box.height).toBeLessThanOrEqual(shot.height);
      const real = where[event.target.name];
      expect(real).toBeDefined();
      for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box[side] - real![side])).toBeLessThanOrEqual(2);
    }

    // The pixels: each coloured button is under its box; typed text is painted over.
    const shotOf = (name: string) => {
      const event = events.find((candidate) => candidate.kind === 'click' && candidate.target.name === name)!;
      return { png: upload!.files[event.screenshot!.index]!.bytes, box: event.screenshot!.box! };
    };
    for (const [name, colour] of [['Create invoice', pink], ['Frame button', blue], ['Sent invoices', green], ['Export list', orange]] as const) {
      const { png, box } = shotOf(name);
      expect(await share(png, box, colour)).toBeGreaterThan(0.5);
    }
    // When Create invoice was pressed, three fields held typed text: inside each, only the field's white.
    const { png } = shotOf('Create invoice');
    for (const name of ['Customer', 'Email', 'Password']) {
      const field = where[name]!;
      const inside = { x: field.x + 2 * DPR, y: field.y + 2 * DPR, width: field.width - 4 * DPR, height: field.height - 4 * DPR };
      expect(await share(png, inside, [255, 255, 255])).toBeGreaterThan(0.99);
    }
    // And the recording badge is in no screenshot: the top right corner, where it sits, is as blank as the pages leave it.
    for (const file of upload!.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(await share(file.bytes, { x: meta.width! - 260 * DPR, y: 0, width: 260 * DPR, height: 50 * DPR }, [255, 255, 255])).toBe(1);
    }

    // The SOP the stack saved from it: the same steps, nothing typed, each element outlined on its step image where the page drew it.
    const sopId = new URL(openedAt).pathname.split('/').pop()!;
    const saved = await api<Sop>('GET', `/api/sop/${sopId}`, { token: user.token });
    expect(saved).toMatchObject({ status: 200, body: { origin: 'capture', title: 'Create invoice' } });
    // In the team's library, not the personal one.
    expect((await api<Sop[]>('GET', '/api/sop', { token: teamOwner.token, headers: { [WORKSPACE_HEADER]: team.id } })).body.map((sop) => sop.id)).toEqual([sopId]);
    expect((await api<Sop[]>('GET', '/api/sop', { token: user.token })).body.map((sop) => sop.id)).not.toContain(sopId);
    expect(saved.body.steps.map((step) => step.title)).toEqual(steps.map((step) => step.title));
    for (const secret of Object.values(typed)) expect(JSON.stringify(saved.body).includes(secret)).toBe(false);
    const red = [1, 3, 5].map((at) => parseInt(editColorHex.red.slice(at, at + 2), 16));
    const colours: Record<string, readonly number[]> = { 'Create invoice': pink, 'Frame button': blue, 'Sent invoices': green, 'Export list': orange };
    for (const [position, step] of steps.entries()) {
      const url = saved.body.steps[position]!.imageUrls?.[0];
      expect(Boolean(url)).toBe(Boolean(step.screenshot));
      if (!url || !step.screenshot?.box) continue;
      const image = Buffer.from(await (await fetchAsUser(url, user.token)).arrayBuffer());
      if (dump) writeFileSync(resolve(dump, `step-${position + 1}.png`), image);
      expect(await sharp(image).metadata()).toMatchObject({ width: step.screenshot.width, height: step.screenshot.height });
      const { box } = step.screenshot;
      const { stroke, markerRadius, outline } = editStrokeSizes(step.screenshot.width, step.screenshot.height);
      const left = Math.max(0, box.x - 2 * stroke);
      const right = Math.min(step.screenshot.width, box.x + box.width + 2 * stroke);
      // The straight part of each side below the marker, which sits on the top-left corner.
      const from = Math.max(box.y + box.height / 2, Math.max(0, box.y - 2 * stroke) + markerRadius + outline + 2);
      const lower = { y: from, height: box.y + box.height + stroke - 1 - from };
      expect(await share(image, { x: left + 1, ...lower, width: stroke - 2 }, red)).toBeGreaterThan(0.8);
      expect(await share(image, { x: right - stroke + 1, ...lower, width: stroke - 2 }, red)).toBeGreaterThan(0.8);
      const name = Object.keys(colours).find((candidate) => step.title === `Click "${candidate}"`);
      if (name) expect(await share(image, { x: box.x + stroke, y: box.y + stroke, width: box.width - 2 * stroke, height: box.height - 2 * stroke }, colours[name]!)).toBeGreaterThan(0.5);
      if (name === 'Create invoice') {
        for (const field of ['Customer', 'Email', 'Password']) {
          const at = where[field]!;
          expect(await share(image, { x: at.x + 2 * DPR, y: at.y + 2 * DPR, width: at.width - 4 * DPR, height: at.height - 4 * DPR }, [255, 255, 255])).toBeGreaterThan(0.99);
        }
      }
    }
    // One credit for the one SOP (the refused upload charged nothing).
    expect((await api<{ credits: number }>('GET', '/api/usage', { token: user.token })).body.credits).toBe(1);

    // Nothing is left behind once uploaded.
    expect(await recording()).toBeUndefined();
    expect(preflights.every((headers) => headers.origin === `chrome-extension://${extensionId}`)).toBe(true);
  }, 180_000);
});
