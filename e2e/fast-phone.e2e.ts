import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, PHONE } from './support/browser';

afterAll(closeBrowser);

const POOL = '/mlb/ala/2023/reg/0';
/** A concluded pool past its third week: its Home shows the Pool Health Report. */
const MLB_2022 = '/mlb/ala/2022/reg/0';

/** The chunks the document preloads, as file names without their hash. */
async function preloaded(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) =>
      links.map((link) =>
        (link.getAttribute('href') ?? '').replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''),
      ),
    );
}

describe('a page preloads its own chunks at once', () => {
  it("preloads the opened pool tab's chunks, not another tab's, before the app runs", async () => {
    const { context, page } = await newPage(PHONE);
    // Without the app's entry, nothing imports lazily: what is preloaded, the document asked for.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    const opened = async (address: string) => {
      await page.goto(address);
      await page.waitForFunction(
        () => document.querySelectorAll('link[rel="modulepreload"]').length > 20,
        null,
        {
          timeout: 10_000,
        },
      );
      return preloaded(page);
    };
    const standings = await opened(`${POOL}/standings`);
    expect(standings).toContain('pool');
    expect(standings).toContain('standings-tab');
    expect(standings).not.toContain('pool-home');

    const home = await opened(POOL);
    expect(home).toContain('pool-home');
    expect(home).not.toContain('standings-tab');

    await page.goto('/');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].some((link) =>
        /\/landing-/.test(link.getAttribute('href') ?? ''),
      ),
    );
    await context.close();
  });

  it('serves the preload script compressed and cached for good', async () => {
    const { context, page } = await newPage(PHONE);
    const html = await (await page.request.get(POOL)).text();
    const src = html.match(/<script async src="(\/assets\/route-preload-[\w-]+\.js)"/)?.[1];
    expect(src).toBeDefined();
    const response = await page.request.get(src ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding']).toBe('br');
    await context.close();
  });
});

describe('the Pool Health chart on a phone', () => {
  it('loads the chart library only when the player scrolls to the report', async () => {
    const { context, page } = await newPage(PHONE);
    await page.route('**/api/poolHealth/**', (route) =>
      route.fulfill({
        json: {
          keys: ['1x Lives', '2x Lives'],
          weeks: [1, 2, 3, 4].map((week) => ({ week, '1x Lives': week, '2x Lives': 4 - week })),
        },
      }),
    );
    const chartRequests: string[] = [];
    page.on('request', (request) => {
      if (/pool-health-chart/.test(request.url())) chartRequests.push(request.url());
    });
    // The page's timers run on a clock the test can move: two seconds pass without being waited for.
    await page.clock.install();
    await page.goto(MLB_2022);
    const card = page.getByRole('region', { name: 'Pool Health Report' });
    await card.getByText(/\d+ entered · \d+ remaining/).waitFor();
    // Far below the fold of a phone: neither the library nor the drawing yet, two seconds on.
    await page.clock.runFor(2000);
    expect(chartRequests).toEqual([]);
    expect(await card.locator('.recharts-surface').count()).toBe(0);

    await card.scrollIntoViewIfNeeded();
    await card.locator('.recharts-surface').first().waitFor();
    expect(chartRequests.length).toBeGreaterThan(0);
    await context.close();
  });
});
