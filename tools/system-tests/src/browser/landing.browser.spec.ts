import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser';

describe('landing page', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(async () => browser?.close());

  it('shows the hero, how it works, benefits and footer with the calls to action', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Creating Free' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start Creating Free' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'Browse 80+ Templates' }).first().getAttribute('href')).toBe('/templates');
    expect(await page.getByRole('link', { name: 'Create Free Account' }).getAttribute('href')).toBe('/register');
    await page.getByRole('heading', { name: 'How it works' }).waitFor();
    for (const step of ['Upload or Describe', 'AI Generates Steps', 'Review & Export']) {
      await page.getByRole('heading', { name: new RegExp(`^(\\d\\. )?${step}$`) }).waitFor();
    }
    for (const benefit of ['Saves time', 'Consistent formatting', 'Easy version control', 'Team knowledge sharing', 'Onboarding']) {
      await page.getByText(new RegExp(benefit, 'i')).first().waitFor();
    }
    await page.getByText(/Powered by/i).first().waitFor();
    await page.getByText(/© 2025/).waitFor();
    await context.close();
  });

  it('lists seven features and three five-star testimonials in the header dropdowns', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Features' }).click();
    const features = page.getByRole('menuitem');
    await features.first().waitFor();
    expect(await features.count()).toBe(7);
    for (const feature of [/5 input methods/i, /AI-powered processing/i, /image attachments/i, /inline editing/i, /company branding/i, /80\+ templates/i, /export formats/i]) {
      expect(await features.filter({ hasText: feature }).count()).toBe(1);
    }
    await page.keyboard.press('Escape');
    await features.first().waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Testimonials' }).click();
    const testimonials = page.getByRole('menuitem').filter({ visible: true });
    await testimonials.first().waitFor();
    expect(await testimonials.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      expect(await testimonials.nth(i).getByLabel('5 out of 5 stars').count()).toBe(1);
    }
    await context.close();
  });

  it('links to templates, login and sign-up from the header', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Log In' }).first().click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await context.close();
  });
});
