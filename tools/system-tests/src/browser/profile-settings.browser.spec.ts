import type { Browser } from 'playwright-core';
import { api, registerUser } from '../support/api';
import { launchBrowser } from '../support/browser';
import { seedSop } from '../support/fixtures';
import { closeServices } from '../support/services';
import { eventually, openAs, pngFile, screenshot } from './app-session';

afterAll(closeServices);

type Profile = { email: string; companyName: string | null; companyLogoUrl: string | null };
const profileOf = async (token: string) => (await api<Profile>('GET', '/api/profile', { token })).body;

describe('profile settings in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('sets the company name and logo, which then brand the SOP detail page', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Branded SOP');
    const { context, page } = await openAs(browser, user);
    await page.goto('/settings/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();

    const email = page.getByRole('textbox', { name: 'Email' });
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Contact support to change your email address').waitFor();
    await page.getByText('Recommended 200x200px, max 5MB').waitFor();
    expect(await page.getByTestId('logo-input').getAttribute('accept')).toBe('.jpg,.jpeg,.png,.webp,.svg');
    expect(await page.getByRole('button', { name: 'Remove Logo' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Company name' }).fill('Acme Bakery');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').waitFor();
    expect((await profileOf(user.token)).companyName).toBe('Acme Bakery');

    await page.getByTestId('logo-input').setInputFiles(pngFile('logo.png'));
    await page.getByText('Logo uploaded').waitFor();
    const logo = page.getByRole('img', { name: 'Company logo' });
    await logo.waitFor();
    await eventually(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), (w) => w === 1, 'the logo to load');
    const saved = await profileOf(user.token);
    expect(saved.companyLogoUrl).toMatch(/^\/api\/media\/images\//);
    await screenshot(page, 'profile-settings');

    await page.goto(`/sop/${sop.id}`);
    const brand = page.getByTestId('company-brand');
    await brand.getByText('Acme Bakery').waitFor();
    const brandLogo = brand.getByRole('img', { name: 'Acme Bakery logo' });
    expect(await brandLogo.getAttribute('src')).toBe(saved.companyLogoUrl);
    await eventually(() => brandLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), (w) => w === 1, 'the brand logo to load');
    await screenshot(page, 'sop-detail-branded');
    await context.close();
  });

  it('logs out everywhere: every session of the account ends, this one included', async () => {
    const user = await registerUser();
    const other = await api<{ token: string }>('POST', '/api/auth/login', { json: { email: user.email, password: user.password } });
    const { context, page } = await openAs(browser, user);
    await page.goto('/settings/profile');
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => /session|token/i.test(key) && localStorage.getItem(key)))).toEqual([]);
    for (const token of [user.token, other.body.token]) expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    await context.close();
  });

  it('removes the logo, and Cancel goes back to the dashboard', async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await page.goto('/settings/profile');
    await page.getByTestId('logo-input').setInputFiles(pngFile('logo.png'));
    await page.getByText('Logo uploaded').waitFor();
    await page.getByRole('button', { name: 'Remove Logo' }).click();
    await page.getByText('Logo removed').waitFor();
    await eventually(() => page.getByRole('img', { name: 'Company logo' }).count(), (n) => n === 0, 'the logo to go');
    expect((await profileOf(user.token)).companyLogoUrl).toBeNull();

    // A name typed but not saved is not kept.
    await page.getByRole('textbox', { name: 'Company name' }).fill('Never saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect((await profileOf(user.token)).companyName).toBeNull();

    // A SOP without branding shows neither logo nor name.
    const sop = await seedSop(user.user.id, 'Plain SOP');
    await page.goto(`/sop/${sop.id}`);
    await page.getByRole('heading', { level: 1, name: 'Plain SOP' }).waitFor();
    expect(await page.getByTestId('company-brand').count()).toBe(0);
    await context.close();
  });

  it('tells the user when the logo upload fails', async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await page.goto('/settings/profile');
    await page.getByTestId('logo-input').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByText('Upload failed').waitFor();
    await page.getByText('Failed to upload logo').waitFor();
    await context.close();
  });

  it('connects the capture extension with a one-time code and disconnects it, which refuses its token at once', async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await page.goto('/settings/profile');
    await page.getByRole('heading', { name: 'Capture extension' }).waitFor();
    await page.getByText('No extension is connected.').waitFor();
    await page.getByRole('button', { name: 'Connect an extension' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Enter this code' }).locator('code');
    await shown.waitFor();
    const code = (await shown.textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // What the extension's popup does with the code the user typed in.
    const connected = await api<{ token: string }>('POST', '/api/extension/connections', { json: { code, name: 'Brave on Windows' } });
    expect(connected.status).toBe(201);
    expect((await api('GET', '/api/extension/connection', { token: connected.body.token })).status).toBe(200);

    await page.reload();
    const disconnect = page.getByRole('button', { name: /^Disconnect Brave on Windows/ });
    await disconnect.waitFor();
    await page.getByText(/Connected .* · last used/).waitFor();
    await disconnect.click();
    await page.getByText('Extension disconnected').waitFor();
    await page.getByText('No extension is connected.').waitFor();
    expect((await api('GET', '/api/extension/connection', { token: connected.body.token })).status).toBe(401);
    await context.close();
  });
});
