import type { Browser, Locator, Page, Request } from 'playwright-core';
import { registerUser } from '../support/api';
import { launchBrowser, openPage } from '../support/browser';

/** Set SOPWRIGHT_SCREENSHOTS=<dir> to keep screenshots of the pages these tests visit. */
const screenshotDir = process.env.SOPWRIGHT_SCREENSHOTS;

async function screenshot(page: Page, name: string) {
  if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/${name}.png` });
}

/** Polls until `check` holds, then returns its last value: list sizes settle after a fetch. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** The template API requests a page makes, with the headers the browser really sent. */
function recordTemplateRequests(page: Page) {
  const seeds: Request[] = [];
  const lists: { url: string; headers: Promise<Record<string, string>> }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/templates/seed' && request.method() === 'POST') seeds.push(request);
    if (pathname === '/api/templates' && request.method() === 'GET') lists.push({ url: request.url(), headers: request.allHeaders() });
  });
  return { seeds, lists };
}

const cards = (page: Page) => page.getByRole('article');
const cardTexts = (page: Page) => cards(page).allInnerTexts();
const categoryBadge = (card: Locator) => card.getByTestId('template-category');

async function waitForLibrary(page: Page): Promise<number> {
  await page.getByRole('heading', { name: 'Template Library' }).waitFor();
  await cards(page).first().waitFor();
  return cards(page).count();
}

describe('template library in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('shows a visitor the library under the public header, seeding once and sending no token', async () => {
    const { context, page } = await openPage(browser);
    const requests = recordTemplateRequests(page);
    await page.goto('/templates');
    const total = await waitForLibrary(page);

    await page.getByRole('link', { name: 'Log In' }).waitFor();
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    expect(total).toBeGreaterThanOrEqual(80);

    const first = cards(page).first();
    expect((await categoryBadge(first).innerText()).trim()).not.toBe('');
    expect(await first.getByText(/^\d+ steps$/).count()).toBe(1);
    expect(await first.getByRole('button', { name: 'Use Template' }).count()).toBe(1);
    const previewSteps = first.getByRole('list', { name: /^First steps of / }).getByRole('listitem');
    expect(await previewSteps.count()).toBe(3);
    await first.getByText(/^\+\d+ more steps?$/).waitFor();

    const categories = new Set((await cards(page).getByTestId('template-category').allInnerTexts()).map((text) => text.trim()));
    expect(categories.size).toBe(10);
    await screenshot(page, 'templates-visitor');
    if (screenshotDir) {
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'templates-mobile');
    }

    expect(requests.seeds).toHaveLength(1);
    expect(requests.lists.length).toBeGreaterThanOrEqual(1);
    for (const list of requests.lists) expect(Object.keys(await list.headers)).not.toContain('authorization');
    await context.close();
  });

  it('narrows the list by search and shows the empty state for a search that matches nothing', async () => {
    const { context, page } = await openPage(browser);
    const requests = recordTemplateRequests(page);
    await page.goto('/templates');
    const total = await waitForLibrary(page);

    const search = page.getByRole('searchbox', { name: 'Search templates' });
    await search.fill('onboarding');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const found = await eventually(() => cardTexts(page), (texts) => texts.length > 0 && texts.length < total, 'the search results');
    for (const text of found) expect(text.toLowerCase()).toContain('onboarding');
    expect(requests.lists.some((list) => new URL(list.url).searchParams.get('q') === 'onboarding')).toBe(true);

    await search.fill('zzqx nothing like this');
    await search.press('Enter');
    await page.getByText('No templates found').waitFor();
    await screenshot(page, 'templates-empty');
    expect(await cards(page).count()).toBe(0);

    // An empty search lists everything again.
    await search.fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await eventually(() => cards(page).count(), (count) => count === total, 'the whole library');
    expect(requests.seeds).toHaveLength(1);
    await context.close();
  });

  it('filters by a category chip and back to All', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/templates');
    const total = await waitForLibrary(page);

    const chips = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    expect(await chips.count()).toBe(11);
    expect(await chips.first().innerText()).toMatch(/^All/);
    await page.getByRole('button', { name: 'Sales', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Sales', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const count = await eventually(() => cards(page).count(), (n) => n > 0 && n < total, 'the Sales templates');
    const badges = await cards(page).getByTestId('template-category').allInnerTexts();
    expect(badges).toHaveLength(count);
    expect(new Set(badges.map((badge) => badge.trim()))).toEqual(new Set(['Sales']));
    await screenshot(page, 'templates-sales');

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await eventually(() => cards(page).count(), (n) => n === total, 'the whole library');
    await context.close();
  });

  it('expands a card to the full template with every step and its details', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/templates');
    await waitForLibrary(page);

    const card = cards(page).first();
    const stepCount = Number((await card.getByText(/^\d+ steps$/).innerText()).split(' ')[0]);
    expect(stepCount).toBeGreaterThan(3);
    await card.getByRole('button', { name: 'Show full template' }).click();
    const allSteps = card.getByRole('list', { name: /^All steps of / }).getByRole('listitem');
    await allSteps.first().waitFor();
    expect(await allSteps.count()).toBe(stepCount);
    expect((await allSteps.last().innerText()).split('\n').filter((line) => line.trim()).length).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'templates-expanded');
    await card.getByRole('button', { name: 'Hide full template' }).click();
    await card.getByRole('button', { name: 'Show full template' }).waitFor();
    await context.close();
  });

  it("takes a logged-in user from 'Use Template' to /create with the text tab filled in", async () => {
    const user = await registerUser();
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.evaluate(({ token, user: sessionUser }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(sessionUser));
    }, { token: user.token, user: { id: user.user.id, email: user.user.email } });
    await page.reload();

    const requests = recordTemplateRequests(page);
    await page.goto('/templates');
    await waitForLibrary(page);
    await page.getByRole('link', { name: 'New SOP' }).waitFor();
    expect(requests.seeds).toHaveLength(1);
    for (const list of requests.lists) expect(Object.keys(await list.headers)).not.toContain('authorization');

    const card = cards(page).nth(1);
    const title = (await card.getByRole('heading').innerText()).trim();
    const firstStep = (await card.getByRole('list', { name: /^First steps of / }).getByRole('listitem').first().innerText())
      .replace(/^\d+\s*/, '')
      .trim();
    await card.getByRole('button', { name: 'Use Template' }).click();

    await page.waitForURL((url) => url.pathname === '/create' && url.searchParams.has('template'));
    const sent = JSON.parse(new URL(page.url()).searchParams.get('template')!) as { title: string; steps: { title: string; details: string }[] };
    expect(sent.title).toBe(title);
    await page.getByText('Template loaded').waitFor();
    expect(await page.getByRole('tab', { name: 'Write Process' }).getAttribute('aria-selected')).toBe('true');
    // Every source tab has its own title field; the template fills the one on 'Write Process'.
    const writeProcess = page.getByRole('tabpanel', { name: 'Write Process' });
    expect(await writeProcess.getByLabel('Title').inputValue()).toBe(title);
    const notes = await writeProcess.getByLabel('Notes').inputValue();
    expect(notes.startsWith(`1. ${firstStep}\n`)).toBe(true);
    expect(notes).toBe(sent.steps.map((step, i) => `${i + 1}. ${step.title}\n${step.details}`).join('\n\n'));
    expect(await page.getByText('Template loaded').count()).toBe(1);
    await screenshot(page, 'create-from-template');

    // A template link that does not hold JSON is ignored rather than breaking the page.
    await page.goto('/create?template=%7Bnot-json');
    await page.getByRole('heading', { name: 'Create SOP' }).waitFor();
    expect(await writeProcess.getByLabel('Title').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Generate SOP' }).click();
    await page.getByText('Missing fields').waitFor();
    await page.getByText('Please provide both title and text').waitFor();
    expect(await page.getByText('Template loaded').count()).toBe(0);
    await context.close();
  });
});
