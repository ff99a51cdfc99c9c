import type { Browser, Page } from 'playwright-core';
import { uniqueEmail } from '../support/api';
import { launchBrowser, openPage, storedSession } from '../support/browser';

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

describe('register, logout and login in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('refuses a short password on the register page without leaving it', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/register');
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Password').getAttribute('placeholder')).toBe('At least 6 characters');
    await fillCredentials(page, uniqueEmail(), '12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Invalid password', { exact: true }).waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect((await storedSession(page)).token).toBeNull();
    await context.close();
  });

  it('signs up, sees the dashboard, logs out and logs back in', async () => {
    const { context, page } = await openPage(browser);
    const email = uniqueEmail('browser');
    const password = 'a-good-password';

    await page.goto('/register');
    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Account created!').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Your SOPs' }).waitFor();
    await page.getByText(email).waitFor();
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user!)).toMatchObject({ email });
    for (const nav of ['My SOPs', 'Templates', 'Pricing', 'Billing', 'Settings']) {
      await page.getByRole('link', { name: nav, exact: true }).first().waitFor();
    }
    await page.getByRole('link', { name: 'New SOP' }).waitFor();

    await page.getByRole('button', { name: /Log ?out/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedSession(page)).toEqual({ token: null, user: null });

    await page.goto('/login');
    await fillCredentials(page, email, 'wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Login failed').waitFor();
    await page.getByText('Invalid email or password').waitFor();

    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Your SOPs' }).waitFor();
    await context.close();
  });

  it('shows the server message when the email is already registered', async () => {
    const { context, page } = await openPage(browser);
    const email = uniqueEmail('taken');
    await page.goto('/register');
    await fillCredentials(page, email, 'first-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/dashboard');
    await page.evaluate(() => localStorage.clear());

    await page.goto('/register');
    await fillCredentials(page, email, 'second-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Registration failed').waitFor();
    await page.getByText('An account with this email already exists').waitFor();
    await context.close();
  });
});
