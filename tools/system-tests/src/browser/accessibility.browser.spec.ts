import { billingMessages, type CreatedInvitation, type Sop, type Workspace } from '@sopwright/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, registerUser, uniqueEmail } from '../support/api';
import { axeFindings, settle } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { seedSop } from '../support/fixtures';
import { control, describeFocus, focusInfo, focusSettlesOn, reach, tabTo, type FocusInfo, type FocusMatch } from '../support/keyboard';
import { closeServices, services } from '../support/services';
import { eventually, openAs, type TestUser } from './app-session';

/**
 * Accessibility of every page and state: axe-core's WCAG 2.1 A/AA rules on each, and the main
 * flow done with the keyboard alone (where focus goes, and whether it can be seen).
 *
 * axe-core is injected as a script tag, which the app's Content-Security-Policy (no inline
 * scripts) would block, so these pages run with `bypassCSP`.
 */

afterAll(closeServices);

const axeContext = { bypassCSP: true };

const steps = [
  { title: 'Open the register', details: 'Log in with your staff code.\nCheck the float is there.' },
  { title: 'Count the cash', details: 'Notes first, then coins.' },
  { title: 'Lock the drawer', details: 'The key goes to the safe.' },
];

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const usageCard = (page: Page) => page.getByRole('region', { name: 'Plan and usage' });

/** One page in one state: where it is, and what shows that its real content is there. */
interface PageState<Ctx> {
  name: string;
  path: (ctx: Ctx) => string;
  ready: (page: Page, ctx: Ctx) => Promise<void>;
}

const createTabs = ['Write Process', 'Screen Recording', 'Audio Description', 'From Photos', 'Upload Video'] as const;

async function templatesReady(page: Page) {
  await h1(page, 'Template Library').waitFor();
  await page.getByRole('article').first().waitFor();
}

async function pricingReady(page: Page) {
  await h1(page, 'Simple, transparent pricing').waitFor();
  await page.getByRole('region', { name: 'Pro Plan' }).getByText('$25').waitFor();
  await page.getByRole('region', { name: 'Starter Pack' }).getByText('$20').waitFor();
}

const signedOutStates: PageState<null>[] = [
  {
    name: 'landing /',
    path: () => '/',
    ready: async (page) => {
      await h1(page, 'Turn messy processes into clean documentation').waitFor();
      await page.getByText(/© 2025/).waitFor();
    },
  },
  { name: 'login /login', path: () => '/login', ready: (page) => h1(page, 'Welcome back').waitFor() },
  {
    name: 'login /login after a failed sign-in',
    path: () => '/login',
    ready: async (page) => {
      await h1(page, 'Welcome back').waitFor();
      await page.getByLabel('Email').fill('nobody-here@example.com');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Login failed').waitFor();
    },
  },
  {
    // A hovered solid button: Chakra's default lightens it to 4.2:1 white on teal; ours darkens.
    name: 'login /login with the pointer on the brand button',
    path: () => '/login',
    ready: async (page) => {
      await h1(page, 'Welcome back').waitFor();
      await page.getByRole('button', { name: 'Log In' }).hover();
      // Past the button's colour transition.
      await page.waitForTimeout(400);
    },
  },
  { name: 'register /register', path: () => '/register', ready: (page) => h1(page, 'Create your account').waitFor() },
  { name: 'pricing /pricing (signed out)', path: () => '/pricing', ready: pricingReady },
  { name: 'templates /templates (signed out)', path: () => '/templates', ready: templatesReady },
  { name: 'not found /no/such/page', path: () => '/no/such/page', ready: (page) => h1(page, '404 Page Not Found').waitFor() },
];

interface SignedIn {
  /** A new user: free plan, no SOPs; a viewer in `team`. */
  empty: TestUser;
  /** A user with three SOPs; `sop` is a video SOP with a transcript and one earlier version; owner of `team`. */
  full: TestUser;
  sop: Sop;
  /** The team workspace 'Front desk': `full` its owner, `empty` a viewer, one invitation pending. */
  team: Workspace;
}

/** Switches to the team workspace with the header's menu, then opens its members page from the same menu. */
async function teamMembersPage(page: Page) {
  await h1(page, 'Your SOPs').waitFor();
  await page.getByRole('button', { name: 'Workspace: Personal' }).click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: /Front desk/ }).click();
  await page.getByRole('button', { name: 'Workspace: Front desk' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Members' }).click();
  await h1(page, 'Workspace members').waitFor();
  await page.getByTestId('member-row').nth(1).waitFor();
}

async function sopViewReady(page: Page, ctx: SignedIn) {
  await h1(page, ctx.sop.title).waitFor();
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  await eventually(() => page.getByTestId('step-card').count(), (n) => n === steps.length, 'the step cards');
}

async function versionDrawerReady(page: Page, ctx: SignedIn) {
  await sopViewReady(page, ctx);
  await page.getByRole('button', { name: 'Version history' }).click();
  await page.getByRole('dialog', { name: 'Version history' }).getByTestId('version-item').first().waitFor();
}

const signedInStates: (PageState<SignedIn> & { as: 'empty' | 'full' })[] = [
  {
    name: 'dashboard /dashboard with no SOPs',
    as: 'empty',
    path: () => '/dashboard',
    ready: async (page) => {
      await h1(page, 'Your SOPs').waitFor();
      await page.getByText('No SOPs yet').waitFor();
      await usageCard(page).getByText('Free Plan').waitFor();
    },
  },
  {
    name: 'dashboard /dashboard with SOPs',
    as: 'full',
    path: () => '/dashboard',
    ready: async (page) => {
      await h1(page, 'Your SOPs').waitFor();
      await eventually(() => page.getByTestId('sop-card').count(), (n) => n === 3, 'three SOP cards');
      await usageCard(page).getByText('Free Plan').waitFor();
    },
  },
  ...createTabs.map((tab) => ({
    name: `create /create, ${tab} tab`,
    as: 'full' as const,
    path: () => '/create',
    ready: async (page: Page) => {
      await h1(page, 'Create SOP').waitFor();
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor({ state: 'visible' });
    },
  })),
  { name: 'SOP detail /sop/:id (view)', as: 'full', path: (ctx) => `/sop/${ctx.sop.id}`, ready: sopViewReady },
  {
    name: 'SOP detail /sop/:id with the transcript shown',
    as: 'full',
    path: (ctx) => `/sop/${ctx.sop.id}`,
    ready: async (page, ctx) => {
      await sopViewReady(page, ctx);
      await page.getByRole('button', { name: 'View original transcript' }).click();
      await page.getByTestId('transcript').getByText('So first you open the register').waitFor({ state: 'visible' });
    },
  },
  {
    name: 'SOP detail /sop/:id in Edit mode',
    as: 'full',
    path: (ctx) => `/sop/${ctx.sop.id}`,
    ready: async (page, ctx) => {
      await sopViewReady(page, ctx);
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('textbox', { name: 'SOP title' }).waitFor();
      await page.getByRole('textbox', { name: `Step ${steps.length} details` }).waitFor();
    },
  },
  { name: 'SOP detail /sop/:id with the version history drawer open', as: 'full', path: (ctx) => `/sop/${ctx.sop.id}`, ready: versionDrawerReady },
  {
    name: 'SOP detail /sop/:id asked to confirm deleting it',
    as: 'full',
    path: (ctx) => `/sop/${ctx.sop.id}`,
    ready: async (page, ctx) => {
      await sopViewReady(page, ctx);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog', { name: 'Delete this SOP?' }).getByRole('button', { name: 'Cancel' }).waitFor();
    },
  },
  {
    name: 'SOP detail /sop/:id with a version shown in the drawer',
    as: 'full',
    path: (ctx) => `/sop/${ctx.sop.id}`,
    ready: async (page, ctx) => {
      await versionDrawerReady(page, ctx);
      const drawer = page.getByRole('dialog', { name: 'Version history' });
      await drawer.getByTestId('version-item').first().getByRole('button', { name: /^View/ }).click();
      await drawer.getByTestId('version-detail').getByTestId('step-card').first().waitFor();
    },
  },
  {
    name: 'SOP detail /sop/:id not found',
    as: 'full',
    path: () => '/sop/3f1e9c1a-0b8d-4c57-9a0e-2b7d6c5e4f31',
    ready: (page) => page.getByText('SOP not found').waitFor(),
  },
  { name: 'templates /templates (signed in)', as: 'full', path: () => '/templates', ready: templatesReady },
  { name: 'pricing /pricing (signed in)', as: 'full', path: () => '/pricing', ready: pricingReady },
  {
    name: 'billing /billing',
    as: 'full',
    path: () => '/billing',
    ready: async (page) => {
      await h1(page, 'Upgrade to Pro').waitFor();
      await page.getByRole('region', { name: 'Pro' }).getByText('$29').waitFor();
    },
  },
  {
    name: 'profile settings /settings/profile',
    as: 'full',
    path: () => '/settings/profile',
    ready: async (page, ctx) => {
      await h1(page, 'Profile Settings').waitFor();
      await eventually(() => page.getByRole('textbox', { name: 'Email' }).inputValue(), (v) => v === ctx.full.email, 'the profile to load');
    },
  },
  {
    name: 'workspace switcher menu open',
    as: 'full',
    path: () => '/dashboard',
    ready: async (page) => {
      await h1(page, 'Your SOPs').waitFor();
      await page.getByRole('button', { name: 'Workspace: Personal' }).click();
      await page.getByRole('menu').getByRole('menuitemradio', { name: /Front desk/ }).waitFor();
    },
  },
  {
    name: 'create workspace dialog with its validation message',
    as: 'full',
    path: () => '/dashboard',
    ready: async (page) => {
      await h1(page, 'Your SOPs').waitFor();
      await page.getByRole('button', { name: 'Workspace: Personal' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Create workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create workspace' });
      // Enter in the field submits (a click would leave the pointer hovering the button, which axe would check as it looks then).
      await dialog.getByRole('textbox', { name: /^Name/ }).press('Enter');
      await dialog.getByText('Workspace name is required').waitFor();
    },
  },
  {
    name: 'workspace members /workspace/members in the personal workspace',
    as: 'empty',
    path: () => '/workspace/members',
    ready: async (page) => {
      await h1(page, 'Workspace members').waitFor();
      await page.getByText('Only you are here').waitFor();
    },
  },
  {
    name: 'workspace members of a team, as its owner, with a new invitation link shown',
    as: 'full',
    path: () => '/dashboard',
    ready: async (page) => {
      await teamMembersPage(page);
      await page.getByRole('list', { name: 'Pending invitations' }).getByTestId('invitation-row').first().waitFor();
      await page.getByRole('textbox', { name: /Email address/ }).fill(uniqueEmail('a11y-invitee'));
      await page.getByRole('textbox', { name: /Email address/ }).press('Enter');
      await page.getByRole('button', { name: 'Copy link' }).waitFor();
    },
  },
  {
    name: 'workspace members of a team, as its owner, asked to confirm removing a member',
    as: 'full',
    path: () => '/dashboard',
    ready: async (page, ctx) => {
      await teamMembersPage(page);
      await page.getByRole('button', { name: `Remove ${ctx.empty.email}` }).click();
      await page.getByRole('alertdialog', { name: `Remove ${ctx.empty.email}?` }).getByRole('button', { name: 'Cancel' }).waitFor();
    },
  },
  {
    name: 'workspace activity /workspace/activity of a team, as its owner',
    as: 'full',
    path: () => '/dashboard',
    ready: async (page) => {
      await teamMembersPage(page);
      await page.getByRole('button', { name: 'Workspace: Front desk' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Activity' }).click();
      await h1(page, 'Workspace activity').waitFor();
      await page.getByRole('list', { name: /^Activity in Front desk/ }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'workspace members of a team, as a viewer',
    as: 'empty',
    path: () => '/dashboard',
    ready: async (page) => {
      await teamMembersPage(page);
      await page.getByRole('button', { name: 'Leave workspace' }).waitFor();
    },
  },
  {
    name: 'profile settings with a connect code shown and an extension connected',
    as: 'empty',
    path: () => '/settings/profile',
    ready: async (page, ctx) => {
      const code = await api<{ code: string }>('POST', '/api/extension/connect-codes', { token: ctx.empty.token });
      await api('POST', '/api/extension/connections', { json: { code: code.body.code, name: 'Chromium on Linux' } });
      await h1(page, 'Profile Settings').waitFor();
      await page.getByRole('button', { name: /^Disconnect Chromium on Linux/ }).waitFor();
      await page.getByRole('button', { name: 'Connect an extension' }).click();
      await page.getByRole('button', { name: 'Copy code' }).waitFor();
    },
  },
];

describe('accessibility: axe-core WCAG 2.1 A/AA on every page and state', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  describe('signed out', () => {
    it.each(signedOutStates.map((state) => [state.name, state] as const))('%s has no violations', async (name, state) => {
      const { context, page } = await openPage(browser, axeContext);
      try {
        await page.goto(state.path(null));
        await state.ready(page, null);
        await settle(page);
        expect(await axeFindings(page, name)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  describe('signed in', () => {
    let ctx: SignedIn;
    beforeAll(async () => {
      const [empty, full] = await Promise.all([registerUser(), registerUser()]);
      await seedSop(full.user.id, 'Employee Onboarding', { sourceType: 'text' });
      await seedSop(full.user.id, 'Vendor onboarding checklist', { sourceType: 'text' });
      const seeded = await seedSop(full.user.id, 'Close the Till (first draft)', {
        sourceType: 'video',
        steps,
        transcript: 'So first you open the register, then count the cash.',
      });
      // Saving a change keeps the seeded content as version 1, for the history drawer (a save that changes nothing keeps none).
      const saved = await api<Sop>('PUT', `/api/sop/${seeded.id}`, { token: full.token, json: { title: 'Close the Till', steps } });
      if (saved.status !== 200) throw new Error(`saving the SOP failed: ${saved.status} ${JSON.stringify(saved.body)}`);
      // A team: `full` owns it, `empty` is a viewer, and one more invitation waits.
      const { body: team } = await api<Workspace>('POST', '/api/workspaces', { token: full.token, json: { name: 'Front desk' } });
      const joined = await api<CreatedInvitation>('POST', `/api/workspaces/${team.id}/invitations`, { token: full.token, json: { email: empty.email, role: 'viewer' } });
      await api('POST', `/api/invitations/${joined.body.token}/accept`, { token: empty.token });
      await api('POST', `/api/workspaces/${team.id}/invitations`, { token: full.token, json: { email: uniqueEmail('pending'), role: 'editor' } });
      await seedSop(team.id, 'Open the front desk');
      // Branded, so the members page shows a filled branding card and the activity log has an entry.
      await api('PUT', `/api/workspaces/${team.id}/branding`, { token: full.token, json: { companyName: 'Front Desk Co' } });
      ctx = { empty, full, sop: saved.body, team };
    }, 60_000);

    it.each(signedInStates.map((state) => [state.name, state] as const))('%s has no violations', async (name, state) => {
      const { context, page } = await openAs(browser, ctx[state.as], axeContext);
      try {
        await page.goto(state.path(ctx));
        await state.ready(page, ctx);
        await settle(page);
        expect(await axeFindings(page, name)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});

describe('accessibility: the invitation page, signed out and in', () => {
  let browser: Browser;
  let invitee: TestUser;
  let stranger: TestUser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const owner = await registerUser();
    [invitee, stranger] = await Promise.all([registerUser(), registerUser()]);
    const { body: team } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name: 'Kitchen' } });
    const { body: invitation } = await api<CreatedInvitation>('POST', `/api/workspaces/${team.id}/invitations`, { token: owner.token, json: { email: invitee.email, role: 'editor' } });
    token = invitation.token;
  });
  afterAll(async () => browser?.close());

  const states: { name: string; as: () => TestUser | null; path: () => string; ready: (page: Page) => Promise<void> }[] = [
    { name: 'invitation /invite/:token signed out', as: () => null, path: () => `/invite/${token}`, ready: (page) => page.getByRole('link', { name: 'Log in to accept' }).waitFor() },
    {
      name: 'invitation /invite/:token signed in with the address invited',
      as: () => invitee,
      path: () => `/invite/${token}`,
      ready: (page) => page.getByRole('button', { name: 'Accept invitation' }).waitFor(),
    },
    {
      name: 'invitation /invite/:token signed in with another address',
      as: () => stranger,
      path: () => `/invite/${token}`,
      ready: (page) => page.getByText(`This invitation is for ${invitee.email}`).waitFor(),
    },
    {
      name: 'invitation /invite/:token that cannot be used',
      as: () => null,
      path: () => `/invite/${'x'.repeat(43)}`,
      ready: (page) => h1(page, 'This invitation cannot be used').waitFor(),
    },
  ];

  it.each(states.map((state) => [state.name, state] as const))('%s has no violations', async (name, state) => {
    const user = state.as();
    const { context, page } = user ? await openAs(browser, user, axeContext) : await openPage(browser, axeContext);
    try {
      await page.goto(state.path());
      await state.ready(page);
      await settle(page);
      expect(await axeFindings(page, name)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The page's level-1 heading with this name, focusable by script only (tabindex=-1). */
const mainHeading = (name: string): FocusMatch => (info) => info.tag === 'h1' && info.name === name && info.tabindex === '-1';

/**
 * Checks that do not stop the flow: every problem on the way is collected and the test fails at
 * the end with all of them, so one run lists everything a keyboard user runs into.
 */
class FocusChecks {
  readonly problems: string[] = [];

  /** Focus is on `match` (and not on <body>), and shows a focus indicator. */
  expectFocus(step: string, info: FocusInfo, match: FocusMatch, expected: string) {
    if (info.isBody) this.problems.push(`${step}: focus is on <body>, expected ${expected}`);
    else if (!match(info)) this.problems.push(`${step}: focus is on ${describeFocus(info)} (${info.path}), expected ${expected}`);
    else this.expectVisible(step, info);
  }

  /** The focused control can be seen to have focus. */
  expectVisible(step: string, info: FocusInfo) {
    if (info.isBody) this.problems.push(`${step}: focus is on <body>`);
    else if (!info.indicator || !info.onScreen) {
      this.problems.push(
        `${step}: ${describeFocus(info)} has focus but no visible focus indicator ` +
          `(outline: ${info.outline}; box-shadow: ${info.boxShadow}; :focus-visible: ${info.focusVisible}; on screen: ${info.onScreen})`,
      );
    }
  }

  /** After a route change focus is on the new page's h1. */
  async expectHeadingFocus(page: Page, step: string, name: string) {
    this.expectFocus(step, await focusSettlesOn(page, mainHeading(name)), mainHeading(name), `h1 "${name}" [tabindex=-1]`);
  }
}

async function exportRequest(context: BrowserContext, page: Page, sopId: string, format: string) {
  const path = `/api/sop/${sopId}/export/${format}`;
  const [tab, response] = await Promise.all([
    context.waitForEvent('page'),
    context.waitForEvent('response', (r) => new URL(r.url()).pathname === path),
    page.keyboard.press('Enter'),
  ]);
  return { tab, response };
}

describe('accessibility: keyboard only', () => {
  let browser: Browser;
  let user: TestUser;
  let sop: Sop;
  beforeAll(async () => {
    browser = await launchBrowser();
    user = await registerUser();
    sop = await seedSop(user.user.id, 'Close the Till', { steps });
  });
  afterAll(async () => browser?.close());

  const skipLinkPages: [string, 'out' | 'in', () => string, (page: Page) => Promise<void>][] = [
    ['/ (landing)', 'out', () => '/', (page) => h1(page, 'Turn messy processes into clean documentation').waitFor()],
    ['/login', 'out', () => '/login', (page) => h1(page, 'Welcome back').waitFor()],
    ['/templates (signed out)', 'out', () => '/templates', templatesReady],
    ['/dashboard', 'in', () => '/dashboard', (page) => h1(page, 'Your SOPs').waitFor()],
    ['/create', 'in', () => '/create', (page) => h1(page, 'Create SOP').waitFor()],
    ['/sop/:id', 'in', () => `/sop/${sop.id}`, (page) => h1(page, 'Close the Till').waitFor()],
  ];

  it.each(skipLinkPages)("%s: the first Tab stop is a visible 'Skip to main content' link that moves focus to <main>", async (_name, session, path, ready) => {
    const { context, page } = session === 'in' ? await openAs(browser, user) : await openPage(browser);
    try {
      await page.goto(path());
      await ready(page);
      await settle(page);

      await page.keyboard.press('Tab');
      const first = await focusInfo(page);
      expect({ firstTabStop: describeFocus(first), indicator: first.indicator, onScreen: first.onScreen }).toEqual({
        firstTabStop: 'link "Skip to main content"',
        indicator: true,
        onScreen: true,
      });

      await page.keyboard.press('Enter');
      const target = await focusSettlesOn(page, (info) => info.tag === 'main');
      expect({ afterSkipLink: target.isBody ? '<body>' : target.path }).toEqual({ afterSkipLink: expect.stringMatching(/(^|> )main(#[\w-]+)?$/) });

      // The next Tab continues inside the main content, past the header.
      await page.keyboard.press('Tab');
      const next = await focusInfo(page);
      const inMain = await page.evaluate(() => !!document.querySelector('main')?.contains(document.activeElement));
      expect({ nextTabStop: describeFocus(next), inMain, indicator: next.indicator }).toEqual({ nextTabStop: expect.any(String), inMain: true, indicator: true });
    } finally {
      await context.close();
    }
  });

  it('signs in, creates an SOP from text, edits its title, saves and exports it with the keyboard alone, focus always visible and in the right place', async () => {
    const author = await registerUser();
    await services().send(billingMessages.grantCredits, { userId: author.user.id, credits: 3, key: 'a11y-pack', reason: 'test' });
    const { context, page } = await openPage(browser);
    const checks = new FocusChecks();
    const titles: Record<string, string> = {};
    const sopTitle = 'Open the Shop';
    try {
      // Sign in: Tab to the fields, type, Enter.
      await page.goto('/login');
      await h1(page, 'Welcome back').waitFor();
      await settle(page);
      checks.expectVisible('login: Email field', await tabTo(page, control('textbox', /^Email/), 'the Email field'));
      await page.keyboard.type(author.email);
      checks.expectVisible('login: Password field', await tabTo(page, control('textbox', /^Password/), 'the Password field', { maxPresses: 3 }));
      await page.keyboard.type(author.password);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await h1(page, 'Your SOPs').waitFor();
      await checks.expectHeadingFocus(page, 'after signing in (route change to /dashboard)', 'Your SOPs');
      titles.dashboard = await page.title();

      // To the create page by the header's New SOP link.
      checks.expectVisible('dashboard: New SOP link', await reach(page, control('link', /New SOP/), "the header's New SOP link"));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/create');
      await h1(page, 'Create SOP').waitFor();
      await checks.expectHeadingFocus(page, 'after New SOP (route change to /create)', 'Create SOP');
      titles.create = await page.title();

      // Write Process: title, notes, Generate SOP.
      checks.expectVisible('create: Title field', await reach(page, control('textbox', /^Title/), 'the Title field'));
      await page.keyboard.type(sopTitle);
      checks.expectVisible('create: Notes field', await tabTo(page, control('textbox', /^Notes/), 'the Notes field', { maxPresses: 5 }));
      await page.keyboard.type('First unlock the front door. Then switch on the lights. Finally open the till.');
      checks.expectVisible('create: Generate SOP button', await tabTo(page, control('button', /Generate SOP/), 'the Generate SOP button', { maxPresses: 5 }));
      await page.keyboard.press('Enter');
      await page.getByText('SOP created!').waitFor({ timeout: 60_000 });
      await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname.startsWith('/sop/'));

      if (new URL(page.url()).pathname === '/dashboard') {
        await h1(page, 'Your SOPs').waitFor();
        await checks.expectHeadingFocus(page, 'after Generate SOP (route change to /dashboard)', 'Your SOPs');
        checks.expectVisible('dashboard: the new SOP card link', await reach(page, control('link', sopTitle), `the link of the "${sopTitle}" card`));
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname.startsWith('/sop/'));
      }
      const sopId = new URL(page.url()).pathname.split('/').pop()!;
      await h1(page, sopTitle).waitFor();
      await checks.expectHeadingFocus(page, 'on opening the SOP (route change to /sop/:id)', sopTitle);
      titles.sop = await page.title();

      // Edit: focus goes to the title input.
      checks.expectVisible('SOP: Edit button', await reach(page, control('button', 'Edit'), 'the Edit button'));
      await page.keyboard.press('Enter');
      const titleInput = page.getByRole('textbox', { name: 'SOP title' });
      await titleInput.waitFor();
      const titleField = control('textbox', 'SOP title');
      checks.expectFocus('after Edit', await focusSettlesOn(page, titleField), titleField, 'the SOP title input');
      if (!titleField(await focusInfo(page))) await reach(page, titleField, 'the SOP title input');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(`${sopTitle} Early`);
      expect(await titleInput.inputValue()).toBe(`${sopTitle} Early`);

      // Save: back to view, focus back on Edit.
      checks.expectVisible('SOP edit: Save button', await reach(page, control('button', 'Save'), 'the Save button'));
      await page.keyboard.press('Enter');
      await page.getByText('SOP updated').waitFor();
      await h1(page, `${sopTitle} Early`).waitFor();
      checks.expectFocus('after Save', await focusSettlesOn(page, control('button', 'Edit')), control('button', 'Edit'), 'the Edit button');

      // Export to Markdown: the export starts, focus stays on the button.
      checks.expectVisible('SOP: Markdown export button', await reach(page, control('button', 'Markdown'), 'the Markdown export button'));
      const { tab, response } = await exportRequest(context, page, sopId, 'markdown');
      expect({ status: response.status(), disposition: response.headers()['content-disposition'] }).toEqual({
        status: 200,
        disposition: expect.stringContaining('filename="Open-the-Shop-Early.md"'),
      });
      await tab.close();
      await page.bringToFront();
      checks.expectFocus('after the Markdown export', await focusInfo(page), control('button', 'Markdown'), 'the Markdown button');

      // Edit, then Cancel: focus back on Edit.
      await reach(page, control('button', 'Edit'), 'the Edit button');
      await page.keyboard.press('Enter');
      await titleInput.waitFor();
      checks.expectVisible('SOP edit: Cancel button', await reach(page, control('button', 'Cancel'), 'the Cancel button'));
      await page.keyboard.press('Enter');
      await h1(page, `${sopTitle} Early`).waitFor();
      checks.expectFocus('after Cancel', await focusSettlesOn(page, control('button', 'Edit')), control('button', 'Edit'), 'the Edit button');

      if (new Set([titles.dashboard, titles.create, titles.sop]).size !== 3) {
        checks.problems.push(`document.title does not tell the pages apart: ${JSON.stringify(titles)}`);
      }
      expect(checks.problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('accessibility: the editor under the keyboard, toasts and reduced motion', () => {
  let browser: Browser;
  let user: TestUser;
  beforeAll(async () => {
    browser = await launchBrowser();
    user = await registerUser();
  });
  afterAll(async () => browser?.close());

  const manySteps = Array.from({ length: 12 }, (_, index) => ({ title: `Step title ${index + 1}`, details: 'Some details about this step.\nA second line.' }));

  async function openInEditMode(page: Page, sopId: string, title: string) {
    await page.goto(`/sop/${sopId}`);
    await h1(page, title).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'SOP title' }).waitFor();
  }

  it('never takes keyboard focus into a toast while it shows', async () => {
    const sop = await seedSop(user.user.id, 'Toast Walk', { steps });
    const { context, page } = await openAs(browser, user);
    try {
      await openInEditMode(page, sop.id, 'Toast Walk');
      await page.getByRole('button', { name: 'Save' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'SOP updated' });
      await toast.waitFor();
      // Round the whole page (and past its end) while the toast is up.
      const visited: string[] = [];
      for (let press = 0; press < 60 && (await toast.isVisible()); press++) {
        await page.keyboard.press('Tab');
        const inToast = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-scope="toast"]')));
        if (inToast) visited.push(describeFocus(await focusInfo(page)));
      }
      expect({ focusedInsideToast: visited }).toEqual({ focusedInsideToast: [] });
    } finally {
      await context.close();
    }
  });

  it('keeps the sticky Save bar below the sticky header when the page scrolls, at 1280 and 640 wide', async () => {
    const sop = await seedSop(user.user.id, 'Long Procedure', { steps: manySteps });
    for (const width of [1280, 640]) {
      const { context, page } = await openAs(browser, user, { viewport: { width, height: 800 } });
      try {
        await openInEditMode(page, sop.id, 'Long Procedure');
        await page.getByRole('textbox', { name: 'Step 10 details' }).scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 400);
        await settle(page);
        const header = await page.locator('header').first().boundingBox();
        const save = await page.getByRole('button', { name: 'Save' }).boundingBox();
        expect({ width, saveBelowHeader: Boolean(header && save && save.y >= header.y + header.height - 1) }).toEqual({ width, saveBelowHeader: true });
      } finally {
        await context.close();
      }
    }
  });

  it('moves focus to the step that takes the place of a deleted one, and to Add Step when none is left', async () => {
    const sop = await seedSop(user.user.id, 'Delete Walk', { steps: steps.slice(0, 2) });
    const { context, page } = await openAs(browser, user);
    try {
      await openInEditMode(page, sop.id, 'Delete Walk');
      await page.getByRole('button', { name: 'Delete step 1' }).focus();
      await page.keyboard.press('Enter');
      const afterFirst = await focusSettlesOn(page, control('textbox', 'Step 1 title'));
      expect({ focus: describeFocus(afterFirst), value: await page.getByRole('textbox', { name: 'Step 1 title' }).inputValue() }).toEqual({
        focus: 'textbox "Step 1 title"',
        value: steps[1]!.title,
      });
      await page.getByRole('button', { name: 'Delete step 1' }).focus();
      await page.keyboard.press('Enter');
      const afterLast = await focusSettlesOn(page, control('button', /Add Step/));
      expect(describeFocus(afterLast)).toMatch(/^button "Add Step"/);
    } finally {
      await context.close();
    }
  });

  it('keeps focus inside the version drawer when moving between the list and a version', async () => {
    const sop = await seedSop(user.user.id, 'Drawer Walk', { steps });
    // One earlier version: a save that changes the title.
    const saved = await api('PUT', `/api/sop/${sop.id}`, { token: user.token, json: { title: 'Drawer Walk 2', steps } });
    expect(saved.status).toBe(200);
    const { context, page } = await openAs(browser, user);
    try {
      await page.goto(`/sop/${sop.id}`);
      await h1(page, 'Drawer Walk 2').waitFor();
      await page.getByRole('button', { name: 'Version history' }).click();
      const drawer = page.getByRole('dialog', { name: 'Version history' });
      await drawer.getByRole('button', { name: 'View version 1' }).focus();
      await page.keyboard.press('Enter');
      const inVersion = await focusSettlesOn(page, control('button', /All versions/));
      expect(describeFocus(inVersion)).toMatch(/^button "All versions"/);
      await page.keyboard.press('Enter');
      const backInList = await focusSettlesOn(page, control('button', 'View version 1'));
      expect({ focus: describeFocus(backInList), visible: backInList.indicator }).toEqual({ focus: 'button "View version 1"', visible: true });
    } finally {
      await context.close();
    }
  });

  it('does not animate for people who ask their system for reduced motion', async () => {
    const sop = await seedSop(user.user.id, 'Calm Drawer', { steps });
    const { context, page } = await openAs(browser, user, { reducedMotion: 'reduce' });
    try {
      await page.goto(`/sop/${sop.id}`);
      await h1(page, 'Calm Drawer').waitFor();
      await page.getByRole('button', { name: 'Version history' }).click();
      const drawer = page.getByRole('dialog', { name: 'Version history' });
      await drawer.waitFor();
      // Every animation and transition on the page is over at once.
      const longest = await page.evaluate(() => {
        const seconds = (value: string) => Math.max(...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part) || 0)));
        return Math.max(...Array.from(document.querySelectorAll('*')).map((element) => {
          const style = getComputedStyle(element);
          return Math.max(seconds(style.animationDuration), seconds(style.transitionDuration));
        }));
      });
      expect(longest).toBeLessThan(0.01);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility: a team SOP with its review, share dialog and acknowledgements', () => {
  let browser: Browser;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  /** Submitted for review, naming the owner. */
  let inReview: Sop;
  /** Approved, reviewed every 6 months, and assigned to the viewer and the editor. */
  let assigned: Sop;
  /** A draft nobody has submitted. */
  let draft: Sop;
  beforeAll(async () => {
    browser = await launchBrowser();
    [owner, editor, viewer] = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const { body: team } = await api<Workspace>('POST', '/api/workspaces', { token: owner.token, json: { name: 'Loading dock' } });
    for (const [member, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const { body: invitation } = await api<CreatedInvitation>('POST', `/api/workspaces/${team.id}/invitations`, { token: owner.token, json: { email: member.email, role } });
      await api('POST', `/api/invitations/${invitation.token}/accept`, { token: member.token });
    }
    inReview = await seedSop(team.id, 'Receive a delivery', { steps });
    await api('POST', `/api/sop/${inReview.id}/review`, { token: editor.token, json: { approverId: owner.user.id } });
    draft = await seedSop(team.id, 'Count the stock', { steps });
    assigned = await seedSop(team.id, 'Forklift safety', { steps });
    await api('POST', `/api/sop/${assigned.id}/review`, { token: editor.token, json: { approverId: owner.user.id } });
    await api('POST', `/api/sop/${assigned.id}/approve`, { token: owner.token });
    await api('PUT', `/api/sop/${assigned.id}/review-interval`, { token: owner.token, json: { months: 6 } });
    const assigning = await api('PUT', `/api/sop/${assigned.id}/assignees`, { token: owner.token, json: { userIds: [viewer.user.id, editor.user.id] } });
    if (assigning.status !== 200) throw new Error(`assigning failed: ${assigning.status} ${JSON.stringify(assigning.body)}`);
  }, 60_000);
  afterAll(async () => browser?.close());

  const ready = async (page: Page, title: string) => {
    await h1(page, title).waitFor();
    await page.getByTestId('status-badge').waitFor();
  };

  const states: { name: string; as: () => TestUser; path: () => string; ready: (page: Page) => Promise<void> }[] = [
    {
      name: 'team SOP in review, as the owner named to approve it, with the acknowledgements section',
      as: () => owner,
      path: () => `/sop/${inReview.id}`,
      ready: async (page) => {
        await ready(page, 'Receive a delivery');
        await page.getByTestId('review-panel').getByRole('button', { name: 'Approve' }).waitFor();
        await page.getByTestId('acknowledgements-panel').getByTestId('acknowledgement-row').first().waitFor();
      },
    },
    {
      name: 'team SOP draft, as an editor, asked to choose an approver',
      as: () => editor,
      path: () => `/sop/${draft.id}`,
      ready: async (page) => {
        await ready(page, 'Count the stock');
        const panel = page.getByTestId('review-panel');
        await panel.getByRole('button', { name: 'Submit for review' }).click();
        await panel.getByText('Choose an approver').waitFor();
      },
    },
    {
      name: 'team SOP approved with a review date, as an editor it is assigned to',
      as: () => editor,
      path: () => `/sop/${assigned.id}`,
      ready: async (page) => {
        await ready(page, 'Forklift safety');
        // Approved and assigned to the editor too: the callout and the review panel together.
        await page.getByTestId('assigned-callout').waitFor();
        await page.getByTestId('next-review').waitFor();
      },
    },
    {
      name: 'team SOP with the share dialog open and a new link shown',
      as: () => editor,
      path: () => `/sop/${inReview.id}`,
      ready: async (page) => {
        await ready(page, 'Receive a delivery');
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Share this SOP' });
        // A key press, not a click: the pointer left hovering the button would be checked as it looks then.
        await dialog.getByRole('button', { name: 'Create link' }).press('Enter');
        await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
        await dialog.getByTestId('share-link-row').first().waitFor();
      },
    },
    {
      name: 'team SOP share dialog asking to confirm revoking a link',
      as: () => editor,
      path: () => `/sop/${inReview.id}`,
      ready: async (page) => {
        await ready(page, 'Receive a delivery');
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Share this SOP' });
        await dialog.getByRole('button', { name: 'Create link' }).press('Enter');
        await dialog.getByTestId('share-link-row').first().getByRole('button', { name: /^Revoke/ }).press('Enter');
        await page.getByRole('alertdialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Cancel' }).waitFor();
      },
    },
    {
      name: 'team SOP assigned to a viewer, with the acknowledgement callout',
      as: () => viewer,
      path: () => `/sop/${assigned.id}`,
      ready: async (page) => {
        await ready(page, 'Forklift safety');
        await page.getByTestId('assigned-callout').getByRole('button').waitFor();
        await page.getByTestId('review-panel').waitFor();
      },
    },
  ];

  it.each(states.map((state) => [state.name, state] as const))('%s has no violations', async (name, state) => {
    const { context, page } = await openAs(browser, state.as(), axeContext);
    try {
      await page.goto(state.path());
      await state.ready(page);
      await settle(page);
      expect(await axeFindings(page, name)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
