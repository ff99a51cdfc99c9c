import type { ImageEdit, Sop } from '@sopwright/contracts';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { api, registerUser } from '../support/api';
import { axeFindings, settle } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { fetchAsUser, seedSop, upload } from '../support/fixtures';
import { control, describeFocus, focusSettlesOn, reach, tabTo, type FocusMatch } from '../support/keyboard';
import { pdfImages, renderPdfPage } from '../support/pdf';
import { closeServices } from '../support/services';
import { eventually, openAs, screenshot, type TestUser } from './app-session';

/**
 * The image editor on the SOP page (issue 18): crop, mark up and redact a step image, save it
 * (the server flattens the layer into a new image, which takes the old one's place on the
 * step), open it again with its layer, and export the SOP to PDF, whose rendered page shows the
 * blur. Axe runs on the open dialog, and the keyboard alone draws, moves and removes a mark.
 */

afterAll(closeServices);
jest.setTimeout(120_000);

const [WIDTH, HEIGHT] = [800, 400];
const EMAIL = 'dana.whitfield@example.com';
type Box = { left: number; top: number; width: number; height: number };
/** A checkerboard of 10 px squares: sharp detail a blur must wipe out. */
const CHECKS: Box = { left: 480, top: 200, width: 280, height: 160 };
/** The same checks above it, which no mark covers: what an export must keep as sharp as it was. */
const CONTROL: Box = { left: 480, top: 110, width: 280, height: 70 };
/** The resolution PDF pages are rendered at to be measured. */
const DPI = 150;

/** An 800x400 screenshot: an email on the first line, a button, and two checkerboards. */
async function screenshotPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><pattern id="c" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="#fff"/><rect width="10" height="10" fill="#000"/><rect x="10" y="10" width="10" height="10" fill="#000"/></pattern></defs>
    <rect width="100%" height="100%" fill="#f8fafc"/>
    <text x="40" y="80" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#111">Customer: ${EMAIL}</text>
    <rect x="40" y="250" width="200" height="60" rx="8" fill="#2563eb"/>
    <text x="100" y="290" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#fff">Save</text>
    <rect x="${CONTROL.left}" y="${CONTROL.top}" width="${CONTROL.width}" height="${CONTROL.height}" fill="url(#c)"/>
    <rect x="${CHECKS.left}" y="${CHECKS.top}" width="${CHECKS.width}" height="${CHECKS.height}" fill="url(#c)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function sopWithScreenshot(user: TestUser): Promise<{ sop: Sop; imageUrl: string }> {
  const uploaded = await upload('/api/sop/upload-image', 'image', { bytes: await screenshotPng(), name: 'screen.png', type: 'image/png' }, user.token);
  expect(uploaded.status).toBe(200);
  const imageUrl = uploaded.body!.imageUrl as string;
  const sop = await seedSop(user.user.id, 'Refund a Customer', {
    steps: [
      { title: 'Open the customer', details: 'Find them by email.', imageUrls: [imageUrl] },
      { title: 'Issue the refund', details: 'Press Save.' },
    ],
  });
  return { sop, imageUrl };
}

const editorDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit image' });

/** The names of the marks listed in the dialog (their select buttons, not the remove ones). */
async function listedMarks(page: Page): Promise<string[]> {
  const list = editorDialog(page).getByTestId('marks');
  if ((await list.count()) === 0) return [];
  return list.locator('[data-mark-index]').allInnerTexts();
}

async function openEditor(page: Page, name = 'Edit image 1 of step 1') {
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = editorDialog(page);
  await dialog.waitFor();
  const source = dialog.getByTestId('edit-source');
  await eventually(() => source.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), (w) => w === WIDTH, 'the original to load in the editor');
  return dialog;
}

/** Drags the mouse across `target` from one fraction of its box to another. */
async function dragAcross(page: Page, target: Locator, from: [number, number], to: [number, number]) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from[0] + to[0]) / 2), box.y + box.height * ((from[1] + to[1]) / 2), { steps: 4 });
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 4 });
  await page.mouse.up();
}

/** The grey values (0-255, on white) of a box of an image, resized to `size` when given. */
async function greys(image: Buffer, box: Box, size?: { width: number; height: number }): Promise<Uint8Array> {
  const region = sharp(image).extract(box);
  if (size) region.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await region.flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  return new Uint8Array(data);
}

/** The standard deviation of grey values: over 100 on sharp checks, low once blurred. */
function spreadOf(values: Uint8Array): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}

const spread = async (image: Buffer, box: Box) => spreadOf(await greys(image, box));

/** How far apart two same-size grey images are, on average per pixel (0 the same, 255 opposite). */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  return a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;
}

/** A box shrunk by a fifth of its size on every side. */
const middleOf = (box: Box): Box => ({
  left: Math.ceil(box.left + box.width * 0.2),
  top: Math.ceil(box.top + box.height * 0.2),
  width: Math.floor(box.width * 0.6),
  height: Math.floor(box.height * 0.6),
});

/**
 * Where a step image is drawn on a rendered export page (white paper; the image, in a light
 * border, is its only wide block): the longest run of rows with at least `minInked` pixels not
 * white, and the columns not white through at least half of that run; less the 1 CSS px border.
 * (The image's background is not white; its white checks are, so rows and columns through them
 * are only partly inked.)
 */
async function findImageOnPage(pagePng: Buffer, minInked: number): Promise<Box> {
  const { data, info } = await sharp(pagePng).greyscale().raw().toBuffer({ resolveWithObject: true });
  const inked = (x: number, y: number) => data[(y * info.width + x) * info.channels]! < 253;
  let [best, start] = [{ top: 0, height: 0 }, -1];
  for (let y = 0; y <= info.height; y++) {
    let count = 0;
    for (let x = 0; y < info.height && x < info.width; x++) if (inked(x, y)) count++;
    if (count >= minInked) start = start < 0 ? y : start;
    else if (start >= 0) [best, start] = [y - start > best.height ? { top: start, height: y - start } : best, -1];
  }
  const columns: number[] = [];
  for (let x = 0; x < info.width; x++) {
    let count = 0;
    for (let y = best.top; y < best.top + best.height; y++) if (inked(x, y)) count++;
    if (count >= best.height * 0.5) columns.push(x);
  }
  const border = DPI / 96;
  const [left, right] = [Math.min(...columns), Math.max(...columns)];
  return { left: left + border, top: best.top + border, width: right + 1 - left - 2 * border, height: best.height - 2 * border };
}

/**
 * An SOP's PDF export measured where its one step image is drawn (the page rendered by
 * poppler): the middle of the blurred checks and of the control checks, each as the page shows
 * it and as the original screenshot has it (scaled to the page), with the spread of each and
 * their mean difference. `shown` is the part of the original the step image is (all, or the crop).
 */
async function measureExport(pdf: Buffer, blurred: Box, shown: Box, name: string) {
  const images = await pdfImages(pdf);
  expect(images).toEqual([expect.objectContaining({ width: shown.width, height: shown.height })]);
  const pagePng = await renderPdfPage(pdf, images[0]!.page, DPI);
  const drawn = await findImageOnPage(pagePng, shown.width * (DPI / images[0]!.xPpi) * 0.5);
  // Page pixels per pixel of the image, measured; the PDF's own figure (whole pixels per inch) agrees.
  const scale = drawn.width / shown.width;
  expect(scale).toBeCloseTo(DPI / images[0]!.xPpi, 1);
  expect(drawn.height / shown.height).toBeCloseTo(scale, 1);
  const onPage = (box: Box): Box => ({
    left: Math.round(drawn.left + (box.left - shown.left) * scale),
    top: Math.round(drawn.top + (box.top - shown.top) * scale),
    width: Math.round(box.width * scale),
    height: Math.round(box.height * scale),
  });
  const original = await screenshotPng();
  const measure = async (box: Box) => {
    const page = await greys(pagePng, onPage(box));
    const before = await greys(original, box, onPage(box));
    return { original: spreadOf(before), page: spreadOf(page), difference: meanDifference(page, before) };
  };
  const screenshotDir = process.env.SOPWRIGHT_SCREENSHOTS;
  if (screenshotDir) await sharp(pagePng).toFile(`${screenshotDir}/${name}.png`);
  return { blurred: await measure(middleOf(blurred)), control: await measure(middleOf(CONTROL)) };
}

/**
 * Presses the SOP page's PDF button and returns the PDF its new tab receives (the bytes the
 * server sends, passed on to the tab untouched), with the address the tab opened.
 */
async function pdfFromExportButton(context: BrowserContext, page: Page): Promise<{ pdf: Buffer; url: URL }> {
  let settle: { resolve: (pdf: Buffer) => void; reject: (error: unknown) => void } | undefined;
  const pdf = new Promise<Buffer>((resolve, reject) => (settle = { resolve, reject }));
  const pattern = '**/api/sop/*/export/pdf';
  // A headless Chromium shows a PDF in its viewer rather than downloading it, and Playwright
  // then hands back the viewer's page, not the PDF: the route fetches it for the tab instead.
  await context.route(pattern, (route) =>
    route
      .fetch({ timeout: 90_000 })
      .then(async (response) => {
        const body = await response.body();
        settle!.resolve(body);
        await route.fulfill({ response, body });
      })
      .catch((error: unknown) => settle!.reject(error)),
  );
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'PDF', exact: true }).click()]);
  const body = await pdf;
  await context.unroute(pattern);
  await tab.waitForURL((url) => url.protocol !== 'about:', { waitUntil: 'commit' });
  const url = new URL(tab.url());
  await tab.close();
  return { pdf: body, url };
}

const thumbnail = (page: Page) => page.getByTestId('step-card').first().getByRole('img', { name: 'Step 1 image 1' });
const loadedWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

function recordRequests(page: Page, method: string, pathPart: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && pathPart.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

describe('image editor in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  // Longer than the rest: two PDF exports on top of the editing (never a timing check).
  it('crops, draws an arrow and blurs a region, saves the flattened image on the step, reopens with the layer, and exports it blurred to PDF', async () => {
    const user = await registerUser();
    const { sop, imageUrl } = await sopWithScreenshot(user);
    const { context, page } = await openAs(browser, user, { bypassCSP: true });
    await page.goto(`/sop/${sop.id}`);
    await thumbnail(page).waitFor();

    const dialog = await openEditor(page);
    await dialog.getByText('Step 1, image 1').waitFor();
    expect(await listedMarks(page)).toEqual([]);

    // Crop: the top left corner dragged in by a tenth of each side.
    await dialog.getByRole('button', { name: 'Crop', exact: true }).click();
    const corner = dialog.getByRole('button', { name: /^Crop top left corner/ });
    await corner.waitFor();
    await settle(page);
    expect(await axeFindings(page, 'image editor: crop tool')).toEqual([]);
    const cropStage = dialog.getByTestId('crop-stage');
    const cropBox = (await cropStage.boundingBox())!;
    const handle = (await corner.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + cropBox.width * 0.05, handle.y + handle.height / 2 + cropBox.height * 0.05, { steps: 4 });
    await page.mouse.move(cropBox.x + cropBox.width * 0.1, cropBox.y + cropBox.height * 0.1, { steps: 4 });
    await page.mouse.up();
    await eventually(() => dialog.getByRole('heading', { name: /Marks \(0\) · cropped/ }).count(), (n) => n === 1, 'the crop to be applied');

    // An arrow, and a blur over the checkerboard.
    await dialog.getByRole('button', { name: 'Arrow', exact: true }).click();
    const stage = dialog.getByTestId('edit-stage');
    await dragAcross(page, stage, [0.2, 0.8], [0.45, 0.55]);
    await dialog.getByRole('button', { name: 'Blur', exact: true }).click();
    await dragAcross(page, stage, [0.62, 0.53], [0.93, 0.87]);
    expect(await listedMarks(page)).toEqual(['Arrow 1, red', 'Blur 2']);
    await screenshot(page, 'image-editor-drawn');

    await settle(page);
    expect(await axeFindings(page, 'image editor: marks drawn')).toEqual([]);

    // Undo takes the blur back, Redo restores it.
    await dialog.getByRole('button', { name: 'Undo' }).click();
    expect(await listedMarks(page)).toEqual(['Arrow 1, red']);
    await dialog.getByRole('button', { name: 'Redo' }).click();
    expect(await listedMarks(page)).toEqual(['Arrow 1, red', 'Blur 2']);

    const puts = recordRequests(page, 'PUT', /^\/api\/sop\//);
    const editPosted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `${imageUrl}/edits`);
    const saveButton = dialog.getByRole('button', { name: 'Save image' });
    await saveButton.click();
    const sent = JSON.parse((await editPosted).postData() ?? '{}') as { edit: ImageEdit };
    await page.getByText('Image saved').waitFor();
    await editorDialog(page).waitFor({ state: 'detached' });

    const { crop, shapes } = sent.edit;
    expect(crop!.x).toBeCloseTo(0.1, 1);
    expect(crop!.y).toBeCloseTo(0.1, 1);
    expect(crop!.x + crop!.width).toBeCloseTo(1, 2);
    expect(shapes.map((shape) => shape.kind)).toEqual(['arrow', 'redaction']);
    expect(shapes[1]).toMatchObject({ style: 'blur', origin: 'manual', reason: 'manual' });

    // The step now shows a new image, the flattened rendering, and it loads.
    const newUrl = await eventually(() => thumbnail(page).getAttribute('src'), (src) => src !== imageUrl, 'the thumbnail to show the edited image');
    expect(newUrl).toMatch(/^\/api\/media\/images\/[0-9a-f-]{36}$/);
    const cropped = { width: Math.round(crop!.width * WIDTH), height: Math.round(crop!.height * HEIGHT) };
    await eventually(() => loadedWidth(thumbnail(page)), (w) => Math.abs(w - cropped.width) <= 2, 'the edited image to load');
    expect(puts).toHaveLength(1);
    const saved = (await api<Sop>('GET', `/api/sop/${sop.id}`, { token: user.token })).body;
    expect(saved.steps[0]!.imageUrls).toEqual([newUrl]);
    expect(saved.steps[1]!.title).toBe('Issue the refund');

    // The blurred checks are blurred in the image the server made; the original keeps them.
    const original = Buffer.from(await (await fetchAsUser(imageUrl, user.token)).arrayBuffer());
    const edited = Buffer.from(await (await fetchAsUser(newUrl!, user.token)).arrayBuffer());
    const blur = (shapes[1] as Extract<(typeof shapes)[number], { kind: 'redaction' }>).rect;
    const inner = {
      left: Math.ceil((blur.x + blur.width * 0.2) * WIDTH),
      top: Math.ceil((blur.y + blur.height * 0.2) * HEIGHT),
      width: Math.floor(blur.width * 0.6 * WIDTH),
      height: Math.floor(blur.height * 0.6 * HEIGHT),
    };
    const offset = { left: Math.floor(crop!.x * WIDTH), top: Math.floor(crop!.y * HEIGHT) };
    expect(await spread(original, inner)).toBeGreaterThan(100);
    expect(await spread(edited, { ...inner, left: inner.left - offset.left, top: inner.top - offset.top })).toBeLessThan(40);

    // After a reload: the same new image, loading.
    await page.reload();
    await thumbnail(page).waitFor();
    expect(await thumbnail(page).getAttribute('src')).toBe(newUrl);
    await eventually(() => loadedWidth(thumbnail(page)), (w) => Math.abs(w - cropped.width) <= 2, 'the edited image to load after a reload');

    // Opened again, the editor draws on the original with the saved layer loaded.
    const again = await openEditor(page);
    expect(await again.getByTestId('edit-source').getAttribute('src')).toBe(imageUrl);
    expect(await listedMarks(page)).toEqual(['Arrow 1, red', 'Blur 2']);
    await again.getByRole('heading', { name: 'Marks (2) · cropped' }).waitFor();
    await screenshot(page, 'image-editor-reopened');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await editorDialog(page).waitFor({ state: 'detached' });

    // Exported to PDF with the page's button: the PDF draws the edited image (the crop's size,
    // not the original's), and on the rendered page the blurred checks are flat while the checks
    // no mark covers are as sharp as in the original and line up with it.
    const exported = await pdfFromExportButton(context, page);
    expect(exported.url.pathname).toBe(`/api/sop/${sop.id}/export/pdf`);
    expect(exported.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const editedSize = await sharp(edited).metadata();
    const shownCrop: Box = { left: crop!.x * WIDTH, top: crop!.y * HEIGHT, width: editedSize.width!, height: editedSize.height! };
    const blurredBox: Box = { left: blur.x * WIDTH, top: blur.y * HEIGHT, width: blur.width * WIDTH, height: blur.height * HEIGHT };
    const inPdf = await measureExport(exported.pdf, blurredBox, shownCrop, 'image-editor-pdf');
    expect(inPdf.blurred.original).toBeGreaterThan(100);
    expect(inPdf.blurred.page).toBeLessThan(inPdf.blurred.original * 0.25);
    expect(inPdf.blurred.difference).toBeGreaterThan(80);
    expect(inPdf.control.page).toBeGreaterThan(inPdf.control.original * 0.75);
    expect(inPdf.control.difference).toBeLessThan(40);

    // The measure tells them apart: exported with the original image (through the same route),
    // the checks under where the blur is are as sharp as the control checks, and would fail the above.
    const unedited = await seedSop(user.user.id, 'Refund a Customer (unedited)', { steps: [{ title: 'Open the customer', details: '', imageUrls: [imageUrl] }] });
    const plain = await fetchAsUser(`/api/sop/${unedited.id}/export/pdf`, user.token);
    expect(plain.status).toBe(200);
    const whole: Box = { left: 0, top: 0, width: WIDTH, height: HEIGHT };
    const originalInPdf = await measureExport(Buffer.from(await plain.arrayBuffer()), blurredBox, whole, 'image-editor-pdf-original');
    expect(originalInPdf.blurred.page).toBeGreaterThan(originalInPdf.blurred.original * 0.75);
    expect(originalInPdf.blurred.difference).toBeLessThan(40);
    await context.close();
  }, 240_000);

  it('works by keyboard alone: opens, adds a mark, moves, removes and brings it back, and gives focus back on close', async () => {
    const user = await registerUser();
    const { sop } = await sopWithScreenshot(user);
    const { context, page } = await openAs(browser, user);
    await page.goto(`/sop/${sop.id}`);
    await thumbnail(page).waitFor();
    const edits = recordRequests(page, 'POST', /\/edits$/);

    const visible = (match: FocusMatch, what: string) => async () => {
      const info = await focusSettlesOn(page, match);
      if (!match(info)) throw new Error(`${what}: focus is on ${describeFocus(info)}`);
      expect({ what, indicator: info.indicator, onScreen: info.onScreen }).toEqual({ what, indicator: true, onScreen: true });
    };

    await reach(page, control('button', 'Edit image 1 of step 1'), 'Edit image');
    await page.keyboard.press('Enter');
    await editorDialog(page).waitFor();
    // Focus starts on the first tool, inside the dialog.
    await visible(control('button', 'Select'), 'the first tool')();

    await tabTo(page, control('button', 'Rectangle'), 'the Rectangle tool');
    await page.keyboard.press('Enter');
    expect(await editorDialog(page).getByRole('button', { name: 'Rectangle', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await tabTo(page, control('group', 'Image'), 'the image');
    await visible(control('group', 'Image'), 'the image')();
    await page.keyboard.press('Enter');
    expect(await listedMarks(page)).toEqual(['Rectangle 1, red']);
    await editorDialog(page).getByText(/Rectangle 1, red added in the middle/).waitFor();

    // Arrow keys nudge it (1% a press), Shift+arrows resize it; the list shows it selected.
    const selected = editorDialog(page).locator('[data-mark-index="0"]');
    expect(await selected.getAttribute('aria-pressed')).toBe('true');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Delete');
    expect(await listedMarks(page)).toEqual([]);
    // Focus stays on the image after the mark is gone.
    await visible(control('group', 'Image'), 'the image after Delete')();
    await page.keyboard.press('Control+z');
    expect(await listedMarks(page)).toEqual(['Rectangle 1, red']);

    // The mark is reached in the list too, and moves from there.
    await tabTo(page, control('button', 'Rectangle 1, red'), 'the mark in the list');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Delete');
    expect(await listedMarks(page)).toEqual([]);
    await page.keyboard.press('Control+z');

    // Escape closes without saving, and focus goes back to the button that opened the editor.
    await page.keyboard.press('Escape');
    await editorDialog(page).waitFor({ state: 'detached' });
    await visible(control('button', 'Edit image 1 of step 1'), 'Edit image after closing')();
    expect(edits).toHaveLength(0);
    await context.close();
  });

  it('while the SOP is being edited, puts the edited image in the draft, saved with the SOP', async () => {
    const user = await registerUser();
    const { sop, imageUrl } = await sopWithScreenshot(user);
    const { context, page } = await openAs(browser, user);
    await page.goto(`/sop/${sop.id}`);
    await thumbnail(page).waitFor();
    const puts = recordRequests(page, 'PUT', /^\/api\/sop\//);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Step 1 title' }).fill('Open the customer record');
    const dialog = await openEditor(page);
    await dialog.getByRole('button', { name: 'Marker', exact: true }).click();
    await dragAcross(page, dialog.getByTestId('edit-stage'), [0.3, 0.3], [0.3, 0.3]);
    expect(await listedMarks(page)).toEqual(['Marker 1, red']);
    await dialog.getByRole('button', { name: 'Save image' }).click();
    await page.getByText('Image saved').waitFor();
    await editorDialog(page).waitFor({ state: 'detached' });

    // In the draft only: nothing saved yet, the typed title kept.
    const draftImage = page.getByTestId('step-editor').first().getByRole('img', { name: 'Step 1 image 1' });
    const newUrl = await eventually(() => draftImage.getAttribute('src'), (src) => src !== imageUrl, 'the draft to show the edited image');
    expect(puts).toHaveLength(0);
    expect(await page.getByRole('textbox', { name: 'Step 1 title' }).inputValue()).toBe('Open the customer record');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('SOP updated').waitFor();
    const saved = (await api<Sop>('GET', `/api/sop/${sop.id}`, { token: user.token })).body;
    expect(saved.steps[0]).toMatchObject({ title: 'Open the customer record', imageUrls: [newUrl] });
    await context.close();
  });

  it('finds the email in the screenshot and lists its blur, which can be removed or kept', async () => {
    const user = await registerUser();
    const { sop, imageUrl } = await sopWithScreenshot(user);
    const { context, page } = await openAs(browser, user);
    await page.goto(`/sop/${sop.id}`);
    await thumbnail(page).waitFor();
    const dialog = await openEditor(page);

    await dialog.getByRole('button', { name: 'Find sensitive details' }).click();
    await dialog.getByText(/Found 1 sensitive detail \(email address\)/).waitFor({ timeout: 30_000 });
    expect(await listedMarks(page)).toEqual(['Blur 1, email address found automatically']);
    await screenshot(page, 'image-editor-found');

    // Removed, then brought back by Undo; asking again adds nothing twice.
    await dialog.getByRole('button', { name: 'Remove Blur 1, email address found automatically' }).click();
    expect(await listedMarks(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Undo' }).click();
    expect(await listedMarks(page)).toEqual(['Blur 1, email address found automatically']);
    await dialog.getByRole('button', { name: 'Find sensitive details' }).click();
    await dialog.getByText(/No new sensitive details found/).waitFor({ timeout: 30_000 });
    expect(await listedMarks(page)).toHaveLength(1);

    // Kept and saved: the step's image is the blurred rendering, and it loads.
    const saveButton = dialog.getByRole('button', { name: 'Save image' });
    await saveButton.click();
    await page.getByText('Image saved').waitFor();
    const newUrl = await eventually(() => thumbnail(page).getAttribute('src'), (src) => src !== imageUrl, 'the edited image on the step');
    await eventually(() => loadedWidth(thumbnail(page)), (w) => w === WIDTH, 'the edited image to load');
    const state = await api<{ edit: ImageEdit }>('GET', `${newUrl}/edit`, { token: user.token });
    expect(state.body.edit.shapes).toEqual([expect.objectContaining({ kind: 'redaction', origin: 'auto', reason: 'email' })]);
    await context.close();
  });
});
