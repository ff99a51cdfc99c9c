import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { baseUrl } from './api';

/** Debian's Chromium, started the way this machine needs it (no sandbox as root, no network chatter). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...extraArgs],
  });
}

/**
 * A fresh browser profile per test: no shared storage, cookies or cache. `options` adds to the
 * defaults (the accessibility suite sets `bypassCSP` so it can inject axe-core as a script tag).
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

export async function storedSession(page: Page): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
}
