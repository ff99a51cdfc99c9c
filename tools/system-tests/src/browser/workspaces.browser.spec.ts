import type { CreatedInvitation, Workspace, WorkspaceMember } from '@sopwright/contracts';
import type { Browser, Page } from 'playwright-core';
import { api, registerUser, uniqueEmail } from '../support/api';
import { axeFindings, settle } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { seedSop } from '../support/fixtures';
import { control, describeFocus, focusInfo, focusSettlesOn } from '../support/keyboard';
import { closeServices } from '../support/services';
import { eventually, openAs, screenshot, type TestUser } from './app-session';

afterAll(closeServices);

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const switcher = (page: Page, workspace: string) => page.getByRole('button', { name: `Workspace: ${workspace}` });
const sopCard = (page: Page, title: string) => page.getByTestId('sop-card').filter({ has: page.getByRole('heading', { name: title }) });
const memberRow = (page: Page, email: string) => page.getByTestId('member-row').filter({ hasText: email });
const storedWorkspace = (page: Page) => page.evaluate(() => localStorage.getItem('sopwright.workspace'));

async function workspaceNamed(user: TestUser, name: string): Promise<Workspace> {
  const { body } = await api<Workspace[]>('GET', '/api/workspaces', { token: user.token });
  const found = body.find((workspace) => workspace.name === name);
  if (!found) throw new Error(`${user.email} is not in a workspace named ${name}: ${JSON.stringify(body)}`);
  return found;
}

async function members(owner: TestUser, workspaceId: string) {
  return (await api<WorkspaceMember[]>('GET', `/api/workspaces/${workspaceId}/members`, { token: owner.token })).body;
}

/** A team made through the API: `owner`'s workspace with `member` in it as `role`. */
async function teamWith(owner: TestUser, member: TestUser, name: string, role: 'admin' | 'editor' | 'viewer') {
  const { body: workspace } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name } });
  const { body: invitation } = await api<CreatedInvitation>('POST', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token, json: { email: member.email, role } });
  const accepted = await api('POST', `/api/invitations/${invitation.token}/accept`, { token: member.token });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return workspace;
}

describe('workspaces in the browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('an owner creates a workspace from the switcher and invites a viewer, who joins by the link, sees its SOP, and is made an editor', async () => {
    const owner = await registerUser(uniqueEmail('owner'));
    const viewerEmail = uniqueEmail('viewer');
    const { context: ownerContext, page } = await openAs(browser, owner);
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      await page.goto('/dashboard');
      await h1(page, 'Your SOPs').waitFor();
      await page.getByText('Every procedure you have generated, in one place.').waitFor();

      // The switcher, with the keyboard: Enter opens the menu, End reaches "Create workspace".
      await switcher(page, 'Personal').focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitemradio', { name: /Personal/ }).waitFor();
      expect(await menu.getByRole('menuitemradio', { name: /Personal/ }).getAttribute('aria-checked')).toBe('true');
      // No members to manage in a personal workspace.
      expect(await menu.getByRole('menuitem', { name: 'Members' }).count()).toBe(0);
      await screenshot(page, 'workspace-switcher-personal');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create workspace' });
      await dialog.waitFor();
      const nameField = control('textbox', /^Name/);
      const inField = await focusSettlesOn(page, nameField, 10_000);
      expect(describeFocus(inField)).toMatch(/^textbox "Name/);

      // Nothing typed: the contracts' message, and focus stays in the field.
      await page.keyboard.press('Enter');
      await dialog.getByText('Workspace name is required').waitFor();
      expect(nameField(await focusInfo(page))).toBe(true);
      await page.keyboard.type('Front desk');
      await page.keyboard.press('Enter');

      // Created: a toast, the new workspace is the current one, and its members page opens.
      await page.getByText('Workspace created').waitFor();
      await page.waitForURL((url) => url.pathname === '/workspace/members');
      await h1(page, 'Workspace members').waitFor();
      // As after any navigation, focus is on the new page's heading.
      const heading = await focusSettlesOn(page, (info) => info.tag === 'h1' && info.name === 'Workspace members', 10_000);
      expect(describeFocus(heading)).toBe('heading "Workspace members" [tabindex=-1]');
      await switcher(page, 'Front desk').waitFor();
      const workspace = await workspaceNamed(owner, 'Front desk');
      expect(await storedWorkspace(page)).toBe(workspace.id);
      await memberRow(page, owner.email).getByText('Owner', { exact: true }).waitFor();
      await memberRow(page, owner.email).getByText('A workspace needs an owner. Make someone else an owner first.').waitFor();
      expect(await memberRow(page, owner.email).getByRole('button', { name: 'Leave workspace' }).count()).toBe(0);

      // Invite a viewer by email: the link is shown once, with Copy.
      await page.getByRole('textbox', { name: /Email address/ }).fill('not an email');
      await page.getByRole('button', { name: 'Create invitation link' }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      await page.getByRole('textbox', { name: /Email address/ }).fill(viewerEmail);
      await page.getByRole('combobox', { name: 'Role' }).selectOption('viewer');
      await page.getByText('Reads and exports SOPs.').waitFor();
      await page.getByRole('button', { name: 'Create invitation link' }).click();
      const linkField = page.getByRole('textbox', { name: `Invitation link for ${viewerEmail}` });
      await linkField.waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByText('Link copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      const pending = page.getByRole('list', { name: 'Pending invitations' });
      await pending.getByText(viewerEmail).waitFor();
      await screenshot(page, 'workspace-members-owner', true);

      // A second invitation, revoked: gone from the list, its link refused, focus on the list's heading.
      const mistaken = uniqueEmail('mistake');
      await page.getByRole('textbox', { name: /Email address/ }).fill(mistaken);
      await page.getByRole('textbox', { name: /Email address/ }).press('Enter');
      const mistakenLink = await page.getByRole('textbox', { name: `Invitation link for ${mistaken}` }).inputValue();
      await pending.getByText(mistaken).waitFor();
      await pending.getByRole('button', { name: `Revoke the invitation for ${mistaken}` }).click();
      await page.getByText('Invitation revoked').waitFor();
      await pending.getByText(mistaken).waitFor({ state: 'detached' });
      const afterRevoke = await focusSettlesOn(page, (info) => info.name === 'Pending invitations', 10_000);
      expect(describeFocus(afterRevoke)).toBe('heading "Pending invitations" [tabindex=-1]');
      expect((await api('GET', new URL(mistakenLink).pathname.replace('/invite/', '/api/invitations/'))).status).toBe(400);

      // An SOP that belongs to the workspace.
      await seedSop(workspace.id, 'Open the front desk');

      // The viewer opens the link signed out (the link names the configured public address; this stack has its own).
      const invitePath = new URL(link).pathname;
      const { context: viewerContext, page: viewerPage } = await openPage(browser);
      try {
        await viewerPage.goto(invitePath);
        await h1(viewerPage, 'Join Front desk').waitFor();
        await viewerPage.getByText(`${owner.email} invited ${viewerEmail} to the workspace`).waitFor();
        await viewerPage.getByRole('definition').filter({ hasText: /^Viewer$/ }).waitFor();
        await screenshot(viewerPage, 'invitation-signed-out');

        // Register from the invitation, and come back to it.
        await viewerPage.getByRole('link', { name: 'Create an account' }).click();
        await viewerPage.waitForURL((url) => url.pathname === '/register');
        await h1(viewerPage, 'Create your account').waitFor();
        await viewerPage.getByLabel('Email').fill(viewerEmail);
        await viewerPage.getByLabel('Password').fill('correct-horse');
        await viewerPage.getByRole('button', { name: 'Sign Up' }).click();
        await viewerPage.waitForURL((url) => url.pathname === invitePath);
        await h1(viewerPage, 'Join Front desk').waitFor();

        // Accept: joined, switched, on the dashboard with the workspace's SOP.
        await viewerPage.getByRole('button', { name: 'Accept invitation' }).click();
        await viewerPage.waitForURL((url) => url.pathname === '/dashboard');
        await viewerPage.getByText('You joined Front desk').waitFor();
        await switcher(viewerPage, 'Front desk').waitFor();
        await h1(viewerPage, 'Your SOPs').waitFor();
        await viewerPage.getByText('Every procedure in Front desk, in one place.').waitFor();
        await sopCard(viewerPage, 'Open the front desk').waitFor();
        expect(await storedWorkspace(viewerPage)).toBe(workspace.id);
        // A viewer is offered no "New SOP" (the server would refuse it).
        expect(await viewerPage.getByRole('link', { name: 'New SOP' }).count()).toBe(0);
        await screenshot(viewerPage, 'dashboard-team-viewer');

        // The switcher lists both, with the role; Personal shows the viewer's own (no) SOPs.
        await switcher(viewerPage, 'Front desk').click();
        const viewerMenu = viewerPage.getByRole('menu');
        await viewerMenu.getByRole('menuitemradio', { name: /Front desk\s*Viewer · 2 members/ }).waitFor();
        await viewerMenu.getByRole('menuitemradio', { name: /Personal/ }).click();
        await switcher(viewerPage, 'Personal').waitFor();
        await viewerPage.getByText('No SOPs yet').waitFor();
        expect(await sopCard(viewerPage, 'Open the front desk').count()).toBe(0);
        expect(await storedWorkspace(viewerPage)).toBeNull();
        await switcher(viewerPage, 'Personal').click();
        await viewerPage.getByRole('menu').getByRole('menuitemradio', { name: /Front desk/ }).click();
        await sopCard(viewerPage, 'Open the front desk').waitFor();

        // The owner sees the new member and makes them an editor.
        await page.reload();
        await h1(page, 'Workspace members').waitFor();
        const row = memberRow(page, viewerEmail);
        const role = row.getByRole('combobox', { name: `Role of ${viewerEmail}` });
        await role.waitFor();
        expect(await role.inputValue()).toBe('viewer');
        await role.selectOption('editor');
        await page.getByText('Role changed').waitFor();
        await eventually(
          async () => (await members(owner, workspace.id)).find((member) => member.email === viewerEmail)?.role,
          (value) => value === 'editor',
          'the new role on the server',
        );
        await eventually(() => role.inputValue(), (value) => value === 'editor', 'the role shown');
        // Accepted, so no longer pending.
        await page.getByText('No invitations are waiting to be accepted.').waitFor();

        // The editor, on their next visit, may create SOPs.
        await viewerPage.reload();
        await switcher(viewerPage, 'Front desk').waitFor();
        await viewerPage.getByRole('link', { name: 'New SOP' }).waitFor();
      } finally {
        await viewerContext.close();
      }
    } finally {
      await ownerContext.close();
    }
  }, 180_000);

  it("offers a personal workspace's members page a team instead, and gives focus back when its dialog is cancelled", async () => {
    const user = await registerUser(uniqueEmail('solo'));
    const { context, page } = await openAs(browser, user);
    try {
      await page.goto('/workspace/members');
      await h1(page, 'Workspace members').waitFor();
      await page.getByText('Your personal workspace is yours alone. Create a team workspace to work with others.').waitFor();
      const create = page.getByRole('button', { name: 'Create workspace' });
      await create.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create workspace' });
      await dialog.waitFor();
      await focusSettlesOn(page, control('textbox', /^Name/), 10_000);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      const back = await focusSettlesOn(page, control('button', /Create workspace/), 10_000);
      expect(describeFocus(back)).toBe('button "Create workspace"');

      // The same dialog makes the team, which the page then shows.
      await page.keyboard.press('Enter');
      await dialog.getByRole('textbox', { name: /^Name/ }).fill('Back office');
      await dialog.getByRole('textbox', { name: /^Name/ }).press('Enter');
      await switcher(page, 'Back office').waitFor();
      await memberRow(page, user.email).getByText('Owner', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Invite people' }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('brings an existing user back to the invitation after logging in, and explains a spent or revoked link', async () => {
    const [owner, invitee, stranger] = await Promise.all([registerUser(uniqueEmail('owner')), registerUser(uniqueEmail('invitee')), registerUser(uniqueEmail('stranger'))]);
    const { body: workspace } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name: 'Kitchen' } });
    const { body: invitation } = await api<CreatedInvitation>('POST', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token, json: { email: invitee.email, role: 'editor' } });
    const invitePath = `/invite/${invitation.token}`;

    // Signed in as someone else: the server's rule, and a way to change account.
    const strangerSession = await openAs(browser, stranger);
    try {
      await strangerSession.page.goto(invitePath);
      await h1(strangerSession.page, 'Join Kitchen').waitFor();
      await strangerSession.page.getByText(`This invitation is for ${invitee.email}. Sign in with that address to accept it.`).waitFor();
      expect(await strangerSession.page.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
      await strangerSession.page.getByRole('button', { name: `Log out and use ${invitee.email}` }).click();
      await strangerSession.page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === invitePath);
      await h1(strangerSession.page, 'Welcome back').waitFor();
    } finally {
      await strangerSession.context.close();
    }

    const { context, page } = await openPage(browser);
    try {
      await page.goto(invitePath);
      await h1(page, 'Join Kitchen').waitFor();
      await page.getByRole('link', { name: 'Log in to accept' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      // The login page's link to register keeps the way back.
      expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/register?next=${encodeURIComponent(invitePath)}`);
      await page.getByLabel('Email').fill(invitee.email);
      await page.getByLabel('Password').fill(invitee.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL((url) => url.pathname === invitePath);
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await switcher(page, 'Kitchen').waitFor();
      // Editors may create.
      await page.getByRole('link', { name: 'New SOP' }).waitFor();

      // The link is spent: the server's message, and a way on.
      await page.goto(invitePath);
      await h1(page, 'This invitation cannot be used').waitFor();
      await page.getByText('This invitation is not valid: it was used, revoked or has expired. Ask for a new one.').waitFor();
      await page.getByRole('link', { name: 'Go to your dashboard' }).waitFor();
    } finally {
      await context.close();
    }

    // A revoked link, signed out: the same message and a link home; a login page never sends anyone off the site.
    const { body: revoked } = await api<CreatedInvitation>('POST', `/api/workspaces/${workspace.id}/invitations`, { token: owner.token, json: { email: stranger.email, role: 'viewer' } });
    await api('DELETE', `/api/workspaces/${workspace.id}/invitations/${revoked.id}`, { token: owner.token });
    const visitor = await openPage(browser);
    try {
      await visitor.page.goto(`/invite/${revoked.token}`);
      await h1(visitor.page, 'This invitation cannot be used').waitFor();
      expect(await visitor.page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');

      await visitor.page.goto(`/login?next=${encodeURIComponent('//evil.example/x')}`);
      await visitor.page.getByLabel('Email').fill(stranger.email);
      await visitor.page.getByLabel('Password').fill(stranger.password);
      await visitor.page.getByRole('button', { name: 'Log In' }).click();
      await visitor.page.waitForURL((url) => url.pathname === '/dashboard');
      expect(new URL(visitor.page.url()).host).toBe(new URL(process.env.SOPWRIGHT_TEST_URL!).host);
    } finally {
      await visitor.context.close();
    }
  }, 120_000);

  it('drops a removed member back to their personal workspace, and keeps the switcher on a small screen', async () => {
    const [owner, member] = await Promise.all([registerUser(uniqueEmail('owner')), registerUser(uniqueEmail('member'))]);
    const workspace = await teamWith(owner, member, 'Warehouse', 'viewer');
    await seedSop(workspace.id, 'Receive a pallet');
    await seedSop(member.user.id, 'My own checklist');

    const { context, page } = await openAs(browser, member, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto('/dashboard');
      await h1(page, 'Your SOPs').waitFor();
      // On a phone the switcher is on screen, beside the logo.
      const trigger = switcher(page, 'Personal');
      await trigger.waitFor();
      const box = await trigger.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0).toBe(true);
      await trigger.click();
      await page.getByRole('menu').getByRole('menuitemradio', { name: /Warehouse/ }).click();
      await sopCard(page, 'Receive a pallet').waitFor();
      await screenshot(page, 'dashboard-team-small-screen');

      // The viewer's members page: the list, no invitations, and Leave for themself.
      await switcher(page, 'Warehouse').click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Members' }).click();
      await page.waitForURL((url) => url.pathname === '/workspace/members');
      await memberRow(page, member.email).getByRole('button', { name: 'Leave workspace' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Invite people' }).count()).toBe(0);
      expect(await page.getByRole('combobox').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);

      // Removed by the owner meanwhile: the next read finds out, and the app goes back to personal.
      const removed = await api('DELETE', `/api/workspaces/${workspace.id}/members/${member.user.id}`, { token: owner.token });
      expect(removed.status).toBe(204);
      await page.goto('/dashboard');
      await switcher(page, 'Personal').waitFor();
      await sopCard(page, 'My own checklist').waitFor();
      expect(await sopCard(page, 'Receive a pallet').count()).toBe(0);
      expect(await storedWorkspace(page)).toBeNull();
      await switcher(page, 'Personal').click();
      expect(await page.getByRole('menu').getByRole('menuitemradio', { name: /Warehouse/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('lets a member leave a workspace after confirming, back to their personal workspace', async () => {
    const [owner, member] = await Promise.all([registerUser(uniqueEmail('owner')), registerUser(uniqueEmail('member'))]);
    const workspace = await teamWith(owner, member, 'Night shift', 'editor');
    const { context, page } = await openAs(browser, member);
    try {
      await page.goto('/dashboard');
      await switcher(page, 'Personal').click();
      await page.getByRole('menu').getByRole('menuitemradio', { name: /Night shift/ }).click();
      await switcher(page, 'Night shift').click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Members' }).click();
      await h1(page, 'Workspace members').waitFor();
      await memberRow(page, member.email).getByRole('button', { name: 'Leave workspace' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Leave Night shift?' });
      await confirm.waitFor();
      // Cancel first: nothing happens, focus back on the button.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await memberRow(page, member.email).getByRole('button', { name: 'Leave workspace' }).click();
      await page.getByRole('alertdialog', { name: 'Leave Night shift?' }).getByRole('button', { name: 'Leave workspace' }).click();
      await page.getByText('You left Night shift').waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await switcher(page, 'Personal').waitFor();
      expect((await members(owner, workspace.id)).map((m) => m.email)).toEqual([owner.email]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('lets an owner rename the workspace, then delete it with its SOPs after confirming', async () => {
    const [owner, member] = await Promise.all([registerUser(uniqueEmail('owner')), registerUser(uniqueEmail('member'))]);
    const workspace = await teamWith(owner, member, 'Day shift', 'editor');
    const sop = await seedSop(workspace.id, 'Hand over the keys');
    const { context, page } = await openAs(browser, owner, { bypassCSP: true });
    try {
      await page.goto('/dashboard');
      await switcher(page, 'Personal').click();
      await page.getByRole('menu').getByRole('menuitemradio', { name: /Day shift/ }).click();
      await switcher(page, 'Day shift').click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Members' }).click();
      await h1(page, 'Workspace members').waitFor();
      const settings = page.getByTestId('workspace-settings');
      const name = settings.getByRole('textbox', { name: 'Workspace name' });
      await name.fill('   ');
      await settings.getByRole('button', { name: 'Rename' }).click();
      await settings.getByText('Workspace name is required').waitFor();
      await name.fill('Early shift');
      await settings.getByRole('button', { name: 'Rename' }).click();
      await page.getByText('Workspace renamed').waitFor();
      await switcher(page, 'Early shift').waitFor();
      await settle(page);
      expect(await axeFindings(page, 'members page of a team, as its owner, with the workspace settings')).toEqual([]);

      await settings.getByRole('button', { name: 'Delete workspace' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Early shift?' });
      await confirm.getByText(/Every SOP in Early shift, with its versions, share links and read acknowledgements, is deleted, and its 2 members lose access/).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await settings.getByRole('button', { name: 'Delete workspace' }).click();
      await confirm.getByRole('button', { name: 'Delete workspace' }).click();
      await page.getByText('Early shift was deleted').waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await switcher(page, 'Personal').waitFor();
      expect((await api('GET', `/api/sop/${sop.id}`, { token: member.token })).status).toBe(404);
      expect((await api<Workspace[]>('GET', '/api/workspaces', { token: member.token })).body.map((w) => w.name)).toEqual(['Personal']);
    } finally {
      await context.close();
    }
  }, 120_000);
});
