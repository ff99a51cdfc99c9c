import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { registerUser } from '../support/api';
import { openPage } from '../support/browser';
import { tinyPng } from '../support/fixtures';

export type TestUser = Awaited<ReturnType<typeof registerUser>>;

/** Set SOPWRIGHT_SCREENSHOTS=<dir> to keep screenshots of the pages these tests visit. */
const screenshotDir = process.env.SOPWRIGHT_SCREENSHOTS;

export async function screenshot(page: Page, name: string, fullPage = false) {
  if (!screenshotDir) return;
  // Let drawers, collapsibles and fades finish, so the picture shows the settled page.
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage });
}

/**
 * A fresh browser profile logged in as `user`, as the app logs in: the token and user in
 * local storage, and the session cookie (through the context's own request API, which shares
 * the context's cookies) so images and new-tab exports load.
 */
export async function openAs(browser: Browser, user: TestUser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, options);
  const login = await context.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  await page.goto('/');
  await page.evaluate(
    ({ token, sessionUser }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(sessionUser));
    },
    { token: user.token, sessionUser: { id: user.user.id, email: user.user.email } },
  );
  await page.reload();
  return { context, page };
}

/** A real PNG on disk, for file inputs. */
export function pngFile(name = 'step.png'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'sopwright-upload-')), name);
  writeFileSync(path, tinyPng);
  return path;
}

/** Resolves with the URL of the next tab the context opens, after `action`. */
export async function newTabUrl(context: BrowserContext, action: () => Promise<unknown>): Promise<{ url: URL; close: () => Promise<void> }> {
  const [tab] = await Promise.all([context.waitForEvent('page'), action()]);
  // window.open goes to about:blank first, then to the target.
  await tab.waitForURL((url) => url.protocol !== 'about:', { waitUntil: 'commit' });
  return { url: new URL(tab.url()), close: () => tab.close() };
}

/**
 * The URL a new tab opened by `action` requests. Exports that answer with a download close
 * their tab at once, so this watches the context's requests rather than the tab's address.
 */
export async function newTabRequest(context: BrowserContext, action: () => Promise<unknown>, pathPart: string): Promise<URL> {
  const [tab, request] = await Promise.all([
    context.waitForEvent('page'),
    context.waitForEvent('request', (r) => new URL(r.url()).pathname.includes(pathPart)),
    action(),
  ]);
  expect(request.frame().page()).toBe(tab);
  await tab.close().catch(() => undefined);
  return new URL(request.url());
}

/** Polls until `check` holds, then returns its last value. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
