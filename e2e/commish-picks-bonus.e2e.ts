import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi, settle } from './support/axe';
import { closeBrowser, newPage, PHONE, screenshot } from './support/browser';
import {
  type CommishWorld,
  choose,
  commishWithLeague,
  enterPool,
  leagueMember,
  type OwnPool,
  type PoolChoice,
} from './support/commish-world';

afterAll(closeBrowser);

/** An MLB pool (NBA when no MLB season is open) with the bonus pool on. */
const BONUS_POOL: PoolChoice = {
  season: (seasons) => seasons.find((s) => s.game === 'mlb') ?? seasons.find((s) => s.game === 'nba'),
  settings: { bonus_active: true, bonus_cadence: 1, bonus_shutdown: 1 },
};

let world: CommishWorld;
let commish: CommishWorld['commish'];
let player: string;
let pool: OwnPool;

beforeAll(async () => {
  // A league of our own with a bonus-pool pool that the commissioner and one player entered.
  world = await commishWithLeague('Bonus', [BONUS_POOL]);
  commish = world.commish;
  [pool] = world.pools;
  await enterPool(commish.page, pool);
  player = await leagueMember(world.leagueId, 'pp', pool);
}, 120_000);

afterAll(() => world?.close());

/** A bonus the table can show (a fresh pool has earned none yet). */
const SAMPLE_EVENT = {
  id: 987_654,
  week: 3,
  bonus_id: 14,
  bonus_long_name: '15+ Runs',
  bonus_name: '15+ RUNS',
  team_abb: 'NYY',
  player: null,
  desc: 'NYY scored 15 runs',
  gid: 'g1',
  game_summary: 'BOS 3 @ NYY 15',
  bonus_date: '2023-04-12T18:05:00Z',
  prize: 3000,
  total: 3000,
  winners: [1],
  winner_labels: ['alice'],
  winner_count: 1,
};

async function showSampleBonus(page: Page) {
  await page.route('**/pools/getBonusEvents/*', (route) =>
    route.fulfill({ json: { events: [SAMPLE_EVENT] } }),
  );
  await page.route('**/api/bonus/details/**', (route) =>
    route.fulfill({
      json: {
        event: SAMPLE_EVENT,
        winners: [{ entry_id: 1, label: 'alice', amount: 3000 }],
        losers: [
          { entry_id: 2, label: 'bob', amount: -1500 },
          { entry_id: 3, label: 'carol', amount: -1500 },
        ],
        winners_count: 1,
        losers_count: 2,
        winners_total: 3000,
        losers_total: -3000,
        page: 1,
        pageSize: 50,
        total: 2,
      },
    }),
  );
}

describe('Commish tools: Edit Picks', () => {
  it("sets a player's pick for a week; Save is enabled only once something changed", async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/editpicks`);
    await page.getByRole('heading', { name: 'Edit Picks', exact: true }).waitFor();
    // The picker searches the pool's entries on the server: only the matching entry is offered.
    await page.getByRole('combobox', { name: 'Entrant', exact: true }).fill(player);
    await page.getByRole('option', { name: player, exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('option', { name: commish.username, exact: true }).count())
      .toBe(0);
    await page.getByRole('option', { name: player, exact: true }).click();
    const list = page.getByRole('list', { name: `Picks of ${player}` });
    await list.waitFor();
    const save = page.getByRole('button', { name: 'Save User Picks' });
    expect(await save.isDisabled()).toBe(true);

    const firstWeek = list.getByRole('combobox', { name: /^Week \d+ pick$/ }).first();
    const weekLabel = (await firstWeek.getAttribute('aria-label')) ?? '';
    const week = Number(weekLabel.match(/\d+/)?.[0]);
    expect(await firstWeek.inputValue()).toBe('- no pick -');
    await firstWeek.click();
    const option = page.getByRole('option').nth(1);
    const team = ((await option.textContent()) ?? '').split(' ')[0];
    await option.click();
    expect(await save.isDisabled()).toBe(false);
    await screenshot(page, 'commish-edit-picks-changed-desktop');
    await save.click();
    await page.getByText('Picks updated').waitFor();
    await page.getByText(`You have successfully updated picks for ${player}`).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    const entries = await (
      await page.request.get(`/api/pools/${pool.poolId}/commish/picks?q=${encodeURIComponent(player)}`)
    ).json();
    const entry = entries.entries.find((e: { label: string }) => e.label === player);
    const picks = await (
      await page.request.get(`/api/pools/${pool.poolId}/commish/picks?entry=${entry.id}`)
    ).json();
    expect(picks.entry.weeks.find((w: { week: number }) => w.week === week).team).toBe(team);
    // The public feed names the week, never the open week's team.
    const feed = await (await page.request.get(`/api/feed/${pool.leagueId}/${pool.poolId}/pool`)).text();
    expect(feed).not.toContain(`(no pick to ${team})`);
    await screenshot(page, 'commish-edit-picks-desktop');
    await expectNoAxeViolations(page, 'edit picks');
  });

  it('shows the error toast when the save is refused', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/editpicks`);
    await choose(page, 'Entrant', commish.username);
    const list = page.getByRole('list', { name: `Picks of ${commish.username}` });
    await list.waitFor();
    await page.route('**/admin/updateUserPicks', (route) =>
      route.fulfill({ status: 409, json: { message: "This entry's picks changed since you loaded them." } }),
    );
    await list
      .getByRole('combobox', { name: /^Week \d+ pick$/ })
      .first()
      .click();
    await page.getByRole('option').nth(2).click();
    await page.getByRole('button', { name: 'Save User Picks' }).click();
    await page.getByText('Error updating picks').waitFor();
    await page
      .getByText(
        "An error was encountered updating this user's picks: This entry's picks changed since you loaded them. Please contact ALA support for help with this error.",
      )
      .waitFor();
    await page.unroute('**/admin/updateUserPicks');
  });

  it('shows a select per pick of an NFL Survivor 2-pick week and saves both', async () => {
    // The Sunday Squad's NFL Survivor pool, where weeks 4 and 12 ask two teams; commish runs the league. On a
    // phone: the wider labels of a multi-pick week still fit.
    const { context, page } = await newPage(PHONE);
    await logInByApi(page, 'commish');
    await page.goto('/nfl/SQUAD/2023/reg/0/commishtools/editpicks');
    await page.getByRole('combobox', { name: 'Entrant', exact: true }).fill('riley');
    await page.getByRole('option', { name: /^riley/ }).click();
    const list = page.getByRole('list', { name: 'Picks of riley' });
    const first = list.getByRole('combobox', { name: 'Week 4 pick 1 of 2', exact: true });
    const second = list.getByRole('combobox', { name: 'Week 4 pick 2 of 2', exact: true });
    await list.getByText('Week 4, pick 2 of 2', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Two teams the week does not hold (a week's picks fill its first slots, so both are set).
    const held = [await first.inputValue(), await second.inputValue()];
    const [one, two] = ['ARI', 'ATL', 'BAL', 'BUF'].filter(
      (abb) => !held.some((label) => label.startsWith(`${abb} `)),
    );
    for (const [select, team] of [
      [first, one],
      [second, two],
    ] as const) {
      await select.click();
      await page.getByRole('option', { name: new RegExp(`^${team} \\(`) }).click();
    }
    const saved = page.waitForRequest('**/admin/updateUserPicks');
    await page.getByRole('button', { name: 'Save User Picks' }).click();
    await page.getByText('You have successfully updated picks for riley').waitFor();
    await expect.poll(() => second.inputValue()).toMatch(new RegExp(`^${two} `));
    expect(await first.inputValue()).toMatch(new RegExp(`^${one} `));
    await screenshot(page, 'commish-edit-picks-multi-pick-phone');
    // The demo leagues' pools are read by other tests: the picks are put back as they were.
    const body = (await saved).postDataJSON();
    const back = await page.request.post('/admin/updateUserPicks', {
      data: { ...body, oldSelections: body.newSelections, newSelections: body.oldSelections },
    });
    expect(back.status()).toBe(200);
    await context.close();
  });
});

describe('Commish tools: Bonuses', () => {
  it('moves a player into the bonus pool and saves it for the week the change takes effect', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/bonuses`);
    await page.getByRole('heading', { name: 'Manage Bonus Pool' }).waitFor();
    await page.getByText(/Changes take effect in Week \d+/).waitFor();
    const save = page.getByRole('button', { name: 'Save Bonus Pool' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Add ${player} to the bonus pool` }).click();
    const inPool = page.getByRole('list', { name: /^In the Week \d+ bonus pool$/ });
    await inPool.getByText(player, { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('Bonus Pool Updated').waitFor();
    await page.getByText(/Week \d+ bonus pool has been updated\./).waitFor();
    await page.getByRole('button', { name: `Remove ${player} from the bonus pool` }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.getByText('No bonuses yet').waitFor();

    const params = await (
      await page.request.get(`/pools/getBonusParams/${pool.poolId}?q=${encodeURIComponent(player)}`)
    ).json();
    expect(params.week).toBe(params.editable_week);
    expect(params.entries.map((e: { label: string }) => e.label)).toEqual([player]);
    expect(params.counts.in).toBeGreaterThanOrEqual(1);
    // The lists are searched on the server.
    const search = page.getByRole('textbox', { name: 'Search entries' });
    await search.fill('no-such-entry');
    await expect.poll(() => inPool.count()).toBe(0);
    await search.fill(player);
    await inPool.getByText(player, { exact: true }).waitFor();
    await search.fill('');
    await screenshot(page, 'commish-bonuses-desktop');
    await expectNoAxeViolations(page, 'bonuses');

    // A bonus in the table opens its winners and losers.
    await showSampleBonus(page);
    await page.reload();
    await page.getByRole('cell', { name: '4.12.23' }).waitFor();
    await page.getByRole('button', { name: 'Show details of the Week 3 15+ RUNS bonus (NYY)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Week 3 15+ Runs: NYY' });
    await dialog.getByRole('table', { name: 'Losers' }).getByText('-$30', { exact: true }).waitFor();
    await settle(page);
    await screenshot(page, 'commish-bonus-details-desktop');
    await expectNoAxeViolations(page, 'bonus details');
    await page.unroute('**/pools/getBonusEvents/*');
    await page.unroute('**/api/bonus/details/**');
  });

  it('tells two bonuses of one game and team apart by the player and inning in Details', async () => {
    const page = commish.page;
    const beaned = (id: number, desc: string, player: string) => ({
      ...SAMPLE_EVENT,
      id,
      bonus_id: 15,
      bonus_long_name: 'Beaning an Astros Batter',
      bonus_name: 'ASTRO BEANED',
      team_abb: 'KC',
      player,
      desc,
      game_summary: 'HOU 7 @ KC 1',
    });
    await page.route('**/pools/getBonusEvents/*', (route) =>
      route.fulfill({
        json: {
          events: [
            beaned(987_001, 'KC hit Jose Altuve of HOU (Top 3)', 'Jose Altuve'),
            beaned(987_002, 'KC hit Kyle Tucker of HOU (Top 8)', 'Kyle Tucker'),
          ],
        },
      }),
    );
    await page.goto(`${pool.path}/commishtools/bonuses`);
    const table = page.getByRole('table', { name: 'Pool Bonuses' });
    const rows = table.getByRole('row').filter({ hasText: 'ASTRO BEANED' });
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(0).getByText('KC hit Jose Altuve of HOU (Top 3)').waitFor();
    await rows.nth(1).getByText('KC hit Kyle Tucker of HOU (Top 8)').waitFor();
    await screenshot(page, 'commish-bonuses-details-text-desktop');
    const phone = await world.commishPage(PHONE);
    await phone.page.route('**/pools/getBonusEvents/*', (route) =>
      route.fulfill({
        json: { events: [beaned(987_001, 'KC hit Jose Altuve of HOU (Top 3)', 'Jose Altuve')] },
      }),
    );
    await phone.page.goto(`${pool.path}/commishtools/bonuses`);
    await phone.page.getByText('KC hit Jose Altuve of HOU (Top 3)').waitFor();
    await screenshot(phone.page, 'commish-bonuses-details-text-phone');
    await phone.context.close();
    await page.unroute('**/pools/getBonusEvents/*');
  });

  it('says when the bonus pool cannot be loaded', async () => {
    const page = commish.page;
    await page.route('**/pools/getBonusParams/*', (route) =>
      route.fulfill({ status: 500, json: { message: 'The bonus pool is unavailable right now.' } }),
    );
    await page.goto(`${pool.path}/commishtools/bonuses`);
    await page.getByText('The bonus pool is unavailable right now.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'commish-bonuses-error');
    await page.unroute('**/pools/getBonusParams/*');
  });
});

describe('Commish tools: Edit Picks and Bonuses on a phone', () => {
  it('fit a 390 px screen', async () => {
    const { context, page } = await world.commishPage(PHONE);
    await page.goto(`${pool.path}/commishtools/editpicks`);
    await choose(page, 'Entrant', player);
    await page.getByRole('list', { name: `Picks of ${player}` }).waitFor();
    await screenshot(page, 'commish-edit-picks-phone');
    await expectNoAxeViolations(page, 'edit picks on a phone');

    await showSampleBonus(page);
    await page.goto(`${pool.path}/commishtools/bonuses`);
    await page.getByRole('button', { name: `Remove ${player} from the bonus pool` }).waitFor();
    await page.getByRole('cell', { name: '4.12.23' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'commish-bonuses-phone');
    await expectNoAxeViolations(page, 'bonuses on a phone');
    await context.close();
  });
});
