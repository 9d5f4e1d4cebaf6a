import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi, settle } from './support/axe';
import { closeBrowser, logIn, PHONE, retype, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';
import { ownLeague, ownPool, signedInNewcomer } from './support/commish-world';

afterAll(closeBrowser);

const SAVED_TITLE = 'Settings updated successfully';
const SAVED_TEXT = 'Your Pool settings have been updated successfully.';
const FAILED_TITLE = 'Error updating settings';

/**
 * A fresh commissioner signed in on the page, with a league of their own and a pool of its first open season
 * that is not NFL TD (never a demo pool): the pool's path.
 */
async function settingsPool(page: Page, label: string): Promise<string> {
  await signedInNewcomer(page, `set${label[0]}`);
  const leagueId = await ownLeague(page, `Settings ${label}`);
  const pool = await ownPool(page, leagueId, {
    season: (seasons) => seasons.find((s) => s.game !== 'nfl-td') ?? seasons[0],
  });
  return pool.path;
}

const save = (page: Page) => page.getByRole('button', { name: 'SAVE SETTINGS' });

/** Types into a settings field and leaves it, as the clamps run on blur. */
async function enter(page: Page, name: string, value: string) {
  const field = page.getByRole('textbox', { name, exact: true });
  await field.fill(value);
  await field.blur();
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('Pool Settings (%s)', (label, viewport) => {
  it('a commissioner changes settings, saves, sees the toast and the new values after a reload', async () => {
    const { context, page } = await newPage(viewport);
    const path = await settingsPool(page, label);
    await page.goto(`${path}/commishtools`);
    await page.getByRole('heading', { name: 'Pool Settings', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Max Entries', exact: true }).waitFor();
    // Save is offered at the top and the bottom, enabled only once something changed.
    expect(await save(page).count()).toBe(2);
    expect(await save(page).first().isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Extra Lives/Rebuys' }).isDisabled()).toBe(false);
    await expectNoAxeViolations(page, `settings ${label}`);
    await screenshot(page, `commish-settings-${label}`);

    // Out-of-range input is clamped when the field is left.
    await enter(page, 'Max Entries', '0');
    expect(await page.getByRole('textbox', { name: 'Max Entries', exact: true }).inputValue()).toBe('1');
    expect(await save(page).first().isDisabled()).toBe(true);
    await enter(page, 'Max Entries', '3');
    await enter(page, 'Pool Name', `Dog Days ${label}`);
    await enter(page, 'Extra Lives/Rebuys', '3');
    // Cleared with backspace and typed key by key, as a person does: the amount typed is the one saved.
    await retype(page.getByRole('textbox', { name: 'Buy-in', exact: true }), '60');
    const retroactive = page.getByRole('checkbox', { name: /^Retroactive/ });
    expect(await retroactive.isChecked()).toBe(true);
    expect(await save(page).first().isDisabled()).toBe(false);
    await screenshot(page, `commish-settings-dirty-${label}`);
    await page.screenshot({ path: `test-results/screenshots/commish-settings-dirty-top-${label}.png` });
    await save(page).last().click();
    await page.getByText(SAVED_TITLE).waitFor();
    await page.getByText(SAVED_TEXT).waitFor();
    await expect.poll(() => save(page).first().isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('textbox', { name: 'Max Entries', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Max Entries', exact: true }).inputValue()).toBe('3');
    expect(await page.getByRole('textbox', { name: 'Pool Name' }).inputValue()).toBe(`Dog Days ${label}`);
    expect(await page.getByRole('textbox', { name: 'Extra Lives/Rebuys' }).inputValue()).toBe('3');
    expect(await page.getByRole('textbox', { name: 'Buy-in', exact: true }).inputValue()).toBe('60.00');

    // A refused save shows the server's message in a red toast and an alert.
    await page.route('**/admin/updatePoolSettings', (route) =>
      route.fulfill({ status: 400, json: { message: 'Week 1 has locked: its deadline cannot move.' } }),
    );
    await enter(page, 'Max Entries', '4');
    await save(page).first().click();
    await page.getByText(FAILED_TITLE).first().waitFor();
    await page
      .getByRole('alert', { name: FAILED_TITLE, exact: true })
      .filter({ hasText: 'Week 1 has locked' })
      .waitFor();
    await settle(page);
    await screenshot(page, `commish-settings-error-${label}`);
    await page.unroute('**/admin/updatePoolSettings');

    // The tool says when the settings cannot be read.
    await page.route('**/admin/poolSettings/*', (route) =>
      route.fulfill({ status: 500, json: { message: 'The settings are unavailable right now.' } }),
    );
    await page.reload();
    await page.getByText('The settings are unavailable right now.').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it("shows Extra Lives/Rebuys locked once a pool has started (jordan's Sunday Squad pool, not changed)", async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'jordan');
    await page.goto('/mlb/SQUAD/2023/reg/0/commishtools');
    const rebuys = page.getByRole('textbox', { name: 'Extra Lives/Rebuys' });
    await rebuys.waitFor();
    expect(await rebuys.isDisabled()).toBe(true);
    // Rebuys and the end rule's two settings say so.
    const locked = page.getByText(/^Locked: the pool started on/);
    await locked.first().waitFor();
    expect(await locked.count()).toBe(3);
    // Locked weeks are listed, not offered for editing.
    await page.getByText(/^Locked weeks \(Weeks 1 to \d+\)$/).waitFor();
    expect(await page.getByRole('textbox', { name: 'Week 1 deadline' }).count()).toBe(0);
    expect(await save(page).first().isDisabled()).toBe(true);
    await expectNoAxeViolations(page, `settings started ${label}`);
    await screenshot(page, `commish-settings-started-${label}`);
    await context.close();
  });

  it('shows the NFL TD rows, picks per week locked, and no insurance or bonus pool (the global pool, not changed)', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'commish');
    await page.goto('/nfl-td/ala/2023/reg/0/commishtools');
    const picks = page.getByRole('textbox', { name: 'Picks Per Week' });
    await picks.waitFor();
    expect(await picks.isDisabled()).toBe(true);
    await page.getByText('Locked for NFL TD pools.').waitFor();
    await page.getByRole('textbox', { name: 'Max Players Per Team' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Bonus Pool' }).count()).toBe(0);
    expect(await page.getByLabel('Insurance', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Shoot the Moon').count()).toBe(0);
    await expectNoAxeViolations(page, `settings nfl ${label}`);
    await screenshot(page, `commish-settings-nfl-${label}`);
    await context.close();
  });
});

describe('Pool Settings shows the bonuses in force', () => {
  it('a pool whose bonuses were never configured shows every bonus on at the prize How to play lists', async () => {
    const { context, page } = await newPage();
    // The demo's global MLB pool: its bonus pool runs and it never had its options configured.
    await logIn(page, 'commish');
    const pool = '/mlb/ala/2023/reg/0';
    await page.goto(`${pool}/howtoplay`);
    const howToPlay = page.getByRole('heading', { name: 'PERFORMANCE BONUSES' }).locator('..');
    await howToPlay.getByText('Perfect Game').waitFor();
    const listed = await howToPlay.getByRole('row').allInnerTexts();
    const prizes = listed.slice(1).map((row) => row.split('\t').map((cell) => cell.trim()));
    expect(prizes).toHaveLength(7);

    await page.goto(`${pool}/commishtools`);
    await page.getByRole('heading', { name: 'Pool Settings', exact: true }).waitFor();
    for (const [name, prize] of prizes) {
      const active = page.getByRole('checkbox', { name: `${name} active` });
      await active.waitFor();
      expect(await active.isChecked(), name).toBe(true);
      expect(`$${await page.getByRole('textbox', { name: `${name} prize` }).inputValue()}`).toBe(prize);
    }
    expect(await save(page).first().isDisabled()).toBe(true);
    await screenshot(page, 'commish-settings-bonuses-in-force');
    await context.close();
  });
});

describe('the Commish tools asked for by a player who is no commissioner', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])('say they are for commissioners, over the pool and league Home (%s)', async (label, viewport) => {
    const { context, page } = await newPage(viewport);
    // sam plays in the Sunday Squad, whose commissioners are jordan and commish.
    await logInByApi(page, 'sam');
    await page.goto('/mlb/SQUAD/2023/reg/0/commishtools');
    const refusal = page.getByRole('alert').filter({ hasText: 'Commish tools are for commissioners' });
    await refusal
      .getByText("Only the Sunday Squad league's commissioners can use this pool's Commish tools.", {
        exact: false,
      })
      .waitFor();
    expect(await page.getByRole('tab', { name: 'Home', selected: true }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Commish tools' }).count()).toBe(0);
    await screenshot(page, `commish-refused-pool-${label}`);
    // Another tab is no refusal.
    await page.getByRole('tab', { name: 'Standings' }).click();
    await refusal.waitFor({ state: 'detached' });

    await page.goto('/league/SQUAD/commishtools');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Commish Tools are for commissioners' })
      .getByText("Only the Sunday Squad league's commissioners can use its Commish Tools.", { exact: false })
      .waitFor();
    expect(await page.getByRole('tab', { name: 'League Home', selected: true }).count()).toBe(1);
    await screenshot(page, `commish-refused-league-${label}`);
    await context.close();
  });
});
