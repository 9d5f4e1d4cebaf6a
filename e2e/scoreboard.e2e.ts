import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, PHONE, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';
import { newPageInZone, overflowsSideways } from './support/zone';

afterAll(closeBrowser);
dayjs.extend(utc);

const MLB_GLOBAL = '/mlb/ala/2023/reg/0/scoreboard';
const NFL_GLOBAL = '/nfl-td/ala/2023/reg/0/scoreboard';
const SQUAD_MLB = '/mlb/SQUAD/2023/reg/0/scoreboard';
const NFL_SURVIVOR = '/nfl/ala/2023/reg/0/scoreboard';

/** An entry's line: a table row from tablet width up, a card named by the entry on a phone. */
function entryLine(page: Page, label: string, phone: boolean): Locator {
  return phone
    ? page.getByRole('group', { name: label, exact: true })
    : page.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
}

/** Rewrites every scoreboard answer with `change` (the real answer, edited). */
async function rewriteScoreboard(page: Page, change: (body: Record<string, unknown>) => void): Promise<void> {
  await page.context().route('**/api/scoreboard/**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    change(body);
    await route.fulfill({ response, json: body });
  });
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('the Scoreboard tab (%s)', (label, viewport) => {
  const phone = viewport !== undefined;

  it("shows a visitor the MLB pool's week: entries, lives, selections and game cells", async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(MLB_GLOBAL);
    await page.getByRole('tab', { name: 'Scoreboard', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
    const week = page.getByRole('textbox', { name: 'Week' }).or(page.getByRole('combobox', { name: 'Week' }));
    await week.first().waitFor();
    expect(await week.first().inputValue()).toMatch(/^Week \d+$/);
    await entryLine(page, 'jordan', phone).waitFor();
    await entryLine(page, 'blake', phone).waitFor();
    // The first active week cannot be gone below.
    const previous = page.getByRole('button', { name: 'Previous week' });
    if (await previous.isEnabled()) {
      await previous.click();
      await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
      await entryLine(page, 'jordan', phone).waitFor();
    }
    await expectNoAxeViolations(page, `mlb scoreboard ${label}`);
    await screenshot(page, `scoreboard-mlb-${label}`);
    // A started game opens its Bonus Box on hover or tap.
    const boxes = page.getByRole('button', { name: /^Bonus Box/ });
    if ((await boxes.count()) > 0) {
      const box = boxes.first();
      if (phone) await box.click();
      else await box.hover();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Bonus Box' });
      await dialog.waitFor();
      await screenshot(page, `scoreboard-bonus-box-${label}`);
      // It stays open until a tap elsewhere (or the pointer leaving it) closes it.
      await page.getByRole('heading', { name: 'Live Scoring' }).click();
      await dialog.waitFor({ state: 'detached' });
      // From the keyboard: Enter opens it, Escape closes it.
      await box.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it("shows a league player their own entry in the league's pool", async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    await entryLine(page, 'sam', phone).waitFor();
    await entryLine(page, 'jordan', phone).waitFor();
    await context.close();
  });

  it('filters, sorts, resets and switches views of the NFL TD player cards', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(NFL_GLOBAL);
    await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await page.getByRole('group', { name: 'drew', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Entry name' }).fill('drew');
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'drew', exact: true }).waitFor();
    await screenshot(page, `scoreboard-nfl-filtered-${label}`);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Player name' }).fill('zzzz-nobody');
    await page.getByText('No entries or players match your filters.').waitFor();
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await page.getByText('Table View').click();
    await page.getByRole('table', { name: 'Picked players' }).waitFor();
    await page.getByRole('cell', { name: 'commish', exact: true }).first().waitFor();
    await expectNoAxeViolations(page, `nfl scoreboard table ${label}`);
    await screenshot(page, `scoreboard-nfl-table-${label}`);
    await page.getByText('Card View').click();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await expectNoAxeViolations(page, `nfl scoreboard cards ${label}`);
    await screenshot(page, `scoreboard-nfl-${label}`);
    await context.close();
  });

  it("says a week's picks are hidden until they lock, and shows HIDDEN in their place", async () => {
    const { context, page } = await newPage(viewport);
    await rewriteScoreboard(page, (body) => {
      body.public = false;
      body.entries = (body.entries as Record<string, unknown>[]).map((entry) => ({
        ...entry,
        pick: 'hidden',
        team: null,
        players: [],
        week_result: null,
      }));
    });
    await page.goto(MLB_GLOBAL);
    await page.getByText('Picks will become visible once selections lock for this week.').waitFor();
    await entryLine(page, 'jordan', phone).getByText('HIDDEN').waitFor();
    await expectNoAxeViolations(page, `hidden scoreboard ${label}`);
    await screenshot(page, `scoreboard-hidden-${label}`);
    await context.close();
  });

  it('pages through a big pool’s entries and searches them on the server', async () => {
    const { context, page } = await newPage(viewport);
    const asked: URL[] = [];
    // The demo pool fits on one page: the answers say there are more, so the pager and the search show.
    await rewriteScoreboard(page, (body) => {
      body.total = 120;
    });
    page.on('request', (request) => {
      if (request.url().includes('/api/scoreboard/')) asked.push(new URL(request.url()));
    });
    await page.goto(MLB_GLOBAL);
    await entryLine(page, 'jordan', phone).waitFor();
    const pager = page.getByRole('navigation', { name: 'Scoreboard pages' });
    await pager.getByRole('button', { name: 'Page 3' }).waitFor();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => asked.some((url) => url.searchParams.get('page') === '2')).toBe(true);
    await page.getByRole('textbox', { name: 'Search entries' }).fill('jord');
    await expect
      .poll(() =>
        asked.some((url) => url.searchParams.get('q') === 'jord' && url.searchParams.get('page') === '1'),
      )
      .toBe(true);
    await entryLine(page, 'jordan', phone).waitFor();
    await expectNoAxeViolations(page, `paged scoreboard ${label}`);
    await screenshot(page, `scoreboard-paged-${label}`);
    await context.close();
  });

  it('says when the pool has no active users yet, and offers a retry when loading fails', async () => {
    const { context, page } = await newPage(viewport);
    // A pool without entries, as the server answers it: none on the page and none in all.
    await rewriteScoreboard(page, (body) => {
      body.entries = [];
      body.total = 0;
    });
    await page.goto(MLB_GLOBAL);
    await page.getByText('Picks will show up here once this pool contains active users.').waitFor();
    await expectNoAxeViolations(page, `empty scoreboard ${label}`);
    await context.unroute('**/api/scoreboard/**');
    await context.route('**/api/scoreboard/**', (route) =>
      route.fulfill({
        status: 500,
        json: { message: 'Something went wrong on our side. Please try again.' },
      }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the scoreboard' });
    await alert.waitFor();
    await alert.getByText('Something went wrong on our side. Please try again.').waitFor();
    await expectNoAxeViolations(page, `failed scoreboard ${label}`);
    await screenshot(page, `scoreboard-error-${label}`);
    await context.unroute('**/api/scoreboard/**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await entryLine(page, 'jordan', phone).waitFor();
    await context.close();
  });
});

/** Texts in the day columns that must never break over two lines ("@ NYY", "11:10 PM", "Sun 9/24"). */
function countBrokenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!/^((vs\.|@) [A-Z]{2,3}|\d{1,2}:\d{2} [AP]M|[A-Z][a-z]{2} \d{1,2}\/\d{1,2})$/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(text);
    }
    return broken;
  });
}

describe.each([
  ['1366 px', { width: 1366, height: 900 }],
  ['phone', PHONE],
])('the MLB Scoreboard’s week fits (%s)', (label, viewport) => {
  const phone = viewport.width <= PHONE.width;

  it('shows every day unwrapped, each game on the viewer’s day with its start time', async () => {
    const { context, page } = await newPageInZone('UTC', viewport);
    await logInByApi(page, 'sam');
    // A game at 7:10 PM Pacific is at 2:10 AM the next day in UTC: it moves to that day's column.
    let moved: { label: string; matchup: string; start: string } | null = null;
    await rewriteScoreboard(page, (body) => {
      const entries = body.entries as {
        label: string;
        team: { games: Record<string, unknown>[] } | null;
      }[];
      const entry = entries.find((candidate) => (candidate.team?.games.length ?? 0) > 0);
      const cell = entry?.team?.games[0];
      if (!entry || !cell) return;
      const start = dayjs.utc(String(cell.day)).add(1, 'day').hour(2).minute(10).toISOString();
      Object.assign(cell, {
        start,
        status: 'inactive',
        team_score: null,
        opp_score: null,
        result: null,
        periods: null,
        live: null,
        pitchers: null,
        bonus_box: null,
      });
      moved = { label: entry.label, matchup: String(cell.matchup), start };
    });
    await page.goto(MLB_GLOBAL);
    await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
    expect(moved).not.toBeNull();
    const game = moved as unknown as { label: string; matchup: string; start: string };
    await entryLine(page, game.label, phone).waitFor();
    const oneLine = (text: string) => text.replace(/\s+/g, ' ');
    if (!phone) {
      // The whole week shows at 1366 px: the table does not scroll, Sunday's column included.
      const scroller = page.locator('[aria-label$="scoreboard, scrolls sideways"]');
      const widths = await scroller.evaluate((element) => [element.scrollWidth, element.clientWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]);
      const box = await page.getByRole('columnheader').last().boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    }
    expect(await countBrokenTexts(page)).toEqual([]);
    const day = dayjs.utc(game.start).format('ddd M/D');
    if (phone) {
      const card = entryLine(page, game.label, phone);
      expect(oneLine(await card.innerText())).toContain(`${day.split(' ')[0]} ${game.matchup} 2:10 AM`);
    } else {
      const headers = await page.getByRole('columnheader').allInnerTexts();
      const column = headers.findIndex((text) => text.trim() === day);
      expect(column, `a column ${day} in ${headers.join(', ')}`).toBeGreaterThan(2);
      const cell = entryLine(page, game.label, phone).getByRole('cell').nth(column);
      expect(oneLine(await cell.innerText())).toContain(`${game.matchup} 2:10 AM`);
    }
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, `scoreboard-mlb-utc-${label.replace(' ', '-')}`);
    await context.close();
  }, 120_000);
});

describe('an NFL player without stats', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])(
    'reads "No stats recorded" once the game is final, and "No stats yet" before (%s)',
    async (label, viewport) => {
      const { context, page } = await newPage(viewport);
      // Every picked player's line empty; the first one's game final, the others' not started.
      await rewriteScoreboard(page, (body) => {
        let first = true;
        for (const entry of body.entries as { players: Record<string, unknown>[] }[]) {
          for (const card of entry.players) {
            card.stats = null;
            card.game_status = first ? 'final' : 'inactive';
            first = false;
          }
        }
      });
      await page.goto(NFL_GLOBAL);
      await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
      await page.getByText('No stats recorded').first().waitFor();
      expect(await page.getByText('No stats recorded').count()).toBe(1);
      await page.getByText('No stats yet').first().waitFor();
      await screenshot(page, `scoreboard-nfl-final-no-stats-${label}`);
      await context.close();
    },
  );
});

describe.each([
  ['1366 px', { width: 1366, height: 900 }],
  ['phone', PHONE],
])('the NFL Survivor Scoreboard’s games (%s)', (label, viewport) => {
  const phone = viewport.width <= PHONE.width;

  it('shows a locked week’s games with their scores and pick counts, and an open week without them', async () => {
    const { context, page } = await newPage(viewport);
    // The demo's scoreboard goes up to its live week (2): the next one, still open, is asked for too.
    await rewriteScoreboard(page, (body) => {
      body.last_week = Math.max(Number(body.last_week), 3);
    });
    const pool = (await (await page.request.get('/api/loadPool/nfl/ala/2023/0/reg')).json()).pool;
    const board = await (await page.request.get(`/api/scoreboard/${pool.id}/2`)).json();
    const games = await (await page.request.get('/api/weekSchedules/nfl/2023/reg/2')).json();
    const teams = await (await page.request.get('/api/teams/details/nfl')).json();
    expect(board.public).toBe(true);
    const counts = board.pick_counts as Record<string, number>;
    // The team most picked, and its game.
    const [top, picks] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const game = (games as { home: string; away: string; score_home: number; score_away: number }[]).find(
      (candidate) => candidate.home === top || candidate.away === top,
    );
    expect(game, `a Week 2 game of ${top}`).toBeDefined();
    const name = (abb: string) => {
      const team = teams.data[abb] as { c: string; n: string };
      return team.n.startsWith(`${team.c} `) ? team.n : `${team.c} ${team.n}`;
    };

    await page.goto(NFL_SURVIVOR);
    const week = page.getByRole('textbox', { name: 'Week' }).or(page.getByRole('combobox', { name: 'Week' }));
    await week.first().waitFor();
    if ((await week.first().inputValue()) !== 'Week 2') {
      await page.getByRole('button', { name: 'Previous week' }).click();
    }
    const section = page.getByRole('region', { name: 'Week 2 games' });
    await section.getByRole('heading', { name: 'Week 2 Games' }).waitFor();
    const gameCards = section.getByRole('group', { name: / at / });
    const showAll = section.getByRole('button', { name: `Show all ${games.length} games` });
    if (phone) {
      // A phone shows the first games, and the rest on a tap: the entries stay a short scroll away.
      await gameCards.first().waitFor();
      expect(await gameCards.count()).toBe(4);
      await showAll.click();
      await section.getByRole('button', { name: 'Show fewer games' }).waitFor();
    } else {
      await gameCards.first().waitFor();
      expect(await showAll.count()).toBe(0);
    }
    const card = section.getByRole('group', {
      name: `${name(game?.away ?? '')} at ${name(game?.home ?? '')}`,
      exact: true,
    });
    await card.getByText('FINAL', { exact: true }).waitFor();
    const side = card.getByRole('group', { name: name(top), exact: true });
    await side.getByText(`${picks} ${picks === 1 ? 'pick' : 'picks'}`, { exact: true }).waitFor();
    const score = top === game?.home ? game?.score_home : game?.score_away;
    expect(await side.innerText()).toContain(String(score));
    // Every game of the week is there, each side with its count.
    expect(await gameCards.count()).toBe(games.length);
    expect(await section.getByText(/^\d+ picks?$/).count()).toBe(games.length * 2);
    expect(await page.getByText('Pick counts show once the week locks.').count()).toBe(0);
    expect(await overflowsSideways(page)).toBe(false);
    await expectNoAxeViolations(page, `nfl survivor scoreboard ${label}`);
    await screenshot(page, `scoreboard-nfl-survivor-${label.replace(' ', '-')}`);

    // The open week: its games, but nobody's picks counted yet.
    await page.getByRole('button', { name: 'Next week' }).click();
    const open = page.getByRole('region', { name: 'Week 3 games' });
    await open.getByText('Pick counts show once the week locks.').waitFor();
    await open.getByRole('group', { name: / at / }).first().waitFor();
    expect(await open.getByText(/^\d+ picks?$/).count()).toBe(0);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, `scoreboard-nfl-survivor-open-${label.replace(' ', '-')}`);
    await context.close();
  }, 120_000);
});
