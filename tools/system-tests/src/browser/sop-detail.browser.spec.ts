import type { Sop } from '@sopwright/contracts';
import type { Browser, Page, Request } from 'playwright-core';
import { api, registerUser } from '../support/api';
import { launchBrowser } from '../support/browser';
import { seedSop } from '../support/fixtures';
import { closeServices } from '../support/services';
import { eventually, newTabRequest, newTabUrl, openAs, pngFile, screenshot } from './app-session';

afterAll(closeServices);

const steps = [
  { title: 'Open the register', details: 'Log in with your staff code.\nCheck the float is there.' },
  { title: 'Count the cash', details: 'Notes first, then coins.' },
  { title: 'Lock the drawer', details: 'The key goes to the safe.' },
];

const stepCards = (page: Page) => page.getByTestId('step-card');
const stepEditors = (page: Page) => page.getByTestId('step-editor');
const stepTitles = async (page: Page) => (await stepCards(page).getByRole('heading').allInnerTexts()).map((t) => t.trim());

async function openSop(browser: Browser, user: Awaited<ReturnType<typeof registerUser>>, sopId: string) {
  const session = await openAs(browser, user);
  await session.page.goto(`/sop/${sopId}`);
  await session.page.getByRole('button', { name: 'Edit' }).waitFor();
  return session;
}

const getSop = async (token: string, id: string) => (await api<Sop>('GET', `/api/sop/${id}`, { token })).body;

/** PUTs of the SOP the page sends. */
function recordSaves(page: Page): Request[] {
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/sop/')) saves.push(request);
  });
  return saves;
}

describe('SOP detail in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('shows a video SOP with its badge, date, step count, transcript and export buttons', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Refund a Customer', { sourceType: 'video', steps, transcript: 'So first you open the register, then...' });
    const { context, page } = await openSop(browser, user, sop.id);

    await page.getByRole('heading', { level: 1, name: 'Refund a Customer' }).waitFor();
    expect((await page.getByTestId('source-badge').innerText()).trim()).toBe('Video');
    expect(await page.getByTestId('step-count').innerText()).toBe('3 steps');
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await page.getByText(`Created ${today}`).waitFor();
    expect(await stepTitles(page)).toEqual(steps.map((s) => s.title));
    // Line breaks in details are kept.
    expect(await stepCards(page).first().innerText()).toContain('Log in with your staff code.\nCheck the float is there.');

    const transcript = page.getByTestId('transcript');
    expect(await transcript.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'View original transcript' }).click();
    await transcript.getByText('So first you open the register, then...').waitFor({ state: 'visible' });
    await screenshot(page, 'sop-detail-view', true);
    await page.getByRole('button', { name: 'View original transcript' }).click();
    await transcript.waitFor({ state: 'hidden' });

    for (const [label, format] of [
      ['PDF', 'pdf'],
      ['DOCX', 'docx'],
      ['Markdown', 'markdown'],
      ['HTML', 'html'],
    ] as const) {
      const url = await newTabRequest(context, () => page.getByRole('button', { name: label, exact: true }).click(), '/export/');
      expect(url.pathname).toBe(`/api/sop/${sop.id}/export/${format}`);
    }

    // Not while editing.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'SOP title' }).waitFor();
    expect(await page.getByRole('button', { name: 'View original transcript' }).count()).toBe(0);
    await context.close();
  });

  it("shows a text SOP without a transcript toggle, and 'No steps found in this SOP' when it has none", async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Nothing here yet', { sourceType: 'text', steps: [] });
    const { context, page } = await openSop(browser, user, sop.id);
    expect((await page.getByTestId('source-badge').innerText()).trim()).toBe('Text');
    await page.getByText('No steps found in this SOP').waitFor();
    expect(await page.getByTestId('step-count').innerText()).toBe('0 steps');
    expect(await page.getByRole('button', { name: 'View original transcript' }).count()).toBe(0);
    await context.close();
  });

  it("shows 'SOP not found' for an SOP that does not exist or is someone else's, with a way back", async () => {
    const owner = await registerUser();
    const theirs = await seedSop(owner.user.id, 'Private SOP');
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await page.goto('/sop/3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31');
    await page.getByText('SOP not found').waitFor();
    await page.goto(`/sop/${theirs.id}`);
    await page.getByText('SOP not found').waitFor();
    expect(await page.getByText('Private SOP').count()).toBe(0);
    await screenshot(page, 'sop-not-found');
    await page.getByRole('button', { name: 'Back to Dashboard' }).last().click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it('edits the title and a step, attaches an image, saves, and shows the thumbnail', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Close the Till', { steps });
    const { context, page } = await openSop(browser, user, sop.id);

    await page.getByRole('button', { name: 'Edit' }).click();
    const title = page.getByRole('textbox', { name: 'SOP title' });
    expect(await title.inputValue()).toBe('Close the Till');
    await title.fill('Close the Till Properly');
    await page.getByRole('textbox', { name: 'Step 2 title' }).fill('Count all the cash');
    await page.getByRole('textbox', { name: 'Step 2 details' }).fill('Notes first.\nThen coins, by value.');

    const second = stepEditors(page).nth(1);
    await second.getByLabel('Attach image to step 2').setInputFiles(pngFile());
    await page.getByText('Image uploaded').waitFor();
    await second.getByRole('img', { name: 'Step 2 image 1' }).waitFor();
    await screenshot(page, 'sop-detail-edit', true);

    const saving = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const sent = JSON.parse((await saving).postData() ?? '{}') as { title: string; steps: { title: string; imageUrls?: string[] }[] };
    expect(sent.title).toBe('Close the Till Properly');
    await page.getByText('SOP updated').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Close the Till Properly' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'SOP title' }).count()).toBe(0);
    expect(await stepTitles(page)).toEqual(['Open the register', 'Count all the cash', 'Lock the drawer']);
    expect(await stepCards(page).nth(1).innerText()).toContain('Notes first.\nThen coins, by value.');

    const thumbnail = stepCards(page).nth(1).getByRole('img', { name: 'Step 2 image 1' });
    await thumbnail.waitFor();
    // The image really loads (the session cookie serves it to its owner).
    await eventually(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), (w) => w === 1, 'the thumbnail to load');
    const imageUrl = sent.steps[1].imageUrls?.[0];
    expect(imageUrl).toMatch(/^\/api\/media\/images\//);
    const tab = await newTabUrl(context, () => thumbnail.click());
    expect(tab.url.pathname).toBe(imageUrl);
    await tab.close();
    await screenshot(page, 'sop-detail-saved', true);

    const saved = await getSop(user.token, sop.id);
    expect(saved.title).toBe('Close the Till Properly');
    expect(saved.steps[1]).toMatchObject({ title: 'Count all the cash', details: 'Notes first.\nThen coins, by value.', imageUrls: [imageUrl] });
    await context.close();
  });

  it('discards the draft on Cancel', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Open the Shop', { steps });
    const { context, page } = await openSop(browser, user, sop.id);
    const saves = recordSaves(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'SOP title' }).fill('Something else');
    await page.getByRole('textbox', { name: 'Step 1 title' }).fill('Changed step');
    await page.getByRole('button', { name: 'Delete step 3' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Open the Shop' }).waitFor();
    expect(await stepTitles(page)).toEqual(steps.map((s) => s.title));

    // Editing again starts from the saved SOP, not the discarded draft.
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByRole('textbox', { name: 'SOP title' }).inputValue()).toBe('Open the Shop');
    expect(await stepEditors(page).count()).toBe(3);
    expect(saves).toHaveLength(0);
    await context.close();
  });

  it("refuses a blank title with 'Validation error' and sends nothing", async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Lock Up', { steps });
    const { context, page } = await openSop(browser, user, sop.id);
    const saves = recordSaves(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'SOP title' }).fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Validation error').waitFor();
    await page.getByText('SOP title cannot be empty').waitFor();
    await screenshot(page, 'sop-detail-validation');
    expect(saves).toHaveLength(0);
    // Still editing, with the draft intact.
    expect(await page.getByRole('textbox', { name: 'Step 1 title' }).inputValue()).toBe('Open the register');
    expect((await getSop(user.token, sop.id)).title).toBe('Lock Up');
    await context.close();
  });

  it('adds, deletes and reorders steps, and saves them in that order', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Weekly Stocktake', { steps });
    const { context, page } = await openSop(browser, user, sop.id);
    await page.getByRole('button', { name: 'Edit' }).click();

    await page.getByRole('button', { name: 'Add Step' }).click();
    expect(await stepEditors(page).count()).toBe(4);
    await page.getByRole('textbox', { name: 'Step 4 title' }).fill('Sign the sheet');
    await page.getByRole('textbox', { name: 'Step 4 details' }).fill('Manager signs off.');
    await page.getByRole('button', { name: 'Delete step 1' }).click();
    // Now: Count the cash, Lock the drawer, Sign the sheet.
    await page.getByRole('button', { name: 'Move step 3 up' }).click();
    await page.getByRole('button', { name: 'Move step 1 down' }).click();
    expect(await page.getByRole('button', { name: 'Move step 1 up' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move step 3 down' }).isDisabled()).toBe(true);
    const order = ['Sign the sheet', 'Count the cash', 'Lock the drawer'];
    for (const [i, expected] of order.entries()) {
      expect(await page.getByRole('textbox', { name: `Step ${i + 1} title` }).inputValue()).toBe(expected);
    }
    // A new step without a title is caught before saving.
    await page.getByRole('button', { name: 'Add Step' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Each step needs a title').waitFor();
    await page.getByRole('button', { name: 'Delete step 4' }).click();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('SOP updated').waitFor();
    await eventually(() => stepTitles(page), (t) => t.join('|') === order.join('|'), 'the saved order');
    expect(await page.getByTestId('step-count').innerText()).toBe('3 steps');
    const saved = await getSop(user.token, sop.id);
    expect(saved.steps.map((s) => s.title)).toEqual(order);
    expect(saved.steps[0].details).toBe('Manager signs off.');
    await context.close();
  });

  it('lists earlier versions, shows one read-only and restores it', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'Original Title', { steps });
    const { context, page } = await openSop(browser, user, sop.id);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'SOP title' }).fill('Second Title');
    await page.getByRole('button', { name: 'Delete step 3' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('SOP updated').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Second Title' }).waitFor();

    await page.getByRole('button', { name: 'Version history' }).click();
    const drawer = page.getByRole('dialog', { name: 'Version history' });
    const items = drawer.getByTestId('version-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    const item = items.first();
    await item.getByText('Version 1').waitFor();
    await item.getByText('3 steps').waitFor();
    await item.getByText('Original Title').waitFor();
    await item.getByText(/^Saved \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/).waitFor();
    await screenshot(page, 'sop-version-history');

    await item.getByRole('button', { name: /^View/ }).click();
    const detail = drawer.getByTestId('version-detail');
    await detail.getByRole('heading', { name: 'Original Title' }).waitFor();
    expect((await detail.getByTestId('step-card').getByRole('heading').allInnerTexts()).map((t) => t.trim())).toEqual(steps.map((s) => s.title));
    expect(await detail.getByRole('textbox').count()).toBe(0);
    await screenshot(page, 'sop-version-view');

    await drawer.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText('Version restored').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Original Title' }).waitFor();
    expect(await stepTitles(page)).toEqual(steps.map((s) => s.title));
    expect((await getSop(user.token, sop.id)).title).toBe('Original Title');

    // The replaced content became a version too.
    await page.getByRole('button', { name: 'Version history' }).click();
    await eventually(() => drawer.getByTestId('version-item').count(), (n) => n === 2, 'two versions');
    await drawer.getByTestId('version-item').first().getByText('Second Title').waitFor();
    await context.close();
  });
});
