import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, DESKTOP, PHONE, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const NBA_GLOBAL = '/nba/ala/2023/reg/0/standings';
const SQUAD_MLB = '/mlb/SQUAD/2023/reg/0/standings';
/** A concluded pool of past seasons: jordan is its champion. */
const MLB_2022 = '/mlb/ala/2022/reg/0/standings';
const OFFICE_NFL = '/nfl-td/OFFCE/2022/reg/0/standings';
/** The entry labels shown, whichever layout (table rows from 768 px, cards below). */
async function entryLabels(page: Page, phone: boolean): Promise<string[]> {
  if (phone)
    return page
      .locator('article')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
  return page.locator('table tbody tr td:first-child').allInnerTexts();
}

async function tileValue(page: Page, label: string): Promise<string> {
  const term = page.locator('dt', { hasText: label });
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

async function waitForStandings(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Standings', selected: true }).waitFor();
  await page.getByRole('heading', { name: 'Standings', level: 2 }).waitFor();
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('the Standings tab (%s)', (label, viewport) => {
  const phone = viewport === PHONE;

  it('shows a visitor the tiles and every counted entry of the global pool, and passes axe', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(NBA_GLOBAL);
    await waitForStandings(page);
    expect(Number(await tileValue(page, 'Entrants'))).toBeGreaterThanOrEqual(6);
    expect(await tileValue(page, 'Main Prize Pool')).toMatch(/^\$[\d,]+$/);
    expect(await tileValue(page, 'Bonuses Earned')).toMatch(/^-?\$[\d,]+$/);
    const labels = await entryLabels(page, phone);
    expect(labels).toEqual(expect.arrayContaining(['commish', 'sam', 'riley']));
    await page.getByRole('combobox', { name: 'View By', exact: true }).waitFor();
    await screenshot(page, `standings-visitor-${label}`);
    await expectNoAxeViolations(page, `nba standings @${viewport.width}`);
    await context.close();
  });

  it('lets a player switch views and sorts, and marks the champions of a concluded pool', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    await waitForStandings(page);
    expect(await entryLabels(page, phone)).toContain('sam');

    await page.getByRole('combobox', { name: 'Sort By', exact: true }).click();
    await page.getByRole('option', { name: 'Username' }).click();
    await page.waitForFunction(() => !document.body.innerText.includes('updating…'));
    const sorted = await entryLabels(page, phone);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    await page.getByRole('combobox', { name: 'View By', exact: true }).click();
    await page.getByRole('option', { name: 'Quickview' }).click();
    await page.waitForFunction(() => !document.body.innerText.includes('updating…'));
    expect(await page.getByText(/^Week \d+$/).count()).toBe(0);
    await screenshot(page, `standings-quickview-${label}`);

    await page.goto(MLB_2022);
    await waitForStandings(page);
    await page.getByText('CHAMPION', { exact: true }).filter({ visible: true }).first().waitFor();
    expect((await entryLabels(page, phone))[0]).toBe('jordan');
    await page.getByText('ELIMINATED', { exact: true }).filter({ visible: true }).first().waitFor();
    await screenshot(page, `standings-concluded-${label}`);
    await expectNoAxeViolations(page, `mlb 2022 standings @${viewport.width}`);
    await context.close();
  });

  it('shows a week by day: the picked team’s game per day, scrolling sideways on a phone, and HIDDEN picks of an open week', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    await waitForStandings(page);
    await page.getByRole('combobox', { name: 'View By', exact: true }).click();
    await page.getByRole('option', { name: 'Day', exact: true }).click();
    const table = page.getByRole('table', { name: /^Week \d+ standings by day$/ });
    await table.waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('updating…'));
    const headers = await table.locator('thead th').allInnerTexts();
    const dayHeaders = headers.filter((text) => /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+\/\d+$/.test(text.trim()));
    expect(dayHeaders.length, headers.join(' | ')).toBeGreaterThan(0);
    // A locked week shows everyone's games: a matchup, then a time, a live score or a final with W or L.
    await table
      .getByText(/^(vs\.|@) [A-Z]{2,3}$/)
      .first()
      .waitFor();
    expect(await table.getByText(/^(W|L|T) \d+-\d+$|^Live|^\d+:\d\d (AM|PM)$|^PPD$/).count()).toBeGreaterThan(
      0,
    );
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
    const scroller = page.getByLabel(/by day, scrolls sideways$/);
    const widths = await scroller
      .first()
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    if (phone) expect(widths.scroll).toBeGreaterThan(widths.client);
    // Day columns keep their width: never squashed below the game cell's.
    const dayWidth = await table
      .locator('thead th')
      .nth(4)
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(dayWidth).toBeGreaterThanOrEqual(90);
    await screenshot(page, `standings-day-${label}`);
    await expectNoAxeViolations(page, `mlb standings by day @${viewport.width}`);

    // The week still open: the columns show, and others' picks stay HIDDEN.
    const shown = Number(
      (
        await page
          .getByText(/^Week \d+$/)
          .filter({ visible: true })
          .first()
          .innerText()
      ).slice(5),
    );
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('table', { name: `Week ${shown + 1} standings by day` }).waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('updating…'));
    await page.getByText('HIDDEN', { exact: true }).first().waitFor();
    await screenshot(page, `standings-day-open-week-${label}`);
    await context.close();
  });

  it('offers NFL TD pools the Qualifiers and Positions views', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'jamie');
    await page.goto(OFFICE_NFL);
    await waitForStandings(page);
    expect(await page.getByRole('combobox', { name: 'View By', exact: true }).inputValue()).toBe(
      'Qualifiers',
    );
    await page.getByRole('combobox', { name: 'View By', exact: true }).click();
    await page.getByRole('option', { name: 'Positions' }).click();
    await page.waitForFunction(() => !document.body.innerText.includes('updating…'));
    await page.getByText('QB', { exact: true }).filter({ visible: true }).first().waitFor();
    await screenshot(page, `standings-nfl-${label}`);
    await context.close();
  });

  it('says so when the pool has no active users, and when standings cannot be loaded', async () => {
    const { context, page } = await newPage(viewport);
    // No demo pool is empty: the real answer is emptied on its way to the page.
    await page.route('**/api/standings/**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({
        response,
        json: {
          ...body,
          total: 0,
          rows: [],
          tiles: { ...body.tiles, entrants: 0, alive: 0, in_bonus: 0, rebuys: 0, prize_pool: 0 },
        },
      });
    });
    await page.goto(NBA_GLOBAL);
    await page.getByText('Standings will show up here once this pool contains active users.').waitFor();
    await screenshot(page, `standings-empty-${label}`);

    await page.unroute('**/api/standings/**');
    await page.route('**/api/standings/**', (route) =>
      route.fulfill({ status: 503, json: { message: 'The standings are resting; try again soon.' } }),
    );
    await page.goto('/mlb/OFFCE/2023/reg/1/standings');
    const alert = page.getByRole('alert').filter({ hasText: 'Standings could not be loaded' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('The standings are resting; try again soon.');
    await screenshot(page, `standings-error-${label}`);
    await context.close();
  });
});

describe('the Pool Health Report on Home', () => {
  it('stays away until weeks are settled, and draws the stacked chart when they are', async () => {
    const { context, page } = await newPage();
    const home = '/mlb/ala/2022/reg/0';
    await page.goto(home);
    await page.getByRole('heading', { name: 'Pool Selections' }).waitFor();
    // The concluded pool is past its third week; its health comes from settlement, which the demo may lack.
    await page.route('**/api/poolHealth/**', (route) =>
      route.fulfill({
        json: {
          keys: ['1x Lives', '2x Lives', '3x Lives'],
          weeks: [1, 2, 3, 4, 5].map((week) => ({
            week,
            '1x Lives': week,
            '2x Lives': 2,
            '3x Lives': Math.max(0, 4 - week),
          })),
        },
      }),
    );
    await page.reload();
    const card = page.getByRole('region', { name: 'Pool Health Report' });
    await card.waitFor();
    await card.getByText(/\d+ entered · \d+ remaining/).waitFor();
    // The chart draws when its card is scrolled to.
    await card.scrollIntoViewIfNeeded();
    await card.locator('.recharts-surface').first().waitFor();
    const box = await card.locator('.recharts-responsive-container').first().boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(200);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'standings-pool-health');

    // 7 entries alive read on whole, even ticks: 0, 2, 4, 6, 8, never 0, 2, 4, 8.
    await page.unroute('**/api/poolHealth/**');
    await page.route('**/api/poolHealth/**', (route) =>
      route.fulfill({
        json: {
          keys: ['1x Lives', '2x Lives'],
          weeks: [
            { week: 1, '1x Lives': 3, '2x Lives': 4 },
            { week: 2, '1x Lives': 4, '2x Lives': 2 },
            { week: 3, '1x Lives': 5, '2x Lives': 0 },
          ],
        },
      }),
    );
    await page.reload();
    await card.locator('.recharts-surface').first().waitFor();
    const ticks = card.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await ticks.first().waitFor();
    // Bottom to top: each label and how far down it sits.
    const labels = (
      await ticks.evaluateAll((nodes) =>
        nodes.map((node) => ({ text: node.textContent ?? '', top: node.getBoundingClientRect().top })),
      )
    ).sort((a, b) => b.top - a.top);
    expect(labels.map((label) => label.text)).toEqual(['0', '2', '4', '6', '8']);
    const gaps = labels.slice(1).map((label, index) => labels[index].top - label.top);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);

    await page.unroute('**/api/poolHealth/**');
    await page.route('**/api/poolHealth/**', (route) =>
      route.fulfill({ json: { keys: ['1x Lives'], weeks: [] } }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Pool Selections' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
    expect(await page.getByRole('region', { name: 'Pool Health Report' }).count()).toBe(0);
    await context.close();
  });
});

describe('the Standings exports and the printable week', () => {
  /** A pool's id and latest locked week, from its answer (`address`: game/league/season/index/type). */
  async function poolOf(page: Page, address: string): Promise<{ id: number; liveWeek: number }> {
    const { pool } = await (await page.request.get(`/api/loadPool/${address}`)).json();
    return { id: pool.id, liveWeek: pool.live_week };
  }

  it('links the standings CSV, whose file starts with the header row', async () => {
    const { context, page } = await newPage();
    await page.goto(NBA_GLOBAL);
    await waitForStandings(page);
    const { id } = await poolOf(page, 'nba/ala/2023/0/reg');
    const link = page.getByRole('link', { name: 'Download CSV' });
    expect(await link.getAttribute('href')).toBe(`/api/pools/${id}/export/standings.csv`);
    expect(await link.getAttribute('download')).not.toBeNull();
    const file = await page.request.get(`/api/pools/${id}/export/standings.csv`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('text/csv');
    const [header] = (await file.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toMatch(/^Entry,Lives,Status,Weeks alive,Rebuys,Week \d+,/);
    await context.close();
  });

  it("prints a locked week's rows on a phone without the app's header, and hides an open week", async () => {
    const { context, page } = await newPage(PHONE);
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    await waitForStandings(page);
    const { liveWeek } = await poolOf(page, 'mlb/SQUAD/2023/0/reg');
    await page.getByRole('link', { name: 'Print week' }).click();
    await page.waitForURL(`**/standings/print/${liveWeek}`);
    const table = page.getByRole('table', { name: `Week ${liveWeek} picks` });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'standings-print-week-phone');

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('tab', { name: 'Standings' }).isVisible()).toBe(false);
    expect(await table.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // The open week after it: nobody's picks yet.
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByText(`Week ${liveWeek + 1}'s picks are hidden until the week locks.`).waitFor();
    expect(await page.getByRole('table', { name: `Week ${liveWeek + 1} picks` }).count()).toBe(0);
    await context.close();
  });
});
