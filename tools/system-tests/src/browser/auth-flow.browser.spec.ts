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
    await page.getByRole('status').getByText('Password must be at least 6 characters').waitFor();
    // The same message under the form, tied to the field it is about.
    expect(await page.getByRole('alert').innerText()).toBe('Password must be at least 6 characters');
    const passwordField = page.locator('input[name=password]');
    expect(await passwordField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('input[name=email]').getAttribute('aria-invalid')).toBeNull();
    const describedBy = await passwordField.getAttribute('aria-describedby');
    expect(describedBy?.split(' ')).toContain(await page.getByRole('alert').getAttribute('id'));
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
    await page.getByRole('status').getByText('Invalid email or password').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('Invalid email or password');
    expect(await page.locator('input[name=email]').getAttribute('aria-invalid')).toBe('true');

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
    await page.getByRole('status').getByText('An account with this email already exists').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('An account with this email already exists');
    await context.close();
  });
});
