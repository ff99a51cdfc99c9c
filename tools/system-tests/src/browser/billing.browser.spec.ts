import type { Browser, Page } from 'playwright-core';
import { registerUser } from '../support/api';
import { launchBrowser, openPage } from '../support/browser';
import { openAs, screenshot } from './app-session';

/** Pricing, checkout and the portal as a user sees them, on the embedded stack's test-mode payments. */

const usageCard = (page: Page) => page.getByRole('region', { name: 'Plan and usage' });
const planButtons = (page: Page) => ({
  starter: page.getByRole('region', { name: 'Starter Pack' }).getByRole('button'),
  pro: page.getByRole('region', { name: 'Pro Plan' }).getByRole('button'),
});

async function openPricing(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('heading', { name: 'Simple, transparent pricing' }).waitFor();
}

async function completeTestPurchase(page: Page, product: string) {
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
  await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
  await page.getByText('test mode — no payment is taken').waitFor();
  await page.getByRole('region', { name: 'Order summary' }).getByText(product).waitFor();
  await screenshot(page, `checkout-${product.replace(/\W+/g, '-').toLowerCase()}`);
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

async function generateFromText(page: Page, title: string) {
  await page.goto('/create');
  const panel = page.getByRole('tabpanel', { name: 'Write Process' });
  await panel.getByLabel('Title').fill(title);
  await panel.getByLabel('Notes').fill('First open the till. Then count the float. Finally lock the till.');
  await panel.getByRole('button', { name: 'Generate SOP' }).click();
  await page.getByText('SOP created!').waitFor();
}

describe('billing in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('shows a visitor both plans, Monthly and Yearly prices and the FAQ, and sends a choice to /login', async () => {
    const { context, page } = await openPage(browser);
    await openPricing(page);
    const pro = page.getByRole('region', { name: 'Pro Plan' });
    await pro.getByText('Most Popular').waitFor();
    await pro.getByText('$25').waitFor();
    await page.getByRole('region', { name: 'Starter Pack' }).getByText('$20').waitFor();
    await page.getByRole('button', { name: /Yearly/ }).getByText('Save $60').waitFor();

    await page.getByRole('button', { name: /Yearly/ }).click();
    await pro.getByText('$240').waitFor();
    await pro.getByText('per year').waitFor();
    await screenshot(page, 'pricing-yearly', true);
    await page.getByRole('button', { name: 'Monthly' }).click();
    await pro.getByText('$25').waitFor();

    await page.getByRole('button', { name: 'How do credits work?' }).click();
    await page.getByText('The Starter Pack gives you 5 credits, and credits never expire.', { exact: false }).waitFor();
    for (const question of ['Can I upgrade from the Starter Pack to Pro?', 'Which payment methods do you accept?', 'How do I cancel Pro?']) {
      await page.getByRole('button', { name: question }).waitFor();
    }

    await planButtons(page).pro.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('sells a new user the Starter Pack: 5 credits, one SOP, 4 credits left', async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await page.goto('/dashboard');
    await usageCard(page).getByText('Free Plan').waitFor();

    await openPricing(page);
    await planButtons(page).starter.click();
    await completeTestPurchase(page, 'Starter Pack');
    await usageCard(page).getByText('5 credits remaining').waitFor();

    await generateFromText(page, 'Open the till');
    await page.goto('/dashboard');
    await usageCard(page).getByText('4 credits remaining').waitFor();
    await screenshot(page, 'dashboard-after-starter');
    await context.close();
  });

  it('takes a user to Pro by the year, unlimited, and lets them cancel in the portal while keeping Pro', async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await openPricing(page);
    await page.getByRole('button', { name: /Yearly/ }).click();
    await planButtons(page).pro.click();
    await completeTestPurchase(page, 'Pro Plan (yearly)');
    await usageCard(page).getByText('Pro Plan').waitFor();
    await usageCard(page).getByText('Unlimited', { exact: true }).waitFor();
    await generateFromText(page, 'Count the float');

    await page.goto('/billing');
    await page.getByRole('heading', { name: 'Upgrade to Pro' }).waitFor();
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/billing/portal');
    await page.getByText('test mode — no payment is taken').waitFor();
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByText('Pro', { exact: true }).waitFor();
    await plan.getByText('$240 per year').waitFor();
    await page.getByText(/^Renews on /).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/^Ends on /).waitFor();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await plan.getByText('Pro', { exact: true }).waitFor();
    await screenshot(page, 'portal-cancelled');

    await page.goto('/dashboard');
    await usageCard(page).getByText('Pro Plan').waitFor();
    await context.close();
  });

  it("shows 'Loading...' on the chosen plan with both disabled, then the failure toast and both enabled again", async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stripe/checkout/starter', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Stripe is down', error: 'Internal Server Error' }) });
    });
    await openPricing(page);
    const { starter, pro } = planButtons(page);
    await starter.click();
    await page.getByRole('button', { name: 'Loading...' }).waitFor();
    expect(await starter.innerText()).toBe('Loading...');
    expect(await starter.isDisabled()).toBe(true);
    expect(await pro.isDisabled()).toBe(true);
    expect(await pro.innerText()).toBe('Upgrade to Pro');

    release();
    await page.getByText('Failed to start checkout').waitFor();
    await page.getByText('Please try again').waitFor();
    expect(await starter.innerText()).toBe('Buy Starter Pack');
    expect(await starter.isDisabled()).toBe(false);
    expect(await pro.isDisabled()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await context.close();
  });

  it("says 'Failed to open portal' when the portal cannot be opened", async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await page.route('**/api/stripe/portal', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"statusCode":502,"message":"x","error":"Bad Gateway"}' }));
    await page.goto('/billing');
    await page.getByRole('region', { name: 'Pro' }).getByText('$29').waitFor();
    for (const feature of ['Unlimited SOP generation', 'Unlimited video transcriptions', 'Export to HTML and PDF', 'Team collaboration (coming soon)', 'Priority support']) {
      await page.getByText(feature, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.getByText('Failed to open portal').waitFor();
    expect(await page.getByRole('button', { name: 'Subscribe with Stripe' }).isDisabled()).toBe(false);
    await context.close();
  });
});
