import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { closeBrowser, DEMO_PASSWORD, PHONE, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const MLB_GLOBAL = '/mlb/ala/2023/reg/0';
/** A public league's pool without a bonus pool (the Office Pool's). */
const OFFICE_MLB = '/mlb/OFFCE/2023/reg/1';
const EMPTY_EARNED = 'Bonuses will show up here once they have been earned.';
const EMPTY_FILTERED = "Use the filters and dropdowns to view this pool's Performance Bonuses.";

/** Two settled bonus events, the shape the server answers (winners paid, the others charged, zero-sum). */
const MAPPED = {
  page: 1,
  pageSize: 50,
  total: 2,
  events: [
    {
      id: 2,
      week: 23,
      bonus_id: 13,
      bonus_long_name: 'Grand Slam',
      bonus_name: 'GRAND SLAM',
      team_abb: 'HOU',
      player: 'Yordan Alvarez',
      desc: 'Hit a grand slam',
      gid: 'g2',
      game_summary: 'TEX @ HOU',
      bonus_date: '2023-09-05T23:00:00.000Z',
      prize: 4000,
      total: 4000,
      winners: [11],
      // A huge pool's bonus: the server names its first winners and counts the rest.
      winner_count: 3,
      winner_labels: ['taylor'],
      lines: [
        { entry_id: 11, username: 'taylor', label: 'taylor', dollars_total: 4000, winner: true },
        { entry_id: 10, username: 'jordan', label: 'jordan', dollars_total: -2000, winner: false },
        { entry_id: 12, username: 'quinn', label: 'quinn', dollars_total: -2000, winner: false },
      ],
    },
    {
      id: 1,
      week: 22,
      bonus_id: 14,
      bonus_long_name: '15+ Runs',
      bonus_name: '15+ RUNS',
      team_abb: 'ATL',
      player: null,
      desc: 'Scored 15 runs',
      gid: 'g1',
      game_summary: 'ATL @ PHI',
      bonus_date: '2023-08-30T23:00:00.000Z',
      prize: 3000,
      total: 3000,
      winners: [10],
      winner_count: 1,
      winner_labels: ['jordan'],
      lines: [
        { entry_id: 10, username: 'jordan', label: 'jordan', dollars_total: 3000, winner: true },
        { entry_id: 11, username: 'taylor', label: 'taylor', dollars_total: -1500, winner: false },
        { entry_id: 12, username: 'quinn', label: 'quinn', dollars_total: -1500, winner: false },
      ],
    },
  ],
};

async function mockMapped(page: Page, body: object, status = 200) {
  await page.route('**/api/bonus/mapped/*', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('the Performance Bonuses tab (%s)', (label, viewport) => {
  const phone = viewport !== undefined;

  it("shows the demo pool's bonuses (or that none are earned yet) with its filters", async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(`${MLB_GLOBAL}/bonuses`);
    await page.getByRole('heading', { name: 'Performance Bonuses' }).waitFor();
    await page.getByRole('combobox', { name: 'View', exact: true }).waitFor();
    for (const toggle of ['Show All Users', 'Show All Weeks', 'Show All Types', 'Show All Teams']) {
      expect(await page.getByRole('switch', { name: toggle }).isChecked()).toBe(true);
    }
    // Settlement adds events as the replay goes on: either the empty text or some rows.
    await page
      .getByText(EMPTY_EARNED)
      .or(phone ? page.getByRole('region').first() : page.getByRole('columnheader', { name: 'Entry' }))
      .first()
      .waitFor();
    await screenshot(page, `bonuses-demo-${label}`);
    await expectNoAxeViolations(page, 'bonuses');
    await context.close();
  });

  it('switches between Prizes and Payouts and filters by user, with a total for one user', async () => {
    const { context, page } = await newPage(viewport);
    await mockMapped(page, MAPPED);
    await page.goto(`${MLB_GLOBAL}/bonuses`);
    const scope = phone
      ? page.getByRole('region', { name: '15+ RUNS for jordan' })
      : page.getByRole('row', { name: /jordan/ });
    await scope.first().waitFor();
    // Prizes view: the winners, no Winners column, and no dollars for a visitor.
    if (!phone) {
      expect(await page.getByRole('columnheader', { name: 'Winners' }).count()).toBe(0);
      expect(await page.getByRole('columnheader', { name: '$', exact: true }).count()).toBe(0);
      await page.getByRole('cell', { name: '8.30.23' }).waitFor();
    }
    expect(await page.getByText('$30').count()).toBe(0);
    await screenshot(page, `bonuses-prizes-${label}`);

    await page.getByRole('combobox', { name: 'View', exact: true }).click();
    await page.getByRole('option', { name: 'Payouts' }).click();
    if (!phone) {
      await page.getByRole('columnheader', { name: 'Winners' }).waitFor();
      await page.getByRole('columnheader', { name: '$', exact: true }).waitFor();
    }
    await page.getByText('-$20').filter({ visible: true }).first().waitFor();
    await page.getByText('taylor, and 2 more').filter({ visible: true }).first().waitFor();

    // One user: only their lines, and their total.
    await page.getByRole('switch', { name: 'Show All Users' }).click({ force: true });
    await page.getByText(EMPTY_FILTERED).waitFor();
    await page.getByRole('combobox', { name: 'Users', exact: true }).click();
    await page.getByRole('option', { name: 'quinn' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('-$35').filter({ visible: true }).first().waitFor();
    await page.getByText('Total', { exact: true }).filter({ visible: true }).first().waitFor();
    await screenshot(page, `bonuses-payouts-one-user-${label}`);
    await expectNoAxeViolations(page, 'bonuses');
    await context.close();
  });

  it('pages through a season of bonuses on the server', async () => {
    const { context, page } = await newPage(viewport);
    const asked: string[] = [];
    await page.route('**/api/bonus/mapped/*', (route) => {
      const url = new URL(route.request().url());
      asked.push(url.searchParams.get('page') ?? '1');
      const body = { ...MAPPED, total: 120, page: Number(url.searchParams.get('page') ?? 1) };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto(`${MLB_GLOBAL}/bonuses`);
    await page.getByText('120 bonuses · page 1 of 3, newest first').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('120 bonuses · page 2 of 3, newest first').waitFor();
    expect(asked).toContain('2');
    await context.close();
  });

  it('says when nothing has been earned, and shows a failure as an alert', async () => {
    const { context, page } = await newPage(viewport);
    await mockMapped(page, { events: [], page: 1, pageSize: 50, total: 0 });
    await page.goto(`${MLB_GLOBAL}/bonuses`);
    await page.getByText(EMPTY_EARNED).waitFor();
    await page.unroute('**/api/bonus/mapped/*');
    await mockMapped(page, { message: 'Bonuses are out to lunch.' }, 503);
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Bonuses are out to lunch.' }).waitFor();
    await context.close();
  });

  it('tells a pool without a bonus pool so, and shows no leaderboard on its Home', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(`${OFFICE_MLB}/bonuses`);
    await page.getByText('This pool has no performance bonus pool').waitFor();
    await page.goto(OFFICE_MLB);
    await page.getByRole('heading', { name: 'Pool Selections' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Bonus Pool Leaderboard' }).count()).toBe(0);
    await context.close();
  });
});

describe('the Bonus Pool Leaderboard', () => {
  it('ranks the bonus-pool entries on Home and marks the active entry', async () => {
    const { context, page } = await newPage();
    const response = await page.request.post('/auth/login', {
      data: { username: 'jordan', password: DEMO_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    await page.goto(MLB_GLOBAL);
    const card = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Bonus Pool Leaderboard' }) });
    await card.getByRole('columnheader', { name: 'Bonus $' }).waitFor();
    // jordan is the demo pool's first entrant, in its bonus pool.
    await card.locator('tr[aria-current="true"]').filter({ hasText: 'jordan' }).waitFor();
    await screenshot(page, 'bonuses-leaderboard');
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await newPage(PHONE);
    await page.goto(MLB_GLOBAL);
    await page.getByRole('heading', { name: 'Bonus Pool Leaderboard' }).waitFor();
    await page.getByRole('heading', { name: 'Bonus Pool Leaderboard' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'bonuses-leaderboard-phone');
    await context.close();
  });
});
