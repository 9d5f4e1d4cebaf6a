import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, PHONE, screenshot } from './support/browser';
import { type CommishWorld, commishWithLeague, leagueMember, type OwnPool } from './support/commish-world';

afterAll(closeBrowser);

let world: CommishWorld;
let commish: CommishWorld['commish'];
/** Signed up for the pool. */
let player: string;
/** A league member who has not entered: the commissioner adds them. */
let newcomer: string;
let pool: OwnPool;
let emptyPool: OwnPool;

beforeAll(async () => {
  // A joinable league of our own: one player signs up, another only joins the league.
  world = await commishWithLeague('Entrants', [{}, {}]);
  commish = world.commish;
  [pool, emptyPool] = world.pools;
  player = await leagueMember(world.leagueId, 'ep', pool);
  newcomer = await leagueMember(world.leagueId, 'en');
}, 120_000);

afterAll(() => world?.close());

/** The row of an entry in the entrants table. */
const rowOf = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByText(label, { exact: true }) });

describe("Commish tools: Manage Entrants and the Commish's Desk", () => {
  it('adds a league member: only members not yet entrants are offered, Add waits for a choice', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/entrants`);
    await page.getByRole('heading', { name: 'Entrants', exact: true }).waitFor();
    await rowOf(page, player).waitFor();
    const add = page.getByRole('button', { name: 'Add to pool' });
    expect(await add.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'League member' }).click();
    // The player already entered: not offered.
    expect(await page.getByRole('option', { name: player, exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: newcomer, exact: true }).click();
    await add.click();
    await page.getByText('User successfully added').waitFor();
    await rowOf(page, newcomer).waitFor();
    // The list is searched on the server: only the matching entry stays.
    const search = page.getByRole('textbox', { name: 'Search entrants' });
    await search.fill(newcomer);
    await expect.poll(() => rowOf(page, player).count()).toBe(0);
    await rowOf(page, newcomer).waitFor();
    await search.fill('no-such-entrant');
    await page.getByText('No entry matches the search.').waitFor();
    await search.fill('');
    await rowOf(page, player).waitFor();
    await expectNoAxeViolations(page, 'manage entrants');
    await screenshot(page, 'commish-entrants-desktop');
  });

  it("switches an entry's status off and on", async () => {
    const page = commish.page;
    const toggle = page.getByRole('switch', { name: `${newcomer} active` });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await page.getByText('User status updated').first().waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await rowOf(page, newcomer).getByText('Inactive').waitFor();
    await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked()).toBe(true);
  });

  it('lowers lives with a message to the league, warning before it eliminates', async () => {
    const page = commish.page;
    // Nothing to lower below 0: the button is there because the entry has lives.
    await page.getByRole('button', { name: `Lower lives of ${player}` }).click();
    const dialog = page.getByRole('dialog', { name: `Lower lives of ${player}` });
    await dialog.getByRole('button', { name: 'Update lives' }).click();
    await dialog.getByText('Please include a message to your league.').waitFor();
    await dialog
      .getByText('Please include a message to your league.')
      .waitFor({ state: 'hidden', timeout: 15_000 });
    const lives = dialog.getByRole('textbox', { name: 'New lives' });
    await lives.fill('0');
    await dialog.getByText(`${player} will be eliminated from the pool.`).waitFor();
    await settle(page);
    await screenshot(page, 'commish-entrants-lives-modal');
    await expectNoAxeViolations(page, 'lives modal');
    await lives.fill('2');
    expect(await dialog.getByText('will be eliminated').count()).toBe(0);
    await dialog
      .getByRole('textbox', { name: 'Message to your league' })
      .fill('Late pick in week 1: one life off.');
    await dialog.getByRole('button', { name: 'Update lives' }).click();
    await page.getByText('User lives updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(page, player).getByText('2 lives').waitFor();
    // The league reads the message in the pool's news.
    const feed = await (await page.request.get(`/api/feed/${pool.leagueId}/${pool.poolId}/pool`)).json();
    expect(feed.events.map((event: { desc: string }) => event.desc)).toContain(
      'Late pick in week 1: one life off.',
    );
  });

  it('keeps a note on an entry', async () => {
    const page = commish.page;
    await page.getByRole('button', { name: `Edit note on ${player}` }).click();
    const dialog = page.getByRole('dialog', { name: `Note on ${player}` });
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Paid by Venmo');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('User note updated').waitFor();
    await rowOf(page, player).getByText('Paid by Venmo').waitFor();
  });

  it('fits a 390 px screen as one card per entry', async () => {
    const { context, page } = await world.commishPage(PHONE);
    await page.goto(`${pool.path}/commishtools/entrants`);
    const card = page.getByRole('region', { name: `Entrant ${player}` });
    await card.getByText('Paid by Venmo').waitFor();
    await card.getByRole('button', { name: `Raise lives of ${player}` }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'manage entrants phone');
    await screenshot(page, 'commish-entrants-phone');
    await card.getByRole('button', { name: `Raise lives of ${player}` }).click();
    await page.getByRole('dialog', { name: `Raise lives of ${player}` }).waitFor();
    await settle(page);
    await screenshot(page, 'commish-entrants-phone-modal');
    await page.getByRole('button', { name: 'GO BACK' }).click();

    await page.goto(`${pool.path}/commishtools/desk`);
    await page.getByRole('heading', { name: "Post to the Commish's Desk" }).waitFor();
    await expectNoAxeViolations(page, 'desk phone');
    await screenshot(page, 'commish-desk-phone');
    await context.close();
  });

  it("posts on the Commish's Desk: the banner says what is missing for 3 s, the post lists and reaches Home", async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/desk`);
    await page.getByText('No posts yet.', { exact: false }).waitFor();
    const send = page.getByRole('button', { name: 'Post', exact: true });
    await send.click();
    await page.getByText("You didn't include anything in the body of your post!").waitFor();
    await page
      .getByText("You didn't include anything in the body of your post!")
      .waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByRole('textbox', { name: 'Body' }).fill('Picks lock at first pitch on Thursday.');
    await send.click();
    await page.getByText("You didn't include a headline for your post!").waitFor();
    await page.getByRole('textbox', { name: 'Headline' }).fill('Thursday lock');
    await page.getByRole('textbox', { name: 'Link (optional)' }).fill('ftp://example.com');
    await send.click();
    await page.getByText('The link must be a web address starting with http:// or https://.').waitFor();
    await page.getByRole('textbox', { name: 'Link (optional)' }).fill('https://www.mlb.com/schedule');
    await send.click();
    await page.getByText('Post published').waitFor();
    // The refused link's banner went with the successful post.
    expect(await page.getByText('The link must be a web address', { exact: false }).count()).toBe(0);
    const posts = page.getByRole('list', { name: 'Posts' });
    await posts.getByText('Thursday lock').waitFor();
    await posts.getByRole('link', { name: 'https://www.mlb.com/schedule' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Headline' }).inputValue()).toBe('');
    await expectNoAxeViolations(page, 'desk');
    await screenshot(page, 'commish-desk-desktop');
    await page.goto(pool.path);
    await page
      .getByRole('region', { name: "The Commish's Desk" })
      .getByRole('heading', { name: 'Thursday lock' })
      .waitFor();
  });

  it('crowns a champion behind a confirmation that says it cannot be undone', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/entrants`);
    const process = page.getByRole('button', { name: 'Process champions' });
    await process.waitFor();
    expect(await process.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Champions' }).click();
    await page.getByRole('option', { name: player, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Weeks alive per entrant' }).click();
    await page.getByRole('textbox', { name: `Weeks alive of ${newcomer}` }).waitFor();
    await process.click();
    const dialog = page.getByRole('dialog', { name: 'Process champions?' });
    await dialog.getByText('This cannot be undone').waitFor();
    await dialog.getByText(`${player} will be crowned champion`, { exact: false }).waitFor();
    await settle(page);
    await expectNoAxeViolations(page, 'champions modal');
    await screenshot(page, 'commish-entrants-champions-modal');
    await dialog.getByRole('button', { name: 'PROCESS CHAMPIONS' }).click();
    await page.getByText('Champions processed').first().waitFor();
    await page.getByText('This pool is final').waitFor();
    await rowOf(page, player).getByText('CHAMPION').waitFor();
    await rowOf(page, newcomer).getByText('ELIMINATED').waitFor();
    expect(await page.getByRole('button', { name: `Raise lives of ${player}` }).isDisabled()).toBe(true);
    await screenshot(page, 'commish-entrants-final');
    const finances = await (await page.request.get(`/api/finances/${pool.poolId}`)).json();
    const champion = finances.rows.find((row: { label: string }) => row.label === player);
    expect(champion).toMatchObject({ champion: true });
  });

  it('shows the empty pool and a failed load', async () => {
    const page = commish.page;
    await page.goto(`${emptyPool.path}/commishtools/entrants`);
    await page.getByText('No one has entered this pool yet.', { exact: false }).waitFor();
    await screenshot(page, 'commish-entrants-empty');
    await page.route('**/admin/entrants/*', (route) =>
      route.fulfill({ status: 500, json: { message: 'The entrants are unavailable right now.' } }),
    );
    await page.reload();
    await page.getByText('The entrants are unavailable right now.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await expectNoAxeViolations(page, 'entrants error');
    await screenshot(page, 'commish-entrants-error');
    await page.unroute('**/admin/entrants/*');
  });
});
