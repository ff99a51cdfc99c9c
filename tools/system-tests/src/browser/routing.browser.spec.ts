import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser';

describe('routing', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it.each(['/dashboard', '/create', '/sop/123', '/billing', '/settings/profile'])('sends a visitor from %s to /login', async (path) => {
    const { context, page } = await openPage(browser);
    await page.goto(path);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await context.close();
  });

  it('treats a stored user that cannot be parsed as logged out', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'some-token');
      localStorage.setItem('user', '{not json');
    });
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });

  it.each(['/no/such/page', '/sop', '/dashboard/extra'])('shows the 404 page for %s', async (path) => {
    const { context, page } = await openPage(browser);
    await page.goto(path);
    await page.getByText('404 Page Not Found').waitFor();
    await context.close();
  });

  it('shows public pages to visitors with the public header', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/templates');
    await page.getByRole('heading', { name: 'Template Library' }).waitFor();
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    await page.goto('/pricing');
    await page.waitForURL('**/pricing');
    await context.close();
  });

  it('shows a clear error with a retry when a remote cannot load, and recovers', async () => {
    const { context, page } = await openPage(browser);
    await page.route('**/remotes/templates/**', (route) => route.abort());
    await page.goto('/templates');
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    expect(await page.getByRole('heading', { name: 'Template Library' }).count()).toBe(0);

    await page.unroute('**/remotes/templates/**');
    await retry.click();
    await page.getByRole('heading', { name: 'Template Library' }).waitFor();
    await context.close();
  });
});
