import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { closeBrowser, newPage, PHONE, uniqueName } from './support/browser';

afterAll(closeBrowser);

// A double click on a button that changes something sends one request and reads as one success: the
// button joins the request in flight, and the server answers a repeat that still gets through as the
// first (decision 006).

const NBA_GLOBAL = '/nba/ala/2023/reg/0';

/** Counts the POSTs the page sends to a path. */
function countPosts(page: Page, path: string): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) count++;
  });
  return { count: () => count };
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('a double click (%s)', (_label, viewport) => {
  it('on CONFIRM SIGN UP, MAKE PICK and BUY INSURANCE reads success and does it once', async () => {
    const { context, page } = await newPage(viewport);
    const username = uniqueName('twice');
    await registerConfirmed(page, {
      username,
      nameFirst: 'Dou',
      nameLast: 'Ble',
      password: 'twice-password',
    });
    const signUps = countPosts(page, '/user/regForGame');
    const picks = countPosts(page, '/user/makeUserPick');
    const insurance = countPosts(page, '/user/buyInsurance');

    await page.goto(NBA_GLOBAL);
    await page.getByRole('button', { name: 'SIGN UP!' }).first().click();
    const signUp = page.getByRole('dialog', { name: /Sign up for/ });
    await signUp.getByRole('button', { name: 'CONFIRM SIGN UP' }).dblclick();
    await page.getByText("You're in! Good luck this season.").first().waitFor();
    await signUp.waitFor({ state: 'hidden' });
    const pool = await (await page.request.get('/api/loadPool/nba/ala/2023/0/reg')).json();
    expect(pool.viewer.entries).toHaveLength(1);
    expect(signUps.count()).toBe(1);

    await page.goto(`${NBA_GLOBAL}/makepicks`);
    await page.getByRole('heading', { name: 'Make Your Picks Here' }).waitFor();
    await page.getByRole('button', { name: 'SELECT', exact: true }).first().click();
    const pick = page.getByRole('dialog');
    await pick.getByRole('button', { name: 'MAKE PICK', exact: true }).dblclick();
    await pick.waitFor({ state: 'hidden' });
    await page.getByText('Pick saved', { exact: true }).first().waitFor();
    expect(await page.getByText('Pick not saved').count()).toBe(0);
    expect(picks.count()).toBe(1);

    await page.goto(NBA_GLOBAL);
    const card = page.getByRole('region', { name: `Manage Your Entry · ${username}` });
    await card.getByRole('button', { name: /^BUY INSURANCE/ }).click();
    const buy = page.getByRole('dialog', { name: 'Buy pick insurance' });
    await buy.getByRole('button', { name: 'BUY INSURANCE', exact: true }).dblclick();
    await buy.waitFor({ state: 'hidden' });
    await page
      .getByText(/Your picks are insured from Week \d+ for the rest of the season\./)
      .first()
      .waitFor();
    await card.getByText('YOUR PICKS ARE INSURED').waitFor();
    expect(await page.getByText('Not done').count()).toBe(0);
    expect(insurance.count()).toBe(1);
    await context.close();
  });
});
