import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './browser';

/** The WCAG 2 A/AA rules the browser tests hold every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Waits until no loader shows and every finite animation (modal and tab transitions) has ended. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.mantine-Loader-root').length === 0 &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
  );
}

/**
 * The serious and critical axe violations of the page as it is, one line each (at most five elements a
 * rule), each line starting with `where`. Toasts are left out: they fade in and out over the page, and
 * caught mid-fade read as low contrast.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude('.mantine-Notifications-root')
    // axe.run in the page itself. The default runs each frame on its own and gathers the results in a
    // blank page it opens, a page load per check; the app's pages have no frames of other origins.
    .setLegacyMode(true)
    // Only the violations are read; axe then keeps a single element of each pass and incomplete result.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.slice(0, 5).map((node) => {
        const why = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? '';
        return `${where}: ${violation.id} on ${node.target.join(' ')}: ${why}`;
      }),
    );
}

/** Fails on any serious or critical axe violation of the settled page, one line each, named by `where`. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await settle(page);
  expect(await axeFindings(page, where)).toEqual([]);
}

/** Logs a demo player in through the API (the page's cookies then carry the session). */
export async function logInByApi(page: Page, username: string): Promise<void> {
  const response = await page.request.post('/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
}
