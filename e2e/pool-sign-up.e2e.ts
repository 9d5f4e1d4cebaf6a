import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, logIn, newPage, PHONE, screenshot } from './support/browser';

afterAll(closeBrowser);

describe('signing up for a pool from the league page', () => {
  it('opens the sign-up modal from SIGN UP!, and Your Status then shows the lives', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'drew');
    await page.goto('/league/ala');
    const row = page.getByRole('row', { name: /NBA 2023/ });
    // The header's picks-due badge, read before and right after the sign-up.
    const badge = page.getByRole('banner').getByRole('link', { name: /^\d+ picks? due$/ });
    const dueCount = async () =>
      (await badge.count()) === 0 ? 0 : Number.parseInt((await badge.getAttribute('aria-label')) ?? '', 10);
    const read = await page.request.get('/api/me/picks-due');
    const dueBefore = ((await read.json()) as { due: unknown[] }).due.length;
    await expect.poll(dueCount).toBe(dueBefore);
    await row.getByRole('button', { name: 'SIGN UP!' }).click();
    const dialog = page.getByRole('dialog', { name: /Sign up for NBA/ });
    await dialog.getByText('Buy-in:').waitFor();
    await dialog.getByRole('checkbox', { name: 'Join the performance bonus pool' }).check();
    await screenshot(page, 'pool-sign-up-modal');
    await dialog.getByRole('button', { name: 'CONFIRM SIGN UP' }).click();
    await page.getByText("You're in! Good luck this season.").waitFor();
    await row.getByText('3 lives').waitFor();
    // The new entry owes its pick at once, not at the next minute's refresh.
    await expect.poll(dueCount, { timeout: 5_000 }).toBe(dueBefore + 1);
    await context.close();
  });

  it('shows the server refusal in the modal on a phone', async () => {
    const { context, page } = await newPage(PHONE);
    await logIn(page, 'avery');
    await page.goto('/league/ala');
    // On a phone each pool is a card (a named group) rather than a table row.
    const row = page.getByRole('group', { name: 'NBA 2023' });
    expect(await page.getByRole('table').count()).toBe(0);
    // Someone signs avery up elsewhere meanwhile: the pool allows one entry, so the modal shows the refusal.
    const poolId = await page.evaluate(async () => {
      const league = await (await fetch('/leagueRoutes/fetchLeague/abb/ala')).json();
      return league.pools.find((p: { game: string; season: number }) => p.game === 'nba' && p.season === 2023)
        .id;
    });
    await row.getByRole('button', { name: 'SIGN UP!' }).click();
    const signedElsewhere = await page.request.post('/user/regForGame', { data: { pool_id: poolId } });
    if (signedElsewhere.status() !== 201) throw new Error(await signedElsewhere.text());
    const dialog = page.getByRole('dialog', { name: /Sign up for NBA/ });
    await dialog.getByRole('button', { name: 'CONFIRM SIGN UP' }).click();
    await dialog
      .getByRole('alert')
      .getByText('You already have the maximum of 1 entry in this pool.')
      .waitFor();
    await screenshot(page, 'pool-sign-up-refused-phone');
    await context.close();
  });
});
