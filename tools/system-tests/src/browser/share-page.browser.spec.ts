import { type CreatedShareLink } from '@sopwright/contracts';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { api, baseUrl, registerUser } from '../support/api';
import { axeFindings } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { seedSop } from '../support/fixtures';
import { closeServices } from '../support/services';
import { screenshot } from './app-session';

afterAll(closeServices);

describe('a share link in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('shows the SOP, its images and the PDF to a signed-out visitor, until the link is revoked', async () => {
    const author = await registerUser();
    expect((await api('PUT', '/api/profile', { token: author.token, json: { companyName: 'Harbour Café' } })).status).toBe(200);
    const form = new FormData();
    const png = await sharp({ create: { width: 400, height: 240, channels: 3, background: '#2255aa' } }).png().toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'step.png');
    const uploaded = (await (await fetch(`${baseUrl()}/api/sop/upload-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${author.token}` } })).json()) as { imageUrl: string };
    const sop = await seedSop(author.user.id, 'Open the café', {
      steps: [
        { title: 'Unlock the front door', details: 'The key is in the office safe.', imageUrls: [uploaded.imageUrl] },
        { title: 'Start the espresso machine', details: '' },
      ],
    });
    const link = await api<CreatedShareLink>('POST', `/api/sop/${sop.id}/share-links`, { token: author.token, json: {} });
    expect(link.status).toBe(201);

    // bypassCSP: axe-core goes in as a script tag (see support/axe).
    const { context, page } = await openPage(browser, { bypassCSP: true });
    await page.goto(`/s/${link.body.token}`);
    await page.getByRole('heading', { level: 1, name: 'Open the café' }).waitFor();
    await page.getByText('Harbour Café').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['1. Unlock the front door', '2. Start the espresso machine']);
    const image = page.getByRole('img', { name: 'Step 1, image 1' });
    await image.waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    expect(await page.getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(`/api/share/${link.body.token}/export/pdf`);
    expect(await page.title()).toContain('Shared SOP');
    expect(await axeFindings(page, 'shared SOP page')).toEqual([]);
    await screenshot(page, 'shared-sop', true);

    expect((await api('DELETE', `/api/sop/${sop.id}/share-links/${link.body.id}`, { token: author.token })).status).toBe(204);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    await page.getByText('it was revoked, has expired or never existed').waitFor();
    expect(await page.getByRole('heading', { name: 'Open the café' }).count()).toBe(0);
    expect(await axeFindings(page, 'revoked share link')).toEqual([]);
    await context.close();
  });
});
