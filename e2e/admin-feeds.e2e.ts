import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, logIn, newPage, PHONE, screenshot } from './support/browser';

afterAll(closeBrowser);

/** A failing pool as GET /admin/settlement answers it, for showing the section when a pool fails. */
const FAILING = {
  queue: { waiting: 0, running: 0, retrying: 1, dead: 0, last_done_at: '2026-11-27T03:10:00.000Z' },
  failures: [
    {
      pool_id: 999,
      league: 'A Level Above',
      pool: 'MLB Survivor',
      game: 'mlb',
      path: '/mlb/ALA/2023/reg/0',
      step: 'settle',
      week: 3,
      what: 'Judging Week 3',
      error: 'Expected a kind 7 of week 3 of pool 999, found undefined',
      state: 'retrying',
      failures: 4,
      queued_at: '2026-11-27T03:00:00.000Z',
      failed_at: '2026-11-27T03:07:30.000Z',
      next_retry_at: '2026-11-27T03:11:30.000Z',
    },
  ],
  page: 1,
  pageSize: 50,
  total: 1,
};

describe('sports feeds admin page', () => {
  it('shows feed health and lets a site admin correct a result', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'commish');
    await page.goto('/site-admin/feeds');
    await page.getByRole('heading', { name: 'Feed health' }).waitFor();
    // The demo replays its seasons, so the replay feeds have been polled.
    await page.getByRole('cell', { name: 'OK' }).first().waitFor({ timeout: 30_000 });
    // The pools' settlement jobs: the demo's pools all lock and settle.
    await page.getByRole('heading', { name: 'Settlement jobs' }).waitFor();
    await page.getByText("Every pool's weeks lock and settle: no settlement job is failing.").waitFor();
    // A failing pool is listed in words: where, what failed, the error, failures in a row, the next try.
    await page.route('**/admin/settlement?*', (route) => route.fulfill({ json: FAILING }));
    await page.reload();
    const failing = page.getByRole('row').filter({ hasText: 'MLB Survivor' });
    await failing.getByRole('cell', { name: 'Judging Week 3' }).waitFor();
    await failing.getByText('Expected a kind 7 of week 3').waitFor();
    await page.getByText('1 pool is failing').waitFor();
    // The queue's state in words.
    await page
      .getByText(/Queue: 0 waiting, 0 running, 1 retrying, 0 failed; a pool's job last done/)
      .waitFor();
    await screenshot(page, 'admin-feeds-settlement-failing');
    await page.unroute('**/admin/settlement?*');

    // A feed's last poll left out an impossible game: the page says which and why, in words.
    const rejection = 'NYY vs BOS on 2026-05-01 rejected: home score -5 is impossible (feed game 746001)';
    await page.route('**/admin/feeds', async (route) => {
      const feeds = (await (await route.fetch()).json()) as Array<{ rejected_games: string[] }>;
      feeds[0].rejected_games = [rejection];
      await route.fulfill({ json: feeds });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Rejected games' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: rejection }).waitFor();
    await page.getByText('1 game rejected by the poll at').waitFor();
    await page.getByText('Answering; 1 game rejected in the last poll').filter({ visible: true }).waitFor();
    await screenshot(page, 'admin-feeds-rejected-game');
    await page.unroute('**/admin/feeds');
    await page.reload();
    await page.getByRole('heading', { name: 'Settlement jobs' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Rejected games' }).count()).toBe(0);

    // The result editor opens on the season's live week, and on the new game's when the game changes.
    const liveWeek = async (game: string) => {
      const { activeGameWeek } = await (await page.request.get(`/api/activeWeek/${game}/2023/reg`)).json();
      return String(Math.max(1, activeGameWeek));
    };
    const weekField = page.getByRole('textbox', { name: 'Week', exact: true });
    const mlbWeek = await liveWeek('mlb');
    expect(Number(mlbWeek)).toBeGreaterThan(1);
    await expect.poll(() => weekField.inputValue()).toBe(mlbWeek);
    await page.getByRole('button', { name: 'Edit result' }).first().waitFor();
    await page.getByRole('combobox', { name: 'Game', exact: true }).click();
    await page.getByRole('option', { name: 'nfl-td' }).click();
    await expect.poll(() => weekField.inputValue()).toBe(await liveWeek('nfl-td'));
    await page.getByRole('combobox', { name: 'Game', exact: true }).click();
    await page.getByRole('option', { name: 'mlb' }).click();
    await expect.poll(() => weekField.inputValue()).toBe(mlbWeek);

    await page.getByRole('textbox', { name: 'Season', exact: true }).fill('2023');
    await weekField.fill('2');
    const firstEdit = page.getByRole('button', { name: 'Edit result' }).first();
    await firstEdit.waitFor();
    await screenshot(page, 'admin-feeds-desktop');
    await firstEdit.click();
    const dialog = page.getByRole('dialog');
    const scores = dialog.getByRole('textbox');
    await scores.nth(0).fill('21');
    await scores.nth(1).fill('20');
    await dialog.getByRole('button', { name: 'SAVE RESULT' }).click();
    await page.getByText('Result saved').waitFor();
    await page.getByRole('cell', { name: '21 – 20' }).first().waitFor();
    // An impossible result is refused in words, and a game entered by hand can go back to the feed.
    await firstEdit.click();
    await dialog.getByText('The feeds leave this result alone.', { exact: false }).waitFor();
    await scores.nth(0).fill('9999');
    await dialog.getByRole('button', { name: 'SAVE RESULT' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/away score 9999 is impossible/)
      .waitFor();
    await dialog.getByRole('button', { name: 'RETURN TO FEED' }).click();
    await page.getByText('Returned to the feed').waitFor();
    await page.getByText('entered by hand', { exact: false }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('refuses the page to other users, and works on a phone', async () => {
    const { context, page } = await newPage(PHONE);
    await logIn(page, 'riley');
    await page.goto('/site-admin/feeds');
    await page.getByText('Only site admins can see this page.').waitFor();
    const api = await page.request.get('/admin/feeds');
    expect(api.status()).toBe(403);
    expect((await page.request.get('/admin/settlement')).status()).toBe(403);
    await context.close();
    const admin = await newPage(PHONE);
    await logIn(admin.page, 'commish');
    await admin.page.goto('/site-admin/feeds');
    await admin.page.getByRole('heading', { name: 'Enter or correct a result' }).waitFor();
    // On a phone the feeds show as cards and each game's Edit button is on screen, not scrolled away.
    await admin.page
      .getByText(/fetches, \d+ failures in 24 h/)
      .first()
      .waitFor({ timeout: 30_000 });
    const edit = admin.page.getByRole('button', { name: 'Edit result' }).first();
    await edit.waitFor();
    const box = await edit.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(admin.page, 'admin-feeds-phone');
    await admin.context.close();
  });
});
