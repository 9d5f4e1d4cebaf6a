import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_URL, closeBrowser, getBrowser, PHONE, screenshot } from './support/browser';
import { cacheAssets } from './support/cached-assets';

afterAll(closeBrowser);

const POOL = '/mlb/ala/2023/reg/0';
/** The pages Lighthouse measures (bench/lighthouse.bench.ts): rendered on the server (decision 022). */
const PAGES = [
  '/',
  '/leagues/allpools',
  POOL,
  `${POOL}/howtoplay`,
  `${POOL}/makepicks`,
  `${POOL}/scoreboard`,
  `${POOL}/standings`,
  `${POOL}/bonuses`,
  `${POOL}/finances`,
];
/** Lighthouse's phone: the server renders the phone's layout for it. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36';

async function phone(options: BrowserContextOptions = {}) {
  const context = await (await getBrowser()).newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_AGENT,
    baseURL: BASE_URL,
    reducedMotion: 'reduce',
    ...options,
  });
  await cacheAssets(context);
  return context;
}

/** Console errors and uncaught exceptions of a page, as they come. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The executable scripts a page's HTML carries inline (the CSP would refuse them). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attributes, body]) =>
        !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes) && body.trim() !== '',
    )
    .map(([tag]) => tag.slice(0, 120));
}

describe('the first view rendered on the server', () => {
  it('sends a pool page with its content and data, readable before any script runs', async () => {
    const context = await phone({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${POOL}/makepicks`);
    await expect(page.getByRole('heading', { name: 'MLB SURVIVOR 2023' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Make Your Picks Here' }).isVisible()).resolves.toBe(true);
    expect(await page.getByText('Arizona Diamondbacks').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(1);

    await page.goto(`${POOL}/standings`);
    await expect(page.getByRole('tab', { name: 'Standings', selected: true }).isVisible()).resolves.toBe(
      true,
    );

    const html = await (await page.request.get(POOL)).text();
    expect(html).toContain('<script type="application/json" id="ala-ssr">');
    expect(inlineScripts(html)).toEqual([]);
    await context.close();
  });

  it('hydrates each page a phone opens first without a console error', async () => {
    const context = await phone();
    for (const address of PAGES) {
      const page = await context.newPage();
      const errors = collectErrors(page);
      const answer = await page.goto(address, { waitUntil: 'networkidle' });
      expect(await answer?.text(), address).toContain('id="ala-ssr"');
      // Hydrated: the app's own navigation answers a click on the menu.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog').waitFor();
      expect(errors, address).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('moves between tabs as the app once hydrated, without loading another page', async () => {
    const context = await phone();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(POOL, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('tab', { name: 'Standings' }).click();
    await page.waitForURL(`**${POOL}/standings`);
    await page.getByRole('tab', { name: 'Standings', selected: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a tab whose code did not arrive could not be shown, and offers to try again', async () => {
    const context = await phone();
    // The Standings tab's code is lost on the way (a dropped connection, or a release that replaced it).
    await context.route('**/assets/standings-tab-*.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(POOL, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Standings' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Could not show this tab' });
    await failure.getByText('Check your connection and try again.').waitFor();
    await failure.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(page, 'tab-code-lost-phone');
    // The rest of the page still works: another tab opens.
    await page.getByRole('tab', { name: 'How to play' }).click();
    await page.getByRole('tab', { name: 'How to play', selected: true }).waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  it("shows times in the viewer's zone: the first visit after hydration, the next ones from the server", async () => {
    const context = await phone({ timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const first = await page.goto(`${POOL}/makepicks`, { waitUntil: 'networkidle' });
    // The server did not know the zone yet: its HTML reads UTC, then the page shows New York's.
    expect(await first?.text()).toMatch(/PICK DEADLINE.*\(UTC\)/s);
    await page
      .getByText(/\((EDT|EST)\)/)
      .first()
      .waitFor();
    const again = await page.goto(`${POOL}/makepicks`, { waitUntil: 'networkidle' });
    expect(await again?.text()).toMatch(/PICK DEADLINE.*\((EDT|EST)\)/s);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a tap made before the code has loaded, once the page is hydrated', async () => {
    const context = await phone();
    // The app's code waits until the tap is made, as on a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.fallback();
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(POOL, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    release();
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hydrates the server's page in place instead of drawing it again", async () => {
    const context = await phone();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.fallback();
    });
    for (const address of [POOL, `${POOL}/makepicks`, '/leagues/allpools']) {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(address, { waitUntil: 'domcontentloaded' });
      const marked = await page.evaluate(() => {
        const elements = [...document.querySelectorAll('main h1, main h2, main [role="tab"], main table')];
        for (const element of elements) (element as unknown as { fromServer: boolean }).fromServer = true;
        return elements.length;
      });
      expect(marked, address).toBeGreaterThan(0);
      release();
      // Hydrated: React owns the menu button (it marks each element it hydrates with its props), and the
      // app's own navigation answers a click on it. A tap before that has a test of its own above.
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.evaluate(
        (button) =>
          new Promise<void>((resolve) => {
            const check = () =>
              Object.keys(button).some((key) => key.startsWith('__reactProps$'))
                ? resolve()
                : setTimeout(check, 50);
            check();
          }),
      );
      await menu.click();
      await page.getByRole('dialog').waitFor();
      await page.waitForLoadState('networkidle');
      const drawnAgain = await page.evaluate(() =>
        [...document.querySelectorAll('main h1, main h2, main [role="tab"], main table')]
          .filter((element) => !(element as unknown as { fromServer?: boolean }).fromServer)
          .map((element) => (element.textContent ?? '').slice(0, 40)),
      );
      expect(drawnAgain, address).toEqual([]);
      expect(errors, address).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it("hydrates Home's cards below a phone's fold only when scrolled to", async () => {
    const context = await phone();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const feedCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/news-feed-[^/]*\.js$/.test(request.url())) feedCode.push(request.url());
    });
    await page.goto(POOL, { waitUntil: 'networkidle' });
    // Hydrated above the fold: the menu answers.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The news feed is the server's HTML, read without its code.
    await expect(page.getByRole('heading', { name: 'News Feed' }).count()).resolves.toBe(1);
    expect(feedCode).toEqual([]);
    // Scrolled to, it hydrates: its code loads and its filter answers.
    await page.getByRole('heading', { name: 'News Feed' }).scrollIntoViewIfNeeded();
    await expect.poll(() => feedCode.length).toBeGreaterThan(0);
    const filter = page.getByRole('radiogroup', { name: 'Feed filter' });
    if ((await filter.count()) > 0) {
      await filter.locator('label').last().click();
      await expect.poll(() => filter.getByRole('radio').last().isChecked()).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the plain app for a page it does not render, which works as before', async () => {
    const context = await phone();
    const page = await context.newPage();
    const answer = await page.goto('/leagues/create');
    expect(await answer?.text()).not.toContain('id="ala-ssr"');
    await page
      .getByRole('heading', { name: /create a league/i })
      .first()
      .waitFor();
    await context.close();
  });
});
