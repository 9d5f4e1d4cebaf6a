import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from './support/accounts';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, PHONE, screenshot } from './support/browser';
import { newCachedPage } from './support/cached-assets';
import {
  type CommishWorld,
  choose,
  commishWithLeague,
  enterPool,
  leagueMember,
  type OwnPool,
  postAs,
  WORLD_PASSWORD,
} from './support/commish-world';

afterAll(closeBrowser);

const NEGATIVE =
  'The amount cannot be negative: enter it without a minus sign. Money you pay out to an entrant is a "Prize paid to".';
const DECIMALS = 'The amount can have at most two decimals (cents), like 12.34.';

let world: CommishWorld;
let commish: CommishWorld['commish'];
let player: string;
let pool: OwnPool;
let emptyPool: OwnPool;

beforeAll(async () => {
  // A league of our own, joinable, with a pool two people entered and a second pool nobody entered.
  world = await commishWithLeague('Money', [{}, {}]);
  commish = world.commish;
  [pool, emptyPool] = world.pools;
  await enterPool(commish.page, pool);
  player = await leagueMember(world.leagueId, 'pl', pool);
}, 120_000);

afterAll(() => world?.close());

describe('Commish tools: Finances', () => {
  it('records a payment and a prize paid; the tables and the Finances tab agree to the cent', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/finances`);
    await page.getByRole('heading', { name: 'Finances', exact: true }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await page.getByText("You didn't include a username.").waitFor();
    // The message goes after 3 seconds.
    await page.getByText("You didn't include a username.").waitFor({ state: 'hidden', timeout: 15_000 });
    await choose(page, 'User', player);
    await submit.click();
    await page.getByText("You didn't include an amount.").waitFor();
    await page.getByRole('textbox', { name: 'Amount' }).fill('12.34');
    await submit.click();
    await page.getByText("You didn't include a transaction type.").waitFor();
    await choose(page, 'Transaction type', 'Payment from');
    await page.getByRole('textbox', { name: 'Notes' }).fill('Venmo');
    await submit.click();
    await page.getByText('Finances updated').waitFor();
    await page.getByText(`You have successfully updated finances for ${player}`).waitFor();
    const payments = page.getByRole('table', { name: `Payments from ${player}` });
    await payments.getByRole('cell', { name: '$12.34' }).waitFor();
    await payments.getByRole('cell', { name: 'Venmo' }).waitFor();
    // The form is cleared, the entrant stays selected.
    expect(await page.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('');

    await choose(page, 'Transaction type', 'Prize paid to');
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.66');
    await page.getByRole('textbox', { name: 'Notes' }).fill('Cash');
    await submit.click();
    const prizes = page.getByRole('table', { name: `Prizes paid to ${player}` });
    await prizes.getByRole('cell', { name: '$0.66' }).waitFor();
    await prizes.getByRole('cell', { name: 'Cash' }).waitFor();
    await screenshot(page, 'commish-finances-desktop');
    await expectNoAxeViolations(page, 'commish finances');

    const finances = await (await page.request.get(`/api/finances/${pool.poolId}`)).json();
    const row = finances.rows.find((r: { label: string }) => r.label === player);
    expect(row).toMatchObject({ paid: 1234, prizes_paid_to: 66 });
    await page.goto(`${pool.path}/finances`);
    // The entry's row of the Finances table (the payments card below has rows naming it too).
    const tableRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: player, exact: true }) })
      .first();
    await tableRow.getByRole('cell', { name: '$12.34' }).waitFor();
    await tableRow.getByRole('cell', { name: '$0.66' }).waitFor();
    await screenshot(page, 'commish-finances-tab-after');
  });

  it('refuses a negative amount and a third decimal with a message, recording nothing', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/finances`);
    await page.getByRole('heading', { name: 'Finances', exact: true }).waitFor();
    await choose(page, 'User', player);
    await choose(page, 'Transaction type', 'Payment from');
    const amount = page.getByRole('textbox', { name: 'Amount' });
    const submit = page.getByRole('button', { name: 'Submit' });
    const payments = page.getByRole('table', { name: `Payments from ${player}` });
    const recorded = async () =>
      (await payments.count()) === 0 ? [] : payments.getByRole('row').allInnerTexts();
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
    const before = await recorded();

    // Typed as is, never turned into $12.34: the field says why, and Submit records nothing.
    await amount.fill('-12.345');
    expect(await amount.inputValue()).toContain('-');
    await page.getByText(NEGATIVE).first().waitFor();
    await submit.click();
    // Said once, under the field that is wrong, not again below the form.
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Button-loader').length === 0);
    expect(await page.getByText(NEGATIVE).count()).toBe(1);
    await amount.fill('12.345');
    expect(await amount.inputValue()).toContain('12.345');
    await page.getByText(DECIMALS).first().waitFor();
    await submit.click();
    expect(await page.getByText(DECIMALS).count()).toBe(1);
    expect(await page.getByText('Finances updated').count()).toBe(0);
    expect(await recorded()).toEqual(before);
    await screenshot(page, 'commish-finances-refused');

    await amount.fill('');
  });

  it('shows the server failure in a red toast', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/finances`);
    await page.route('**/admin/addPayment', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
    );
    await choose(page, 'User', player);
    await choose(page, 'Transaction type', 'Payment from');
    await page.getByRole('textbox', { name: 'Amount' }).fill('5');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Error updating finances').waitFor();
    await page
      .getByText(
        "An error was encountered updating this user's finances: Database unavailable. Please try again or contact ALA support for help with this error.",
      )
      .waitFor();
    await page.unroute('**/admin/addPayment');
    // Nothing was recorded.
    await page
      .getByRole('table', { name: `Payments from ${player}` })
      .getByRole('cell', { name: '$12.34' })
      .waitFor();
    expect(await page.getByRole('cell', { name: '$5' }).count()).toBe(0);
  });
});

describe('Commish tools: Split Prizes', () => {
  it('splits the remaining prizes through the modal, then shows the red notice', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/split`);
    await page.getByRole('heading', { name: 'Split Prizes' }).waitFor();
    const before = await (await page.request.get(`/api/pools/${pool.poolId}/prizeSplit`)).json();
    expect(before.entrants).toHaveLength(2);
    expect(before.remaining).toBeGreaterThan(1);
    const process = page.getByRole('button', { name: 'PROCESS SPLIT' });
    // Hidden at 0 percent.
    await page.getByRole('table', { name: 'Prize split by entrant' }).waitFor();
    expect(await process.count()).toBe(0);
    // Clicked, the percentage is selected, so what is typed replaces it (typing over 15 was once ignored).
    const percent = page.getByRole('textbox', { name: 'Percentage of remaining prizes' });
    await percent.fill('15');
    await percent.blur();
    await percent.click();
    // As a person sees it before typing: the whole value selected.
    await expect
      .poll(() =>
        percent.evaluate(
          (field: HTMLInputElement) =>
            field.selectionEnd === field.value.length && field.selectionStart === 0,
        ),
      )
      .toBe(true);
    await percent.pressSequentially('100');
    expect(await percent.inputValue()).toBe('100%');
    await process.waitFor();
    // Two equal shares of the remaining prizes.
    const half = Math.floor(before.remaining / 2);
    const dollars = (c: number) =>
      `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: c % 100 === 0 ? 0 : 2 })}`;
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: player, exact: true }) });
    await row.getByRole('cell', { name: dollars(half) }).waitFor();
    await screenshot(page, 'commish-split-desktop');
    await process.click();
    const dialog = page.getByRole('dialog', { name: 'Process Prize Split?' });
    await dialog.getByText('updates league finances').waitFor();
    await dialog.getByText("posts an update to the pool's news feed", { exact: false }).waitFor();
    await settle(page);
    await screenshot(page, 'commish-split-modal');
    await expectNoAxeViolations(page, 'split modal');
    await dialog.getByRole('button', { name: 'GO BACK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await process.click();
    await dialog.getByRole('button', { name: 'PROCESS SPLIT' }).click();
    await page.getByText('Prizes split').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('alert')
      .getByText('You have no remaining prizes available in your prize pool to allocate to entrants.')
      .waitFor();
    await page.getByRole('textbox', { name: 'Percentage of remaining prizes' }).fill('10');
    expect(await process.isDisabled()).toBe(true);
    // The player's prizes to date are their part of the split (the leftover cent, if any, went to the first row).
    const after = await (await page.request.get(`/api/pools/${pool.poolId}/prizeSplit`)).json();
    const mine = after.entrants.find((e: { label: string; prizes: number }) => e.label === player);
    expect([half, before.remaining - half]).toContain(mine.prizes);
    await row
      .getByRole('cell', { name: dollars(mine.prizes) })
      .first()
      .waitFor();
    await settle(page);
    await screenshot(page, 'commish-split-done');
    await expectNoAxeViolations(page, 'split done');

    const finances = await (await page.request.get(`/api/finances/${pool.poolId}`)).json();
    expect(finances.totals.prizes).toBe(before.remaining);
    await page.goto(pool.path);
    await page
      .getByText(/Prize split: \$[\d,.]+ awarded/)
      .first()
      .waitFor();
  });

  it('says so when a pool has no entrants, and shows a failed load as an alert', async () => {
    const page = commish.page;
    await page.goto(`${emptyPool.path}/commishtools/split`);
    await page.getByText('No entrants to split prizes among').waitFor();
    expect(await page.getByRole('button', { name: 'PROCESS SPLIT' }).count()).toBe(0);
    await page.goto(`${emptyPool.path}/commishtools/finances`);
    await page.getByText('No entrants yet').waitFor();
    await screenshot(page, 'commish-finances-empty');
    await page.route('**/api/pools/*/prizeSplit*', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
    );
    await page.goto(`${pool.path}/commishtools/split`);
    await page.getByRole('alert').getByText('Database unavailable').waitFor();
    await page.unroute('**/api/pools/*/prizeSplit*');
  });

  it('splits a pool bigger than a page by default shares, searched and paged on the server', async () => {
    const page = commish.page;
    const asked: URL[] = [];
    // The pool's answer, told it holds 120 active entries, every one alive, with $1,000 to split.
    await page.route('**/api/pools/*/prizeSplit*', async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      const answer = await (await route.fetch()).json();
      await route.fulfill({
        json: {
          ...answer,
          active_entries: 120,
          alive_entries: 120,
          total: url.searchParams.get('q') ? 1 : 120,
          prize_pool: 100000,
          awarded: 0,
          remaining: 100000,
          has_remaining: true,
        },
      });
    });
    await page.goto(`${pool.path}/commishtools/split`);
    await page.getByText('This pool has 120 active entries', { exact: false }).waitFor();
    await page.getByRole('checkbox', { name: 'Entries still alive only' }).check();
    await expect.poll(() => asked.some((url) => url.searchParams.get('alive') === 'true')).toBe(true);
    await page.getByRole('textbox', { name: 'Search entries' }).fill(player);
    await expect.poll(() => asked.some((url) => url.searchParams.get('q') === player)).toBe(true);
    await page.getByRole('textbox', { name: 'Percentage of remaining prizes' }).fill('10');
    await page.getByText('(120 entries)', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'PROCESS SPLIT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Prize Split?' });
    await dialog.getByText('to 120 entrants by their default shares.', { exact: false }).waitFor();
    await screenshot(page, 'commish-split-big');
    await dialog.getByRole('button', { name: 'GO BACK' }).click();
    await page.unroute('**/api/pools/*/prizeSplit*');
  });
});

describe('Commish tools: Email Pool', () => {
  it("sends a rich-text e-mail to the pool's entrants, found in the mail outbox", async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/email`);
    await page.getByRole('heading', { name: 'Email Pool' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await page.getByText("You didn't include a subject for your email!").waitFor();
    const subject = `Week one ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await submit.click();
    await page.getByText("You didn't include anything in the body of your email!").waitFor();
    await page.getByRole('textbox', { name: 'Email body' }).click();
    await page.keyboard.type('Picks lock on ');
    await page.getByRole('button', { name: 'BOLD' }).click();
    await page.keyboard.type('Sunday');
    await screenshot(page, 'commish-email-pool-desktop');
    await expectNoAxeViolations(page, 'email pool');
    await submit.click();
    await page.getByText('Your email has been sent successfully!').waitFor();
    await page.getByText('Email sent!').waitFor();
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');

    const mails = await readOutbox(subject);
    const to = mails.map((mail) => mail.to).sort();
    expect(to).toEqual([`${commish.username}@example.com`, `${player}@example.com`].sort());
    expect(mails[0].text).toContain('Sunday');
    // The audit log names the e-mail and the money changes.
    await page.goto(`${pool.path}/commishtools/audit`);
    await page.getByText(`E-mail to the pool's entrants: "${subject}" (2 recipients)`).waitFor();
    await page.getByText(`Payment from ${player}: $12.34 (Venmo)`).waitFor();
  });
});

describe('Commish tools: Exports', () => {
  it('offers the commissioner the CSV files, and a member neither the links nor the files', async () => {
    const page = commish.page;
    await page.goto(`${pool.path}/commishtools/exports`);
    const files = page.getByRole('list', { name: 'CSV files' });
    await files.waitFor();
    const kinds = {
      'Picks grid': 'picks',
      Ledger: 'ledger',
      Finances: 'finances',
      'Missing picks': 'missing-picks',
    };
    for (const [label, kind] of Object.entries(kinds)) {
      const link = files.getByRole('link', { name: `Download ${label} CSV` });
      expect(await link.getAttribute('href')).toBe(`/api/pools/${pool.poolId}/commish/export/${kind}.csv`);
    }
    const ledger = await page.request.get(`/api/pools/${pool.poolId}/commish/export/ledger.csv`);
    expect(ledger.status()).toBe(200);
    expect((await ledger.text()).replace(/^\uFEFF/, '')).toMatch(/^Date,Entry,Kind,Amount/);

    const member = await newCachedPage();
    await postAs(member.page, '/auth/login', { username: player, password: WORLD_PASSWORD }, 200);
    await member.page.goto(`${pool.path}/commishtools/exports`);
    await member.page.getByRole('alert').filter({ hasText: 'Commish tools are for commissioners' }).waitFor();
    expect(await member.page.getByRole('list', { name: 'CSV files' }).count()).toBe(0);
    const refused = await member.page.request.get(`/api/pools/${pool.poolId}/commish/export/picks.csv`);
    expect(refused.status()).toBe(403);
    await member.context.close();
  });
});

describe('Commish money tools on a phone', () => {
  it('fit a 390 px screen', async () => {
    const { context, page } = await world.commishPage(PHONE);
    await page.goto(`${pool.path}/commishtools/finances`);
    await page.getByRole('heading', { name: 'Finances', exact: true }).waitFor();
    await choose(page, 'User', player);
    await page.getByRole('table', { name: `Payments from ${player}` }).waitFor();
    await screenshot(page, 'commish-finances-phone');
    await expectNoAxeViolations(page, 'finances phone');
    await page.goto(`${pool.path}/commishtools/split`);
    // A card per entrant on a phone, with its share input in view.
    const card = page.getByRole('region', { name: `Split of ${player}` });
    await card.getByRole('textbox', { name: `Split share of ${player}` }).waitFor();
    expect(await page.getByRole('table', { name: 'Prize split by entrant' }).isVisible()).toBe(false);
    await page.getByRole('textbox', { name: 'Percentage of remaining prizes' }).fill('50');
    await screenshot(page, 'commish-split-phone');
    await expectNoAxeViolations(page, 'split phone');
    await page.goto(`${pool.path}/commishtools/email`);
    await page.getByRole('textbox', { name: 'Email body' }).waitFor();
    await screenshot(page, 'commish-email-pool-phone');
    await expectNoAxeViolations(page, 'email phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
