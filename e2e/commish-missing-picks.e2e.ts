import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, PHONE, screenshot } from './support/browser';
import { type CommishWorld, commishWithLeague, leagueMember, type OwnPool } from './support/commish-world';

afterAll(closeBrowser);

const LAPTOP = { width: 1366, height: 860 };

let world: CommishWorld;
let pool: OwnPool;
let emptyPool: OwnPool;
let first: string;
let second: string;

beforeAll(async () => {
  // Two players entered in the first pool, none has picked; nobody entered the second.
  world = await commishWithLeague('Missing', [{}, {}]);
  [pool, emptyPool] = world.pools;
  first = await leagueMember(world.leagueId, 'mp', pool);
  second = await leagueMember(world.leagueId, 'mq', pool);
}, 120_000);

afterAll(() => world?.close());

const open = async (page: Page, target: OwnPool) => {
  await page.goto(`${target.path}/commishtools/missingpicks`);
  await page.getByRole('heading', { name: 'Missing Picks', exact: true }).waitFor();
};

describe('Commish tools: Missing Picks', () => {
  it('lists the entries without a pick at 1366 px, searched on the server, and says when the week locks', async () => {
    const { context, page } = await world.commishPage(LAPTOP);
    await open(page, pool);
    const table = page.getByRole('table', { name: 'Entries owing a pick' });
    await table.getByRole('cell', { name: first, exact: true }).first().waitFor();
    await table.getByRole('cell', { name: second, exact: true }).first().waitFor();
    await page.getByText('2 entries owe a Week').waitFor();
    await page.getByText(/Week \d+ locks /).waitFor();
    expect(await table.getByText('Not insured').count()).toBe(2);
    const search = page.getByRole('textbox', { name: 'Search players' });
    await search.fill(second);
    await expect.poll(() => table.getByRole('cell', { name: first, exact: true }).count()).toBe(0);
    await search.fill('no-such-player');
    await page.getByText('No entry owing a pick matches the search.').waitFor();
    await search.fill('');
    await table.getByRole('cell', { name: first, exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(LAPTOP.width);
    await expectNoAxeViolations(page, 'missing picks');
    await screenshot(page, 'commish-missing-picks-desktop');
    await context.close();
  });

  it('shows "Everyone has picked" for a pool where nobody owes a pick, and a failed load in words', async () => {
    const { context, page } = await world.commishPage(LAPTOP);
    await open(page, emptyPool);
    await page.getByText('Everyone has picked').waitFor();
    expect(await page.getByRole('button', { name: 'NUDGE' }).count()).toBe(0);
    await screenshot(page, 'commish-missing-picks-empty');
    await page.route('**/commish/missingPicks**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"The server is busy."}',
      }),
    );
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'The server is busy.' }).waitFor();
    await page.getByText('Missing picks could not be loaded').waitFor();
    await context.close();
  });

  it('nudges after a confirmation, then refuses a second nudge within the hour (phone, 390 px)', async () => {
    // The phone opens the tool before the nudge: its button is still enabled when it tries again.
    const phone = await world.commishPage(PHONE);
    await open(phone.page, pool);
    await phone.page.getByRole('listitem', { name: `Entry ${first}` }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(phone.page, 'missing picks phone');
    await screenshot(phone.page, 'commish-missing-picks-phone');

    const { context, page } = await world.commishPage(LAPTOP);
    await open(page, pool);
    const nudge = page.getByRole('button', { name: 'NUDGE' });
    await nudge.click();
    const dialog = page.getByRole('dialog', { name: 'Send a nudge?' });
    await dialog.getByText('You can nudge this pool once every 60 minutes.').waitFor();
    await settle(page);
    await screenshot(page, 'commish-missing-picks-confirm');
    // Cancel sends nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await nudge.isDisabled()).toBe(false);
    await nudge.click();
    await dialog.getByRole('button', { name: 'SEND NUDGE' }).click();
    await page.getByText('Nudge sent: 2 players (2 entries)').first().waitFor();
    const waiting = page.getByText(/You can nudge again in 60 minutes/);
    await waiting.waitFor();
    // Both times on the application's clock (the demo replays a past season): the next an hour after the last.
    const [sent, next] = [...(await waiting.innerText()).matchAll(/(\d+):(\d+) (AM|PM)/g)].map(
      ([, h, m, half]) => ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m),
    );
    expect((next - sent + 1440) % 1440).toBe(60);
    await expect.poll(() => nudge.isDisabled()).toBe(true);
    await context.close();

    const p = phone.page;
    const again = p.getByRole('button', { name: 'NUDGE' });
    expect(await again.isDisabled()).toBe(false);
    await again.click();
    await p
      .getByRole('dialog', { name: 'Send a nudge?' })
      .getByRole('button', { name: 'SEND NUDGE' })
      .click();
    const refusal = p.getByRole('alert').filter({ hasText: 'Nudge not sent' });
    await refusal.getByText(/nudged less than 60 minutes ago/).waitFor();
    await p.getByText(/You can nudge again in (59|60) minutes/).waitFor();
    await expect.poll(() => again.isDisabled()).toBe(true);
    await settle(p);
    await screenshot(p, 'commish-missing-picks-phone-refused');
    // The nudge is in the audit log.
    await p.goto(`${pool.path}/commishtools/audit`);
    await p.getByText(/Nudge: e-mailed 2 player\(s\) of 2 entries without a Week \d+ pick/).waitFor();
    await phone.context.close();
  });
});
