import { afterAll, describe, expect, it } from 'vitest';
import { confirmationPath } from './support/accounts';
import { closeBrowser, logIn, newPage, PHONE, screenshot, uniqueName } from './support/browser';

afterAll(closeBrowser);

describe('what a new user tripped over', () => {
  it('keeps an e-mailed invitation through registration: confirming the address joins the league', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'commish');
    const squad = await (await page.request.get('/leagueRoutes/fetchLeague/abb/SQUAD')).json();
    const invitePath = new URL(squad.invite_url).pathname;
    await context.clearCookies();

    await page.goto(invitePath);
    await page.getByRole('heading', { name: 'You have been invited to join Sunday Squad!' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'LOG IN' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'CREATE ACCOUNT' }).click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.has('invite'));
    await page.getByText('You were invited to a league').waitFor();
    const username = uniqueName('inv');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ivy');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Invitee');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('invite-password');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('invite-password');
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    // Signed in at once; the league waits for the address to be confirmed.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Please confirm your e-mail address').waitFor();

    await page.goto(await confirmationPath(`${username}@example.com`));
    await page.getByText('You have joined Sunday Squad').waitFor();
    await screenshot(page, 'invite-confirmed-joined');
    await page.getByRole('link', { name: 'GO TO SUNDAY SQUAD' }).click();
    await page.waitForURL((url) => url.pathname === '/league/SQUAD');
    await page.getByText('You are a member of this league:').waitFor();
    expect(await page.getByText('Join this league to be notified').count()).toBe(0);
    await context.close();
  });

  it('reaches the game, Leagues and ALA menus on a phone, from the drawer', async () => {
    const { context, page } = await newPage(PHONE);
    await logIn(page, 'commish');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menus = page.getByRole('navigation', { name: 'Site menus' });
    await menus.getByText('NBA', { exact: true }).click();
    await menus.getByRole('link', { name: 'Global ALA Pool', disabled: false }).first().waitFor();
    await menus.getByText('Leagues', { exact: true }).click();
    await screenshot(page, 'phone-drawer-menus');
    await menus.getByRole('link', { name: 'Sunday Squad' }).click();
    await page.waitForURL((url) => url.pathname === '/league/SQUAD');
    await context.close();
  });

  it('pages and searches the outbox, its links clickable and its sign-in links hidden', async () => {
    const { context, page } = await newPage();
    // Someone registers jordan's address again: jordan gets a mail with a plain link to the site.
    const again = await page.request.post('/auth/register', {
      data: {
        nameFirst: 'Not',
        nameLast: 'Jordan',
        username: uniqueName('again'),
        email: 'jordan@example.com',
        password: 'again-password',
        passwordConfirm: 'again-password',
      },
    });
    expect(again.status()).toBe(202);
    await logIn(page, 'commish');
    await page.goto('/site-admin/outbox');
    await page.getByText(/ · page 1 of \d+/).waitFor();
    await page.getByRole('textbox', { name: 'Search the outbox' }).fill('Your ALA Survivor account');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Your ALA Survivor account');
    await page.getByText(/match(es)? · page 1 of/).waitFor();
    const link = page
      .getByRole('main')
      .getByRole('link', { name: new URL(page.url()).origin })
      .first();
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'outbox-search');
    // A confirmation mail is listed, but not the link that would sign its reader in.
    await page.getByRole('textbox', { name: 'Search the outbox' }).fill('Confirm your');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Confirm your');
    await page.getByText("[link hidden: only the recipient's own mail carries it]").first().waitFor();
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /\/verify-email\// })
        .count(),
    ).toBe(0);
    await context.close();
  });
});
