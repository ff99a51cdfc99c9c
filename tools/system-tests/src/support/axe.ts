import type { AxeResults } from 'axe-core';
import { appendFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 A and AA rules: what the app must meet. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeScript = require.resolve('axe-core/axe.min.js');

/** How many of a rule's failing elements a finding quotes; the count says how many there are. */
const NODES_QUOTED = 5;

/** One broken rule, as a developer needs it to find and fix the elements. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** How many elements fail the rule. */
  elements: number;
  /** The first few: `selector — <html…> — what is wrong`. */
  nodes: string[];
}

type AxeWindow = { axe?: { run: (context: Document, options: unknown) => Promise<AxeResults> } };

const squash = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * Lets the page come to rest before it is checked: fonts loaded, finite animations and
 * transitions (drawers, fades, collapsibles) finished, then a short pause for late renders.
 * Endless animations (spinners, skeleton pulses) are not waited for.
 */
export async function settle(page: Page, pauseMs = 300): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts?.ready;
    const deadline = Date.now() + 5000;
    for (;;) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      const left = deadline - Date.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
  await page.waitForTimeout(pauseMs);
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the whole page as it is now and returns the violations
 * in a readable form, sorted by rule. The page's context must have `bypassCSP` set: the app's
 * Content-Security-Policy allows no inline scripts, and `addScriptTag` injects one.
 *
 * Set SOPWRIGHT_A11Y_REPORT=<file> to append every state's findings to that file as JSON lines.
 */
export async function axeFindings(page: Page, state: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as AxeWindow).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: axeScript });
  const violations = await page.evaluate(async (values) => {
    const axe = (window as unknown as AxeWindow).axe!;
    const results = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), html: node.html, summary: node.failureSummary ?? '' })),
    }));
  }, wcagTags);

  const format = (quoted: number): AxeFinding[] =>
    violations
      .map((violation) => ({
        rule: violation.rule,
        impact: violation.impact,
        help: violation.help,
        helpUrl: violation.helpUrl.replace(/\?.*$/, ''),
        elements: violation.nodes.length,
        nodes: violation.nodes
          .slice(0, quoted)
          .map((node) => `${node.target} — ${squash(node.html, 140)} — ${squash(node.summary.replace(/^Fix (any|all) of the following:/, ''), 260)}`),
      }))
      .sort((a, b) => a.rule.localeCompare(b.rule));

  // The report file lists every failing element; the assertion quotes the first few.
  const reportFile = process.env.SOPWRIGHT_A11Y_REPORT;
  if (reportFile) appendFileSync(reportFile, `${JSON.stringify({ state, url: page.url(), findings: format(Infinity) })}\n`);
  return format(NODES_QUOTED);
}
