import type { BrowserContext, Page } from 'playwright-core';
import { askForPlainApp, BASE_URL, DESKTOP, getBrowser, PHONE } from './browser';
import { cacheAssets } from './cached-assets';

/** newCachedPage for a viewer in `timezoneId` (an IANA zone): what the page shows in the viewer's zone. */
export async function newPageInZone(
  timezoneId: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await getBrowser()).newContext({
    viewport,
    baseURL: BASE_URL,
    timezoneId,
    isMobile: viewport.width <= PHONE.width,
    hasTouch: viewport.width <= PHONE.width,
    reducedMotion: 'reduce',
  });
  await cacheAssets(context);
  await askForPlainApp(context);
  return { context, page: await context.newPage() };
}

/** Whether the page scrolls sideways (a layout wider than the screen). */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
