import { billingMessages } from '@sopwright/contracts';
import type { Browser, Page } from 'playwright-core';
import { registerUser } from '../support/api';
import { axeFindings } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { seedSop } from '../support/fixtures';
import { closeServices, services } from '../support/services';
import { eventually, newTabRequest, openAs, screenshot } from './app-session';

afterAll(closeServices);

const usageCard = (page: Page) => page.getByRole('region', { name: 'Plan and usage' });
const sopCards = (page: Page) => page.getByTestId('sop-card');
const cardTitles = async (page: Page) => (await sopCards(page).getByRole('heading').allInnerTexts()).map((t) => t.trim());
const stat = async (page: Page, key: 'total' | 'video' | 'text' | 'capture') => (await page.getByTestId(`stat-${key}`).innerText()).split('\n');

async function openDashboard(browser: Browser, user: Awaited<ReturnType<typeof registerUser>>, options: { bypassCSP?: boolean } = {}) {
  const session = await openAs(browser, user, options);
  await session.page.goto('/dashboard');
  await session.page.getByRole('heading', { name: 'Your SOPs' }).waitFor();
  return session;
}

describe('dashboard in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it("asks for the library's summaries while the dashboard's code is still loading, once", async () => {
    const user = await registerUser();
    await seedSop(user.user.id, 'Open the Shop');
    const { context, page } = await openAs(browser, user);
    const summaries: number[] = [];
    const remoteFinished: number[] = [];
    const wholeLists: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/sop' && url.searchParams.has('limit')) summaries.push(Date.now());
      if (url.pathname === '/api/sop' && !url.search) wholeLists.push(url.href);
    });
    page.on('requestfinished', (request) => {
      if (/\/dashboard\/.+\.js$/.test(new URL(request.url()).pathname)) remoteFinished.push(Date.now());
    });
    await page.goto('/dashboard');
    await sopCards(page).first().waitFor();
    expect(summaries).toHaveLength(1);
    expect(remoteFinished.length).toBeGreaterThan(0);
    // Started before the dashboard remote's last script had arrived, not after it rendered.
    expect(summaries[0]!).toBeLessThanOrEqual(Math.max(...remoteFinished));
    expect(wholeLists).toEqual([]);
    await context.close();
  });

  it("shows a new user the free plan and 'No SOPs yet', and leads to /create", async () => {
    const user = await registerUser();
    const { context, page } = await openDashboard(browser, user);
    const card = usageCard(page);
    await card.getByText('Free Plan').waitFor();
    await card.getByText('Limited', { exact: true }).waitFor();
    await card.getByText('Upgrade to create SOPs').waitFor();
    expect(await card.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/pricing');

    await page.getByText('No SOPs yet').waitFor();
    expect(await stat(page, 'total')).toEqual(['Total SOPs', '0']);
    expect(await stat(page, 'video')).toEqual(['From Video', '0']);
    expect(await stat(page, 'text')).toEqual(['From Text', '0']);
    await screenshot(page, 'dashboard-empty');

    await page.getByRole('link', { name: 'Create Your First SOP' }).click();
    await page.waitForURL((url) => url.pathname === '/create');
    await context.close();
  });

  it('shows a Starter Pack with no credits and its Buy More Credits button to /pricing', async () => {
    const user = await registerUser();
    await services().send(billingMessages.setPlan, { userId: user.user.id, planType: 'starter', reason: 'test' });
    const { context, page } = await openDashboard(browser, user);
    const card = usageCard(page);
    await card.getByText('Starter Pack').waitFor();
    await card.getByText('No credits remaining').waitFor();
    expect(await card.getByRole('link').count()).toBe(1);
    await card.getByRole('link', { name: 'Buy More Credits' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await context.close();
  });

  it('shows the credits left on a Starter Pack with Upgrade to Pro', async () => {
    const user = await registerUser();
    await services().send(billingMessages.grantCredits, { userId: user.user.id, credits: 3, key: 'pack-1', reason: 'test' });
    const { context, page } = await openDashboard(browser, user);
    const card = usageCard(page);
    await card.getByText('Starter Pack').waitFor();
    await card.getByText('3 credits remaining').waitFor();
    await screenshot(page, 'dashboard-starter');
    expect(await card.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('Upgrade to Pro')]);
    expect(await card.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/pricing');
    await context.close();
  });

  it('shows Pro as unlimited with no button', async () => {
    const user = await registerUser();
    await services().send(billingMessages.setPlan, { userId: user.user.id, planType: 'pro', reason: 'test' });
    const { context, page } = await openDashboard(browser, user);
    const card = usageCard(page);
    await card.getByText('Pro Plan').waitFor();
    await card.getByText('Unlimited', { exact: true }).waitFor();
    expect(await card.getByRole('link').count()).toBe(0);
    expect(await card.getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('counts, searches and filters the SOPs, and clears filters that match nothing', async () => {
    const user = await registerUser();
    await seedSop(user.user.id, 'Employee Onboarding', { sourceType: 'text' });
    await seedSop(user.user.id, 'Refund a Customer', {
      sourceType: 'video',
      steps: [
        { title: 'Find the order', details: '' },
        { title: 'Issue the refund', details: '' },
        { title: 'Email the customer', details: '' },
      ],
    });
    await seedSop(user.user.id, 'Vendor onboarding checklist', { sourceType: 'text' });
    const { context, page } = await openDashboard(browser, user);

    await eventually(() => sopCards(page).count(), (n) => n === 3, 'three SOP cards');
    expect(await stat(page, 'total')).toEqual(['Total SOPs', '3']);
    expect(await stat(page, 'video')).toEqual(['From Video', '1']);
    expect(await stat(page, 'text')).toEqual(['From Text', '2']);
    // Newest first.
    expect(await cardTitles(page)).toEqual(['Vendor onboarding checklist', 'Refund a Customer', 'Employee Onboarding']);
    const refund = sopCards(page).filter({ hasText: 'Refund a Customer' });
    await refund.getByText('3 steps').waitFor();
    expect((await refund.getByTestId('source-badge').innerText()).trim()).toBe('Video');
    const onboarding = sopCards(page).filter({ hasText: 'Employee Onboarding' });
    await onboarding.getByText('2 steps').waitFor();
    expect((await onboarding.getByTestId('source-badge').innerText()).trim()).toBe('Text');
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await onboarding.getByText(today).waitFor();
    await screenshot(page, 'dashboard-list', true);

    const search = page.getByRole('searchbox', { name: 'Search SOPs' });
    await search.fill('ONBOARDING');
    await eventually(() => cardTitles(page), (t) => t.length === 2, 'the search results');
    expect(await cardTitles(page)).toEqual(['Vendor onboarding checklist', 'Employee Onboarding']);

    const filter = page.getByRole('combobox', { name: 'Filter by source' });
    expect(await filter.locator('option').allInnerTexts()).toEqual(['All Sources', 'Text Only', 'Video Only']);
    await filter.selectOption({ label: 'Video Only' });
    await page.getByText('No SOPs found').waitFor();
    expect(await sopCards(page).count()).toBe(0);
    await screenshot(page, 'dashboard-no-match');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(() => sopCards(page).count(), (n) => n === 3, 'all SOPs again');
    expect(await search.inputValue()).toBe('');
    expect(await filter.inputValue()).toBe('all');

    await filter.selectOption({ label: 'Video Only' });
    await eventually(() => cardTitles(page), (t) => t.join() === 'Refund a Customer', 'the video SOP');
    await filter.selectOption({ label: 'Text Only' });
    await eventually(() => cardTitles(page), (t) => t.length === 2 && !t.includes('Refund a Customer'), 'the text SOPs');
    expect(await page.getByTestId('stat-capture').count()).toBe(0);
    await context.close();
  });

  it('badges an SOP the capture extension recorded, counts captures and filters by them once there are any', async () => {
    const user = await registerUser();
    await seedSop(user.user.id, 'Close the Till', { sourceType: 'text' });
    await seedSop(user.user.id, 'Create invoice', { sourceType: 'text', origin: 'capture' });
    // bypassCSP: axe-core goes in as a script tag (see support/axe).
    const { context, page } = await openDashboard(browser, user, { bypassCSP: true });
    await eventually(() => sopCards(page).count(), (n) => n === 2, 'two SOP cards');
    expect((await sopCards(page).filter({ hasText: 'Create invoice' }).getByTestId('source-badge').innerText()).trim()).toBe('Capture');
    expect((await sopCards(page).filter({ hasText: 'Close the Till' }).getByTestId('source-badge').innerText()).trim()).toBe('Text');
    // A capture is written steps: From Text counts it, and From Capture says how many of those were captured.
    expect(await stat(page, 'text')).toEqual(['From Text', '2']);
    expect(await stat(page, 'capture')).toEqual(['From Capture', '1']);
    const filter = page.getByRole('combobox', { name: 'Filter by source' });
    expect(await filter.locator('option').allInnerTexts()).toEqual(['All Sources', 'Text Only', 'Video Only', 'Capture Only']);
    await filter.selectOption({ label: 'Capture Only' });
    await eventually(() => cardTitles(page), (t) => t.join() === 'Create invoice', 'the captured SOP');
    expect(await axeFindings(page, 'dashboard with a capture')).toEqual([]);
    await screenshot(page, 'dashboard-capture');
    await context.close();
  });

  it('opens an SOP from its card, and its Export button opens the HTML export in a new tab instead', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Close the Till');
    const { context, page } = await openDashboard(browser, user);
    const card = sopCards(page).first();
    await card.waitFor();

    const url = await newTabRequest(context, () => card.getByRole('button', { name: 'Export' }).click(), '/export/');
    expect(url.pathname).toBe(`/api/sop/${sop.id}/export/html`);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Anywhere on the card, not only the title, opens it.
    await card.getByText('2 steps').waitFor();
    // A real click there: the card's link overlay takes it, as it would for a user.
    const steps = (await card.getByText('2 steps').boundingBox())!;
    await page.mouse.click(steps.x + steps.width / 2, steps.y + steps.height / 2);
    await page.waitForURL((url) => url.pathname === `/sop/${sop.id}`);
    await page.getByRole('heading', { name: 'Close the Till' }).waitFor();
    await context.close();
  });

  it('shows three placeholders while the list loads', async () => {
    const user = await registerUser();
    await seedSop(user.user.id, 'Slow list');
    const session = await openAs(browser, user);
    const { context, page } = session;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The library's list, whatever page of summaries it asks for.
    await page.route((url) => url.pathname === '/api/sop', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    const skeletons = page.getByLabel('Loading', { exact: true });
    await skeletons.waitFor();
    expect(await skeletons.locator(':scope > *').count()).toBe(3);
    release();
    await sopCards(page).first().waitFor();
    expect(await skeletons.count()).toBe(0);
    await context.close();
  });
});
