import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, PHONE, screenshot, uniqueName } from './support/browser';
import { choose } from './support/commish-world';
import { newPageOn, type OwnServer, startOwnServer } from './support/own-server';

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
/** Two buy-ins and bravo's automatic rebuy (a created pool keeps no site share). */
const PRIZE_POOL = 2 * BUYIN + REBUY_PRICE;
/** 33.33% of the remaining $125 is $41.66 (4166.25 cents, rounded), shared 2 to 1. */
const SPLIT_PERCENT = '33.33';
const SPLIT_AMOUNT = Math.round((PRIZE_POOL * 3333) / 10_000);
/** 2/3 and 1/3 of 4166 cents: 2777.33 and 1388.67; the leftover cent goes to the larger remainder, bravo's. */
const SPLIT = { alpha: 2777, bravo: 1389 };
/** The champion takes what the split left, so alpha's prizes come to $111.11. */
const ALPHA_PRIZES = SPLIT.alpha + (PRIZE_POOL - SPLIT_AMOUNT);
const ALPHA_PAID = 5000;
const BRAVO_PAID = 3750;
const LIVES_MESSAGE = 'Rain delay ruling: the White Sox loss is forgiven, one life back.';

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
      await registerConfirmed(
        page,
        { username, nameFirst: key[0].toUpperCase() + key.slice(1), nameLast: 'Journey', password: PASSWORD },
        server.baseUrl,
      );
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
    // The commissioner crowns by hand (this journey's last step): the end rule, deciding in the season's
    // last week, then waits for them rather than crowning by itself.
    await page.getByRole('combobox', { name: 'Champions Crowned', exact: true }).click();
    await page.getByRole('option', { name: 'By the commissioner' }).click();
    await shot(page, 'journey-create-pool-desktop');

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
      await shot(page, `journey-picked-${player.label}`);
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
    // The replay catches up on the week's games; the settlement job's first pass, once it has, judges the week.
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

    // Lives, status, weeks alive, rebuys and the week's pick with its result, as the table reads them.
    await page.goto(`${poolPath}/standings`);
    const rowOf = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await rowOf(people.bravo).waitFor();
    expect(await rowOf(people.alpha).innerText()).toMatch(/^\S+\s+3\s+ALIVE\s+1\s+0\s+HOU\s+ADV$/);
    expect(await rowOf(people.bravo).innerText()).toMatch(/^\S+\s+2\s+ALIVE\s+1\s+1\s+CHW\s+LOSS$/);
    await shot(page, 'journey-standings-desktop');
    await expectNoAxeViolations(page, 'standings after the week @desktop');

    // bravo sees the same on a phone: one card per entry.
    const bravo = await signedIn(people.bravo, PHONE);
    await bravo.page.goto(`${poolPath}/standings`);
    const card = bravo.page.getByRole('article', { name: people.bravo });
    await card.getByText('2 lives · 1 week alive · 1 rebuy').waitFor();
    await card.getByText('LOSS', { exact: true }).waitFor();
    await shot(bravo.page, 'journey-standings-phone');
    await expectNoAxeViolations(bravo.page, 'standings after the week @phone');
    const finances = await financesOf(page, poolId);
    expect(finances.totals.buyin).toBe(2 * BUYIN);
    expect(finances.totals.rebuys).toBe(REBUY_PRICE);
  }, 150_000);

  it('the commissioner gives bravo a life back with a message to the league (Manage Entrants)', async () => {
    const { page } = await signedIn(people.commish);
    await page.goto(`${poolPath}/commishtools/entrants`);
    await page.getByRole('heading', { name: 'Entrants', exact: true }).waitFor();
    await entrantRow(page, people.bravo).getByText('2 lives').waitFor();
    await button(page, `Raise lives of ${people.bravo}`).click();
    const dialog = page.getByRole('dialog', { name: `Raise lives of ${people.bravo}` });
    await dialog.getByRole('textbox', { name: 'New lives' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Message to your league' }).fill(LIVES_MESSAGE);
    await settle(page);
    await shot(page, 'journey-lives-modal-desktop');
    await expectNoAxeViolations(page, 'lives modal @desktop');
    await button(dialog, 'Update lives').click();
    await page.getByText('User lives updated').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await entrantRow(page, people.bravo).getByText('3 lives').waitFor();
    await shot(page, 'journey-entrants-desktop');
    await expectNoAxeViolations(page, 'manage entrants @desktop');
    // The league reads the message in the pool's news feed.
    await page.goto(poolPath);
    await page.getByText(LIVES_MESSAGE).first().waitFor();
  }, 90_000);

  it("records both players' payments in the Finances tool (desktop and phone)", async () => {
    const payments = [
      { who: people.alpha, cents: ALPHA_PAID, notes: 'Venmo', viewport: undefined, label: 'desktop' },
      {
        who: people.bravo,
        cents: BRAVO_PAID,
        notes: 'Cash, the rest next week',
        viewport: PHONE,
        label: 'phone',
      },
    ];
    for (const payment of payments) {
      const { page } = await signedIn(people.commish, payment.viewport);
      await page.goto(`${poolPath}/commishtools/finances`);
      await recordMoney(page, payment.who, 'Payment from', payment.cents, payment.notes);
      const table = page.getByRole('table', { name: `Payments from ${payment.who}` });
      await table.getByRole('cell', { name: dollars(payment.cents), exact: true }).waitFor();
      await table.getByRole('cell', { name: payment.notes }).waitFor();
      await shot(page, `journey-payment-${payment.label}`);
      await expectNoAxeViolations(page, `commish finances @${payment.label}`);
    }
  }, 90_000);

  it('splits a third of the remaining prizes 2 to 1 through the Process Prize Split? modal', async () => {
    const { page } = await signedIn(people.commish);
    await page.goto(`${poolPath}/commishtools/split`);
    await page.getByRole('table', { name: 'Prize split by entrant' }).waitFor();
    await page.getByRole('textbox', { name: 'Percentage of remaining prizes' }).fill(SPLIT_PERCENT);
    await page.getByRole('textbox', { name: `Split share of ${people.alpha}` }).fill('2');
    const splitRow = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await splitRow(people.alpha)
      .getByRole('cell', { name: dollars(SPLIT.alpha), exact: true })
      .waitFor();
    await splitRow(people.bravo)
      .getByRole('cell', { name: dollars(SPLIT.bravo), exact: true })
      .waitFor();
    await page.getByText(`Splitting ${dollars(SPLIT_AMOUNT)} of ${dollars(PRIZE_POOL)}`).waitFor();
    await shot(page, 'journey-split-desktop');
    await expectNoAxeViolations(page, 'split prizes @desktop');

    await button(page, 'PROCESS SPLIT').click();
    const dialog = page.getByRole('dialog', { name: 'Process Prize Split?' });
    await dialog.getByText(`${people.alpha}: ${dollars(SPLIT.alpha)}`).waitFor();
    await dialog.getByText(`${people.bravo}: ${dollars(SPLIT.bravo)}`).waitFor();
    await dialog.getByText('updates league finances', { exact: false }).waitFor();
    await settle(page);
    await shot(page, 'journey-split-modal-desktop');
    await expectNoAxeViolations(page, 'split modal @desktop');
    await button(dialog, 'PROCESS SPLIT').click();
    await page.getByText('Prizes split').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await splitRow(people.alpha)
      .getByRole('cell', { name: dollars(SPLIT.alpha), exact: true })
      .waitFor();
  }, 90_000);

  it('crowns alpha champion on a phone: the rest of the prizes go to the champion, the pool is final', async () => {
    const { page } = await signedIn(people.commish, PHONE);
    await page.goto(`${poolPath}/commishtools/entrants`);
    await page.getByRole('combobox', { name: 'Champions' }).click();
    await page.getByRole('option', { name: people.alpha, exact: true }).click();
    await page.keyboard.press('Escape');
    await button(page, 'Process champions').click();
    const dialog = page.getByRole('dialog', { name: 'Process champions?' });
    await dialog.getByText(`${people.alpha} will be crowned champion`, { exact: false }).waitFor();
    await dialog.getByText('This cannot be undone').waitFor();
    await settle(page);
    await shot(page, 'journey-champions-modal-phone');
    await expectNoAxeViolations(page, 'champions modal @phone');
    await button(dialog, 'PROCESS CHAMPIONS').click();
    await page.getByText('Champions processed').first().waitFor();
    await page.getByText('This pool is final').first().waitFor();
    await page
      .getByRole('region', { name: `Entrant ${people.alpha}` })
      .getByText('CHAMPION')
      .waitFor();
    await page
      .getByRole('region', { name: `Entrant ${people.bravo}` })
      .getByText('ELIMINATED')
      .waitFor();
    await shot(page, 'journey-champions-phone');
    await expectNoAxeViolations(page, 'manage entrants final @phone');
  }, 90_000);

  it("pays the champion's prizes, and the Finances tab adds up to the cent (desktop and phone)", async () => {
    const { page } = await signedIn(people.commish);
    await page.goto(`${poolPath}/commishtools/finances`);
    await recordMoney(page, people.alpha, 'Prize paid to', ALPHA_PRIZES, 'Venmo, all of it');
    await page
      .getByRole('table', { name: `Prizes paid to ${people.alpha}` })
      .getByRole('cell', { name: dollars(ALPHA_PRIZES), exact: true })
      .waitFor();

    // What the ledger must hold, from the pool's prices and what was recorded.
    const expected = {
      buyin: 2 * BUYIN,
      rebuys: REBUY_PRICE,
      insurance: 0,
      bonus: 0,
      prizes: PRIZE_POOL,
      paid: ALPHA_PAID + BRAVO_PAID,
      prizes_paid_to: ALPHA_PRIZES,
      total: -(2 * BUYIN) - REBUY_PRICE + PRIZE_POOL + ALPHA_PAID + BRAVO_PAID - ALPHA_PRIZES,
    };
    const alphaTotal = -BUYIN + ALPHA_PAID + ALPHA_PRIZES - ALPHA_PRIZES;
    const bravoTotal = -BUYIN - REBUY_PRICE + BRAVO_PAID + SPLIT.bravo;
    expect(alphaTotal + bravoTotal).toBe(expected.total);
    const finances = await financesOf(page, await poolIdOf(page));
    expect(finances.totals).toEqual(expected);
    expect(finances.rows.map((row) => [row.label, row.prizes, row.total]).sort()).toEqual(
      [
        [people.alpha, ALPHA_PRIZES, alphaTotal],
        [people.bravo, SPLIT.bravo, bravoTotal],
      ].sort(),
    );

    await page.goto(`${poolPath}/finances`);
    const totalsRow = page.getByRole('row').filter({ hasText: 'Pool Totals' });
    await totalsRow.waitFor();
    const columns = [
      'buyin',
      'rebuys',
      'insurance',
      'bonus',
      'prizes',
      'paid',
      'prizes_paid_to',
      'total',
    ] as const;
    expect((await totalsRow.innerText()).split(/\s+/)).toEqual([
      'Pool',
      'Totals',
      ...columns.map((key) => dollars(expected[key])),
    ]);
    const financeRow = (name: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .first();
    await financeRow(people.alpha).getByText('CHAMPION').waitFor();
    expect((await financeRow(people.alpha).innerText()).trim().split(/\s+/).pop()).toBe(dollars(alphaTotal));
    expect((await financeRow(people.bravo).innerText()).trim().split(/\s+/).pop()).toBe(dollars(bravoTotal));
    await shot(page, 'journey-finances-desktop');
    await expectNoAxeViolations(page, 'finances tab @desktop');

    const phone = await signedIn(people.bravo, PHONE);
    await phone.page.goto(`${poolPath}/finances`);
    const totals = phone.page.getByRole('region', { name: 'Pool totals' });
    await totals.getByText(dollars(expected.total), { exact: true }).waitFor();
    await totals.getByText(dollars(expected.prizes_paid_to), { exact: true }).waitFor();
    await phone.page
      .getByRole('region', { name: `Finances of ${people.bravo}` })
      .getByText(dollars(bravoTotal), { exact: true })
      .waitFor();
    await shot(phone.page, 'journey-finances-phone');
    await expectNoAxeViolations(phone.page, 'finances tab @phone');

    // The league was told of the split and the champion in the pool's news.
    await phone.page.goto(poolPath);
    await phone.page
      .getByText(`Prize split: ${dollars(SPLIT_AMOUNT)} awarded`)
      .first()
      .waitFor();
    await phone.page.getByText(`${people.alpha} is the champion!`).first().waitFor();
    await shot(phone.page, 'journey-home-news-phone');
  }, 120_000);

  it("keeps every one of the commissioner's changes in the Audit Log", async () => {
    const { page } = await signedIn(people.commish);
    await page.goto(`${poolPath}/commishtools/audit`);
    const log = page.getByRole('list', { name: 'Audit log' });
    await log.waitFor();
    const answer = await page.request.get(`/api/pools/${await poolIdOf(page)}/audit`);
    const { rows } = (await answer.json()) as { rows: { action: string; entry: string | null }[] };
    const actions = rows.map((row) => `${row.action}${row.entry ? ` ${row.entry}` : ''}`);
    for (const action of [
      `lives ${people.bravo}`,
      `payment ${people.alpha}`,
      `payment ${people.bravo}`,
      'prize_split',
      `prize_paid ${people.alpha}`,
    ]) {
      expect(actions).toContain(action);
    }
    expect(actions).toContain(`champions ${people.alpha}`);
    await log
      .getByText(`${people.alpha} crowned champion: ${dollars(PRIZE_POOL - SPLIT_AMOUNT)} prize`)
      .waitFor();
    await shot(page, 'journey-audit-desktop');
    await expectNoAxeViolations(page, 'audit log @desktop');
  }, 60_000);
});

/**
 * A full-page screenshot from the top of the settled page: scrolled, the fixed header would be drawn in the
 * middle of the picture, and a toast caught sliding in is cut off.
 */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await screenshot(page, name);
}

/** An entry's row in the Manage Entrants table. */
const entrantRow = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByText(label, { exact: true }) });

/** Cents as the app writes money everywhere: whole dollars bare ($100), else with the cents ($41.66). */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const digits = abs % 100 === 0 ? 0 : 2;
  return `${sign}$${(abs / 100).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** Records a payment from or a prize paid to an entrant in the Commish tools' Finances. */
async function recordMoney(page: Page, who: string, type: string, cents: number, notes: string) {
  await choose(page, 'User', who);
  await choose(page, 'Transaction type', type);
  await page.getByRole('textbox', { name: 'Amount' }).fill((cents / 100).toFixed(2));
  await page.getByRole('textbox', { name: 'Notes' }).fill(notes);
  await button(page, 'Submit').click();
  await page.getByText(`You have successfully updated finances for ${who}`).first().waitFor();
}

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
