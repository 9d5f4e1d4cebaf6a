import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, PHONE, screenshot, uniqueName } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const NBA_GLOBAL = '/nba/ala/2023/reg/0';
const SQUAD_MLB = '/mlb/SQUAD/2023/reg/0';
/** A public league's pool: a visitor may read it (the Sunday Squad's is for its members). */
const OFFICE_MLB = '/mlb/OFFCE/2023/reg/1';

/** The card, once it has loaded its state. */
async function manageCard(page: Page, label: string): Promise<Locator> {
  const card = page.getByRole('region', { name: `Manage Your Entry · ${label}` });
  await card.waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('Loading your entry'));
  return card;
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('Manage Your Entry (%s)', (label, viewport) => {
  it('lets a league player switch auto-rebuy for next week, with a confirmation and a toast', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    const card = await manageCard(page, 'sam');
    await card.getByText('Auto-rebuy', { exact: true }).waitFor();
    // Whatever the switch says now, flip it and flip it back (other runs share the demo).
    for (let round = 0; round < 2; round++) {
      const button = card.getByRole('button', { name: /TURN (ON|OFF) AUTO-REBUY/ });
      const turningOn = (await button.innerText()).includes('TURN ON');
      await button.click();
      const dialog = page.getByRole('dialog', {
        name: turningOn ? 'Turn on auto-rebuy' : 'Turn off auto-rebuy',
      });
      await dialog.getByText(/From Week \d+/).waitFor();
      if (round === 0) {
        await screenshot(page, `manage-entry-modal-${label}`);
        await expectNoAxeViolations(page, 'manage entry');
      }
      await dialog.getByRole('button', { name: turningOn ? 'TURN ON' : 'TURN OFF' }).click();
      await page
        .getByText(new RegExp(`Auto-rebuy is ${turningOn ? 'on' : 'off'} from Week \\d+\\.`))
        .first()
        .waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await card
        .getByRole('button', { name: turningOn ? 'TURN OFF AUTO-REBUY' : 'TURN ON AUTO-REBUY' })
        .waitFor();
    }
    // This pool sells no insurance and has no bonus pool: neither shows.
    expect(await card.getByText('Pick insurance').count()).toBe(0);
    expect(await card.getByText('Bonus pool', { exact: true }).count()).toBe(0);
    await screenshot(page, `manage-entry-squad-${label}`);
    await expectNoAxeViolations(page, 'manage entry');
    await context.close();
  });

  it('shows the server refusal inside the modal, and an error state with a retry when the card cannot load', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.route('**/user/toggleRebuys', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: '{"message":"This entry has been eliminated."}',
      }),
    );
    await page.goto(SQUAD_MLB);
    const card = await manageCard(page, 'sam');
    await card.getByRole('button', { name: /TURN (ON|OFF) AUTO-REBUY/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^TURN (ON|OFF)$/ }).click();
    await dialog.getByRole('alert').getByText('This entry has been eliminated.').waitFor();
    await dialog.getByRole('button', { name: 'GO BACK' }).click();

    await page.route('**/api/entryActions/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server trouble."}' }),
    );
    await page.reload();
    const failed = page.getByRole('region', { name: 'Manage Your Entry · sam' });
    await failed.getByText('Could not load your entry').waitFor();
    await failed.getByText('Server trouble.').waitFor();
    await page.unroute('**/api/entryActions/**');
    await failed.getByRole('button', { name: 'TRY AGAIN' }).click();
    await failed.getByRole('button', { name: /AUTO-REBUY/ }).waitFor();
    await context.close();
  });
});

describe('insurance and the bonus pool', () => {
  it('sells insurance to a new NBA entrant, then reads YOUR PICKS ARE INSURED', async () => {
    const { context, page } = await newPage();
    const username = uniqueName('insure');
    await registerConfirmed(page, {
      username,
      nameFirst: 'In',
      nameLast: 'Sured',
      password: 'insure-password',
    });
    await page.goto(NBA_GLOBAL);
    await page.getByRole('button', { name: 'SIGN UP!' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'CONFIRM SIGN UP' }).click();
    const card = await manageCard(page, username);
    // The bonus pool row shows its cadence, and either the switch or why it cannot move now.
    await card.getByText('Bonus pool', { exact: true }).waitFor();
    await card.getByText(/Entry cadence: (Anytime|Monthly|Preseason)/).waitFor();
    await card.getByText('Pick insurance').waitFor();
    await screenshot(page, 'manage-entry-nba-before');
    await card.getByRole('button', { name: 'BUY INSURANCE ($10)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy pick insurance' });
    await dialog.getByText(/for the rest of the season for \$10/).waitFor();
    await dialog.getByRole('button', { name: 'BUY INSURANCE' }).click();
    await page
      .getByText(/Your picks are insured from Week \d+ for the rest of the season\./)
      .first()
      .waitFor();
    await card.getByText('YOUR PICKS ARE INSURED').waitFor();
    expect(await card.getByRole('button', { name: /BUY INSURANCE/ }).count()).toBe(0);
    await screenshot(page, 'manage-entry-nba-insured');
    await expectNoAxeViolations(page, 'manage entry');
    await context.close();
  });

  it('is not shown to visitors or to players without an entry', async () => {
    const { context, page } = await newPage(PHONE);
    await page.goto(OFFICE_MLB);
    await page.getByRole('heading', { name: 'Pool Details' }).waitFor();
    expect(await page.getByRole('region', { name: /Manage Your Entry/ }).count()).toBe(0);
    await logInByApi(page, 'morgan');
    await page.goto(NBA_GLOBAL);
    await page.getByRole('heading', { name: 'Pool Details' }).waitFor();
    expect(await page.getByRole('region', { name: /Manage Your Entry/ }).count()).toBe(0);
    await context.close();
  });
});

describe('a pending change of a switch', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])('reads as one state, with the week it takes effect (%s)', async (label, viewport) => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    // Turned on for a week ahead, off until then: the card must not read both.
    let week = 0;
    await page.route('**/api/entryActions/**', async (route) => {
      const response = await route.fetch();
      const data = await response.json();
      week = data.auto_rebuy.effective_week;
      data.auto_rebuy = { ...data.auto_rebuy, offered: true, now: false, next: true, can_toggle: true };
      await route.fulfill({ response, json: data });
    });
    await page.goto(SQUAD_MLB);
    const card = await manageCard(page, 'sam');
    await card.getByRole('button', { name: 'TURN OFF AUTO-REBUY' }).waitFor();
    const badges = (await card.locator('.mantine-Badge-root').allInnerTexts()).map((text) =>
      text.toUpperCase(),
    );
    expect(badges).toContain(`ON FROM WEEK ${week}`.toUpperCase());
    expect(badges).not.toContain('OFF');
    await screenshot(page, `manage-entry-pending-switch-${label}`);
    await context.close();
  });
});
