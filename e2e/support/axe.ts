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

/** Fails on any serious or critical axe violation of the settled page, one line each, named by `where`. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await settle(page);
  // Toasts are left out: they fade in and out over the page, and caught mid-fade read as low contrast.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude('.mantine-Notifications-root')
    .analyze();
  const found = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 5).map((n) => `${where}: ${v.id} on ${n.target.join(' ')}`));
  expect(found).toEqual([]);
}

/** Logs a demo player in through the API (the page's cookies then carry the session). */
export async function logInByApi(page: Page, username: string): Promise<void> {
  const response = await page.request.post('/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
}
