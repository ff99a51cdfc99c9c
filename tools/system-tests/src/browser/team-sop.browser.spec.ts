import { ACKNOWLEDGEMENT_TEXT, WORKSPACE_HEADER, shareMessages, type AcknowledgementStatus, type CreatedInvitation, type SopReview, type Workspace } from '@sopwright/contracts';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { api, baseUrl, registerUser, uniqueEmail } from '../support/api';
import { axeFindings, settle } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { seedSop, tinyPng } from '../support/fixtures';
import { control, describeFocus, focusSettlesOn } from '../support/keyboard';
import { closeServices } from '../support/services';
import { eventually, openAs, pngFile, screenshot, type TestUser } from './app-session';

afterAll(closeServices);

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const statusBadge = (page: Page) => page.getByTestId('status-badge');
const badgeText = async (page: Page) => ((await statusBadge(page).textContent()) ?? '').replace(/^Status:\s*/, '').trim();
const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** An owner's team workspace with an editor and a viewer, made through the API as the API tests make it. */
async function team() {
  const [owner, editor, viewer] = await Promise.all([registerUser(uniqueEmail('owner')), registerUser(uniqueEmail('editor')), registerUser(uniqueEmail('viewer'))]);
  const { body: workspace } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name: 'Warehouse' } });
  for (const [member, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    const { body: invitation } = await api<CreatedInvitation>('POST', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token, json: { email: member.email, role } });
    const accepted = await api('POST', `/api/invitations/${invitation.token}/accept`, { token: member.token });
    if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
  return { owner, editor, viewer, workspaceId: workspace.id };
}

const steps = [
  { title: 'Check the seal', details: 'It must be unbroken.' },
  { title: 'Scan the pallet', details: 'Every label, front and back.' },
];

/** A step image of the workspace, uploaded as `user` there. */
async function uploadImage(user: TestUser, workspaceId: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'step.png');
  const response = await fetch(`${baseUrl()}/api/sop/upload-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}`, [WORKSPACE_HEADER]: workspaceId } });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

async function openSop(browser: Browser, user: TestUser, sopId: string, title: string) {
  const session = await openAs(browser, user);
  await session.page.goto(`/sop/${sopId}`);
  await h1(session.page, title).waitFor();
  return session;
}

describe('a team SOP in the browser: review, approval, read acknowledgements and share links', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('the editor submits it to the owner, who approves and assigns it; the viewer acknowledges it', async () => {
    const { owner, editor, viewer, workspaceId } = await team();
    const imageUrl = await uploadImage(editor, workspaceId);
    const sop = await seedSop(workspaceId, 'Receive a delivery', { steps: [{ ...steps[0]!, imageUrls: [imageUrl] }, steps[1]!] });
    const review = async () => (await api<SopReview>('GET', `/api/sop/${sop.id}/review`, { token: owner.token })).body;

    // The editor: a Draft, submitted for review naming the owner (only admins and owners are offered).
    const asEditor = await openSop(browser, editor, sop.id, 'Receive a delivery');
    let page = asEditor.page;
    await eventually(() => badgeText(page), (text) => text === 'Draft', 'the Draft badge');
    await page.getByRole('button', { name: 'Edit image 1 of step 1' }).waitFor();
    const reviewPanel = page.getByTestId('review-panel');
    await reviewPanel.getByText('Draft: not approved yet.').waitFor();
    const approver = reviewPanel.getByRole('combobox', { name: /Approver/ });
    expect((await approver.locator('option').allInnerTexts()).map((t) => t.trim())).toEqual(['Choose an admin or owner', owner.email]);
    // Nothing chosen: told so, and nothing sent.
    await reviewPanel.getByRole('button', { name: 'Submit for review' }).click();
    await reviewPanel.getByText('Choose an approver').waitFor();
    await approver.selectOption({ label: owner.email });
    await reviewPanel.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('Submitted for review').waitFor();
    await eventually(() => badgeText(page), (text) => text === 'In review', 'the In review badge');
    await reviewPanel.getByText(`In review: waiting for approval by ${owner.email}.`).waitFor();
    // An editor cannot approve: not offered.
    expect(await reviewPanel.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await review()).toMatchObject({ status: 'in_review', approverId: owner.user.id });
    await screenshot(page, 'team-sop-in-review', true);
    await asEditor.context.close();

    // The owner approves, sets a review schedule, and assigns it to the viewer.
    const asOwner = await openSop(browser, owner, sop.id, 'Receive a delivery');
    page = asOwner.page;
    const ownerPanel = page.getByTestId('review-panel');
    await ownerPanel.getByText('Waiting for your approval.').waitFor();
    await ownerPanel.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('SOP approved').waitFor();
    await eventually(() => badgeText(page), (text) => text === 'Approved', 'the Approved badge');
    await ownerPanel.getByText(new RegExp(`^Version 1 approved by you on ${today()}`)).waitFor();
    // Focus does not fall to the page: it goes to the section's heading.
    const afterApprove = await focusSettlesOn(page, control('heading', 'Review'));
    expect(describeFocus(afterApprove)).toBe('heading "Review" [tabindex=-1]');

    await ownerPanel.getByRole('spinbutton', { name: 'Review every (months)' }).fill('6');
    await ownerPanel.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Review schedule saved').waitFor();
    const scheduled = await review();
    expect(scheduled).toMatchObject({ reviewIntervalMonths: 6 });
    const nextReview = new Date(scheduled.nextReviewAt!).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await ownerPanel.getByTestId('next-review').getByText(`Next review on ${nextReview}`).waitFor();

    const acknowledgements = page.getByTestId('acknowledgements-panel');
    await acknowledgements.getByText('Nobody is assigned yet.', { exact: false }).waitFor();
    const assignViewer = acknowledgements.getByRole('checkbox', { name: `Assign ${viewer.email}` });
    await assignViewer.check();
    await acknowledgements.getByRole('button', { name: 'Save assignments' }).click();
    await page.getByText('Assignments saved').waitFor();
    await acknowledgements.getByText('0 of 1 assigned person has acknowledged version 1.').waitFor();
    const viewerRow = acknowledgements.getByTestId('acknowledgement-row').filter({ hasText: viewer.email });
    await viewerRow.getByText('Not acknowledged yet').waitFor();
    expect(await acknowledgements.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(`/api/sop/${sop.id}/acknowledgements.csv`);
    await screenshot(page, 'team-sop-approved-owner', true);
    await asOwner.context.close();

    // The viewer: the approved version, no edit controls, and the acknowledgement asked of them.
    const asViewer = await openSop(browser, viewer, sop.id, 'Receive a delivery');
    page = asViewer.page;
    const callout = page.getByTestId('assigned-callout');
    await callout.getByText('Assigned to you').waitFor();
    expect(await badgeText(page)).toBe('Approved');
    await page.getByRole('img', { name: 'Step 1 image 1' }).waitFor();
    for (const name of ['Edit', 'Version history', 'Share', 'Edit image 1 of step 1', 'Submit for review', 'Approve', 'Save schedule', 'Save assignments']) {
      expect([name, await page.getByRole('button', { name, exact: true }).count()]).toEqual([name, 0]);
    }
    expect(await page.getByTestId('acknowledgements-panel').count()).toBe(0);
    // Export stays: viewers read and export.
    await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'PDF' }).waitFor();
    await screenshot(page, 'team-sop-assigned-viewer', true);

    // With the keyboard: the button, then focus on what replaced it.
    const acknowledge = callout.getByRole('button', { name: ACKNOWLEDGEMENT_TEXT, exact: true });
    await acknowledge.focus();
    await page.keyboard.press('Enter');
    const done = page.getByTestId('acknowledged');
    await done.getByText(new RegExp(`^You acknowledged version 1 on ${today()}`)).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('acknowledged');
    expect(await page.getByTestId('assigned-callout').count()).toBe(0);
    await asViewer.context.close();

    const record = (await api<AcknowledgementStatus>('GET', `/api/sop/${sop.id}/acknowledgements`, { token: owner.token })).body;
    expect(record.people.find((person) => person.userId === viewer.user.id)).toMatchObject({ assigned: true, lastAcknowledgedVersion: 1 });
    expect(record.people.find((person) => person.userId === viewer.user.id)?.acknowledgedAt).not.toBeNull();
  });

  it('the editor shares it with a link a signed-out visitor can open, until it is revoked', async () => {
    const { editor, viewer, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Load the van', { steps });
    const asEditor = await openSop(browser, editor, sop.id, 'Load the van');
    const { page } = asEditor;

    // The dialog opens with focus in it, and Escape gives focus back to Share.
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Share this SOP' });
    await dialog.waitFor();
    const inDialog = await focusSettlesOn(page, control('textbox', 'Expires on (optional)'), 5000);
    expect(describeFocus(inDialog)).toBe('textbox "Expires on (optional)"');
    await dialog.getByText('No links: only members of the workspace can read this SOP.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const back = await focusSettlesOn(page, control('button', 'Share'));
    expect(describeFocus(back)).toBe('button "Share"');

    await share.click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = dialog.getByTestId('share-link-url');
    await url.waitFor();
    const link = new URL(await url.inputValue());
    expect(link.pathname).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    const token = link.pathname.split('/').pop()!;
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
    await dialog.getByTestId('share-link-row').first().getByText('Never expires').waitFor();
    // A link that expires: the end of the day picked.
    const inAWeek = new Date();
    inAWeek.setDate(inAWeek.getDate() + 7);
    const pad = (n: number) => String(n).padStart(2, '0');
    await dialog.getByLabel('Expires on (optional)').fill(`${inAWeek.getFullYear()}-${pad(inAWeek.getMonth() + 1)}-${pad(inAWeek.getDate())}`);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await eventually(() => dialog.getByTestId('share-link-row').count(), (n) => n === 2, 'two links listed');
    await dialog.getByText(`Expires ${inAWeek.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`).waitFor();
    await screenshot(page, 'team-sop-share-dialog');

    // Signed out, the link works: the public page and the API behind it.
    const visitor = await openPage(browser);
    const shared = await visitor.context.request.get(`/api/share/${token}`);
    expect(shared.status()).toBe(200);
    expect(await shared.json()).toMatchObject({ title: 'Load the van', steps: [{ title: 'Check the seal' }, { title: 'Scan the pallet' }] });
    await visitor.page.goto(`/s/${token}`);
    await h1(visitor.page, 'Load the van').waitFor();
    await visitor.page.getByRole('heading', { level: 2, name: 'Scan the pallet' }).waitFor();

    // Revoke the first link, asked first; the viewer sees no Share at all.
    const firstRow = dialog.getByTestId('share-link-row').filter({ hasText: 'Never expires' });
    await firstRow.getByRole('button', { name: /^Revoke the link created/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this link?' });
    await confirm.waitFor();
    const cancelFirst = await focusSettlesOn(page, control('button', 'Cancel'), 5000);
    expect(describeFocus(cancelFirst)).toBe('button "Cancel"');
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByText('Link revoked').waitFor();
    await eventually(() => dialog.getByTestId('share-link-row').count(), (n) => n === 1, 'one link left');
    expect(await dialog.getByText('Never expires').count()).toBe(0);

    const revoked = await visitor.context.request.get(`/api/share/${token}`);
    expect(revoked.status()).toBe(404);
    expect((await revoked.json()).message).toBe(shareMessages.notFound);
    await visitor.page.reload();
    await visitor.page.getByText(shareMessages.notFound).waitFor();
    expect(await visitor.page.getByRole('heading', { level: 1, name: 'Load the van' }).count()).toBe(0);
    await visitor.context.close();
    await asEditor.context.close();

    const asViewer = await openSop(browser, viewer, sop.id, 'Load the van');
    expect(await asViewer.page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    await asViewer.context.close();
  });

  it('highlights an SOP past its review date, for editors and viewers alike', async () => {
    const { owner, editor, viewer, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Count the stock', { steps });
    await seedSop(workspaceId, 'Stack the pallets', { steps });
    await api('POST', `/api/sop/${sop.id}/review`, { token: editor.token, json: { approverId: owner.user.id } });
    await api('POST', `/api/sop/${sop.id}/approve`, { token: owner.token });
    await api('PUT', `/api/sop/${sop.id}/review-interval`, { token: editor.token, json: { months: 6 } });
    // Approved 13 months ago: the review every 6 months is overdue.
    const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE "sop"."sops" SET "approved_at" = now() - interval '13 months' WHERE "id" = $1`, [sop.id]);
    } finally {
      await db.end();
    }
    const { nextReviewAt } = (await api<SopReview>('GET', `/api/sop/${sop.id}/review`, { token: owner.token })).body;
    expect(Date.parse(nextReviewAt!)).toBeLessThan(Date.now());
    const due = new Date(nextReviewAt!).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

    for (const user of [editor, viewer]) {
      const { context, page } = await openAs(browser, user, { bypassCSP: true });
      try {
        await page.goto(`/sop/${sop.id}`);
        await h1(page, 'Count the stock').waitFor();
        const next = page.getByTestId('next-review');
        await next.getByText('Overdue', { exact: true }).waitFor();
        await next.getByText(`Review was due on ${due}`).waitFor();
        await settle(page);
        expect(await axeFindings(page, `overdue SOP as ${user === editor ? 'an editor' : 'a viewer'}`)).toEqual([]);
        // The dashboard marks it, and its Review Overdue filter keeps it alone.
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Workspace: Personal' }).click();
        await page.getByRole('menu').getByRole('menuitemradio', { name: /Warehouse/ }).click();
        await eventually(() => page.getByTestId('sop-card').count(), (n) => n === 2, 'both SOP cards');
        const overdueCard = page.getByTestId('sop-card').filter({ has: page.getByRole('heading', { name: 'Count the stock' }) });
        await overdueCard.getByTestId('review-overdue-badge').waitFor();
        await overdueCard.getByText('Approved').waitFor();
        await page.getByRole('combobox', { name: 'Filter by source' }).selectOption({ label: 'Review Overdue' });
        await eventually(() => page.getByTestId('sop-card').count(), (n) => n === 1, 'only the overdue card');
        await overdueCard.waitFor();
        await screenshot(page, 'dashboard-review-overdue');
      } finally {
        await context.close();
      }
    }
  });

  it('an owner brands the workspace and sees it on the SOP; an editor deletes an SOP after confirming; the activity page tells both', async () => {
    const { owner, editor, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Sweep the yard', { steps });
    const { context, page } = await openAs(browser, owner, { bypassCSP: true });
    try {
      // To the team's members page through the switcher; the branding card is on it.
      await page.goto('/dashboard');
      await h1(page, 'Your SOPs').waitFor();
      await page.getByRole('button', { name: 'Workspace: Personal' }).click();
      await page.getByRole('menu').getByRole('menuitemradio', { name: /Warehouse/ }).click();
      await page.getByRole('button', { name: 'Workspace: Warehouse' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Members' }).click();
      await h1(page, 'Workspace members').waitFor();
      const card = page.getByTestId('workspace-branding');
      await card.getByRole('textbox', { name: 'Company name' }).fill('Northwind Logistics');
      await card.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Branding updated').waitFor();
      await card.getByTestId('logo-input').setInputFiles(pngFile('logo.png'));
      await page.getByText('Logo uploaded').waitFor();
      await card.getByRole('img', { name: 'Company logo' }).waitFor();
      await card.getByRole('button', { name: 'Remove Logo' }).waitFor();
      await settle(page);
      expect(await axeFindings(page, 'members page with the workspace branding set')).toEqual([]);
      await screenshot(page, 'workspace-branding', true);

      // The SOP page carries the workspace's branding.
      await page.goto(`/sop/${sop.id}`);
      await h1(page, 'Sweep the yard').waitFor();
      const brand = page.getByTestId('company-brand');
      await brand.getByText('Northwind Logistics').waitFor();
      await brand.getByRole('img', { name: 'Northwind Logistics logo' }).waitFor();
      await screenshot(page, 'team-sop-branded');
    } finally {
      await context.close();
    }

    // The editor deletes it: asked first (Cancel keeps it), then gone, back on the dashboard.
    const asEditor = await openSop(browser, editor, sop.id, 'Sweep the yard');
    try {
      const editorPage = asEditor.page;
      await editorPage.getByRole('button', { name: 'Delete' }).click();
      const question = editorPage.getByRole('alertdialog', { name: 'Delete this SOP?' });
      await question.getByText(/“Sweep the yard” and all its versions will be deleted, its share links will stop working/).waitFor();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'hidden' });
      expect((await api('GET', `/api/sop/${sop.id}`, { token: editor.token })).status).toBe(200);
      await editorPage.getByRole('button', { name: 'Delete' }).click();
      await question.getByRole('button', { name: 'Delete SOP' }).click();
      await editorPage.getByText('SOP deleted').waitFor();
      await editorPage.waitForURL((url) => url.pathname === '/dashboard');
      expect((await api('GET', `/api/sop/${sop.id}`, { token: editor.token })).status).toBe(404);
    } finally {
      await asEditor.context.close();
    }

    // The owner reads who did what, from the switcher's Activity item.
    const again = await openAs(browser, owner, { bypassCSP: true });
    try {
      const ownerPage = again.page;
      await ownerPage.goto('/dashboard');
      // A new browser context: the app starts in the personal workspace.
      await ownerPage.getByRole('button', { name: 'Workspace: Personal' }).click();
      await ownerPage.getByRole('menu').getByRole('menuitemradio', { name: /Warehouse/ }).click();
      await ownerPage.getByRole('button', { name: 'Workspace: Warehouse' }).click();
      await ownerPage.getByRole('menu').getByRole('menuitem', { name: 'Activity' }).click();
      await h1(ownerPage, 'Workspace activity').waitFor();
      const log = ownerPage.getByRole('list', { name: 'Activity in Warehouse, newest first' });
      const items = log.getByRole('listitem');
      await items.first().waitFor();
      const texts = (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      expect(texts[0]).toMatch(new RegExp(`^${editor.email} deleted “Sweep the yard”`));
      expect(texts[1]).toMatch(new RegExp(`^${owner.email} uploaded a new logo for the workspace branding`));
      expect(texts[2]).toMatch(new RegExp(`^${owner.email} changed the company name on the workspace branding`));
      await settle(ownerPage);
      expect(await axeFindings(ownerPage, 'workspace activity page')).toEqual([]);
      await screenshot(ownerPage, 'workspace-activity', true);
    } finally {
      await again.context.close();
    }
  });

  it("files an image attached to a team SOP in the team's workspace, while the app is in the personal one", async () => {
    const { editor, viewer, workspaceId } = await team();
    const sop = await seedSop(workspaceId, 'Sweep the floor', { steps });
    const { context, page } = await openSop(browser, editor, sop.id, 'Sweep the floor');
    expect(await page.evaluate(() => localStorage.getItem('sopwright.workspace'))).toBeNull();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByTestId('step-editor').first().getByLabel('Attach image to step 1').setInputFiles(pngFile());
    await page.getByText('Image uploaded').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('SOP updated').waitFor();
    await context.close();
    // A member of the team (not the editor's personal workspace) sees it.
    const asViewer = await openSop(browser, viewer, sop.id, 'Sweep the floor');
    const image = asViewer.page.getByRole('img', { name: 'Step 1 image 1' });
    await image.waitFor();
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), (width) => width === 1, 'the image to load for the viewer');
    await asViewer.context.close();
  });

  it('shows nothing of review in a personal workspace, and keeps Share there', async () => {
    const user = await registerUser();
    const sop = await seedSop(user.user.id, 'My own notes', { steps });
    const { context, page } = await openSop(browser, user, sop.id, 'My own notes');
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Share', exact: true }).waitFor();
    expect(await statusBadge(page).count()).toBe(0);
    expect(await page.getByTestId('review-panel').count()).toBe(0);
    expect(await page.getByTestId('acknowledgements-panel').count()).toBe(0);
    await context.close();
  });
});
