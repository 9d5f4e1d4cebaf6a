import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { BASE_URL, closeBrowser, logIn, PHONE, screenshot, uniqueName } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

/** Registers and confirms a fresh account through the API; the context keeps its session cookie. */
async function registerFresh(page: Page, prefix: string): Promise<string> {
  const username = uniqueName(prefix);
  await registerConfirmed(page, {
    username,
    nameFirst: 'Fresh',
    nameLast: prefix,
    password: 'fresh-password',
  });
  return username;
}

/** A five-character abbreviation nobody has. */
function uniqueAbb(): string {
  return `Z${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
}

describe('pools and leagues hub', () => {
  it('redirects /leagues to All Pools, keeps filters in the address and disables My when logged out', async () => {
    const { context, page } = await newPage();
    await page.goto('/leagues');
    await page.waitForURL((url) => url.pathname === '/leagues/allpools');
    await page.getByRole('heading', { name: 'All Pools', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'POOLS' }).waitFor();
    expect(await page.getByRole('radio', { name: 'My Pools' }).isDisabled()).toBe(true);
    await page.locator('label').filter({ hasText: /^MLB$/ }).click();
    await page.waitForURL((url) => url.pathname === '/leagues/allpools/mlb');
    await page.getByRole('cell', { name: 'MLB', exact: true }).first().waitFor();
    await screenshot(page, 'hub-allpools-desktop');

    await page.getByRole('tab', { name: 'LEAGUES' }).click();
    await page.waitForURL((url) => url.pathname === '/leagues/find');
    await page.getByRole('link', { name: 'Sunday Squad' }).waitFor();
    // Hidden leagues never reach outsiders.
    expect(await page.getByText('High Rollers').count()).toBe(0);
    await screenshot(page, 'hub-find-desktop');

    await page.getByRole('tab', { name: 'CREATE A POOL' }).click();
    await page.waitForURL((url) => url.pathname === '/leagues/createpool');
    await page.getByText('You must be logged in to configure pool options.', { exact: false }).waitFor();
    await page.getByRole('tab', { name: 'CREATE A LEAGUE' }).click();
    await page.getByText('You must be logged in to create a league.').waitFor();
    await context.close();
  });

  it('shows my pools for a member and the empty state when a list is empty', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'jordan');
    await page.goto('/leagues/allpools/all/my');
    expect(await page.getByRole('radio', { name: 'My Pools' }).isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.route('**/leagueRoutes/allPools**', (route) => route.fulfill({ json: [] }));
    await page.goto('/leagues/allpools/nba/my');
    await page.getByText('No pools found').waitFor();
    await screenshot(page, 'hub-allpools-empty');
    await page.unroute('**/leagueRoutes/allPools**');

    await page.goto('/leagues/find');
    const squad = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sunday Squad' }) });
    await squad.getByText("You're a member").waitFor();

    // Payments & Prizes: the prize jordan won in the concluded MLB 2022 pool.
    await page.goto('/profile');
    const prize = page.getByRole('row').filter({ hasText: 'MLB 2022 (A Level Above): champion' });
    await prize.getByRole('cell', { name: '$610' }).waitFor();
    await screenshot(page, 'profile-prizes-desktop');
    await context.close();
  });

  it('shows the hub on a phone', async () => {
    const { context, page } = await newPage(PHONE);
    await logIn(page, 'taylor');
    await page.goto('/leagues/allpools');
    // A phone gets one card per pool instead of a nine-column table.
    const squadPool = page.getByRole('group', { name: 'MLB 2023 · Sunday Squad' });
    await squadPool.getByText('Open For Entry').or(squadPool.getByText('In Progress')).waitFor();
    await squadPool.getByText('Insurance Not Offered', { exact: false }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'hub-allpools-phone');
    await page.goto('/leagues/find');
    const office = page.getByRole('group', { name: 'Office Pool' });
    await office.getByRole('link', { name: 'Office Pool' }).waitFor();
    await office.getByText("You're a member").waitFor();
    await screenshot(page, 'hub-find-phone');
    await page.goto('/leagues/create');
    await page.getByRole('button', { name: 'CREATE LEAGUE' }).waitFor();
    await screenshot(page, 'hub-create-phone');
    await context.close();
  });
});

describe('creating a league and inviting a friend', () => {
  it('validates the form, shows the server error, creates the league and lets an invitee join', async () => {
    const owner = await newPage();
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const ownerName = await registerFresh(owner.page, 'own');
    const { page } = owner;
    await page.goto('/leagues/create');
    const submit = page.getByRole('button', { name: 'CREATE LEAGUE' });
    expect(await submit.isDisabled()).toBe(true);

    const name = page.getByRole('textbox', { name: 'League name' });
    await name.focus();
    await name.blur();
    await page.getByText("You must include your league's name").waitFor();
    await name.fill('x'.repeat(41));
    await page.getByText("Your league's name cannot be longer than 40 characters").waitFor();
    const abb = page.getByRole('textbox', { name: 'Abbreviation' });
    await abb.fill('A B');
    await abb.blur();
    await page.getByText("Your league's abbreviation can only include alphanumeric characters").waitFor();
    await abb.fill('TOOLONG');
    await page.getByText("Your league's abbreviation cannot be longer than 5 characters").waitFor();
    const logo = page.getByRole('textbox', { name: 'Logo URL' });
    await logo.fill('not a url');
    await logo.blur();
    await page.getByText('The URL you have provided is invalid. Please try again.').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'create-league-errors');

    // Private by default; hiding is only offered to a private league.
    expect(await page.getByRole('switch', { name: 'Open for Public Entry' }).isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Hide this league' }).waitFor();
    const publicEntry = page.getByRole('switch', { name: 'Open for Public Entry' });
    await publicEntry.dispatchEvent('click');
    expect(await page.getByRole('switch', { name: 'Hide this league' }).count()).toBe(0);
    await publicEntry.dispatchEvent('click');
    await page.getByRole('switch', { name: 'Hide this league' }).waitFor();

    await logo.fill('');
    await name.fill('Taken Abbreviation League');
    await abb.fill('SQUAD');
    await submit.click();
    await page.getByRole('alert').getByText('That league abbreviation is already taken').waitFor();

    const leagueName = `Friends ${ownerName.slice(-6)}`;
    const leagueAbb = uniqueAbb();
    await name.fill(leagueName);
    await abb.fill(leagueAbb);
    await page.getByRole('textbox', { name: 'Description' }).fill('A league made by the browser test.');
    await submit.click();
    await page.waitForURL((url) => url.pathname === `/league/${leagueAbb}`);
    await page.getByText('You are a member of this league.').waitFor();
    await page.getByRole('link', { name: '1 member', exact: true }).waitFor();
    await page.getByText("Your league's trophies will appear here once a pool has concluded.").waitFor();

    const inviteBox = page.getByRole('textbox', { name: 'Invite link' });
    const inviteUrl = await inviteBox.inputValue();
    expect(inviteUrl).toMatch(/\/invite\/league\/[A-Za-z0-9_-]+$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);
    await screenshot(page, 'league-home-desktop');

    // Invite by e-mail: a bad address, then a good one.
    const emailBox = page.getByRole('textbox', { name: 'Invite by email' });
    await emailBox.fill('not-an-email');
    await page.getByRole('button', { name: 'INVITE', exact: true }).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByText('Please enter a valid email address.').waitFor({ state: 'hidden', timeout: 15_000 });
    await emailBox.fill(`friend-${ownerName}@example.com`);
    await page.getByRole('button', { name: 'INVITE', exact: true }).click();
    await page.getByText('INVITATION SENT!').waitFor();

    // A visitor with the link is asked to log in.
    const invitePath = new URL(inviteUrl).pathname;
    const visitor = await newPage();
    await visitor.page.goto(invitePath);
    await visitor.page
      .getByRole('heading', { name: `You have been invited to join ${leagueName}!` })
      .waitFor();
    await visitor.page.getByRole('main').getByRole('button', { name: 'LOG IN' }).waitFor();
    await screenshot(visitor.page, 'invite-visitor-desktop');
    await visitor.context.close();

    // A fresh user accepts.
    const friend = await newPage(PHONE);
    const friendName = await registerFresh(friend.page, 'frd');
    await friend.page.goto(invitePath);
    await friend.page
      .getByRole('heading', { name: `You have been invited to join ${leagueName}!` })
      .waitFor();
    await friend.page.getByText(ownerName).first().waitFor();
    await screenshot(friend.page, 'invite-phone');
    await friend.page.getByRole('button', { name: 'CLICK HERE to join' }).click();
    await friend.page.waitForURL((url) => url.pathname === `/league/${leagueAbb}`);
    await friend.page.getByText('You are a member of this league.').waitFor();
    await screenshot(friend.page, 'league-home-phone');
    // A member following the link again goes straight to the league.
    await friend.page.goto(invitePath);
    await friend.page.waitForURL((url) => url.pathname === `/league/${leagueAbb}`);
    await friend.context.close();

    // A fresh load: the owner's page has not refetched since the friend joined.
    await page.goto(`/league/${leagueAbb}`);
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL((url) => url.pathname === `/league/${leagueAbb}/members`);
    await page.getByRole('heading', { name: '2 Members' }).waitFor();
    await page.getByRole('cell', { name: ownerName, exact: true }).waitFor();
    await page.getByRole('cell', { name: friendName, exact: true }).waitFor();
    await page.getByRole('cell', { name: `Fresh frd` }).waitFor();
    await screenshot(page, 'league-members-desktop');
    // The search runs on the server (a big league's members come a page at a time).
    await page.getByRole('textbox', { name: 'Search members' }).fill(friendName);
    await page.getByText('1 member matches').waitFor();
    await page.getByRole('cell', { name: friendName, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Search members' }).fill('nobody-like-this');
    await page.getByText('No member matches the search.').waitFor();

    await page.getByRole('tab', { name: 'Rankings' }).click();
    await page.getByText('Coming Soon - This page is under construction.').waitFor();
    await page.getByRole('tab', { name: 'Create Pool' }).click();
    await page.getByText(/Your pool will start in Week \d+/).waitFor();
    await owner.context.close();
  });
});

describe('league tabs for members and commissioners', () => {
  it('saves a member setting with a toast; Save is disabled until something changes', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'taylor');
    await page.goto('/league/OFFCE/settings');
    await page.getByRole('heading', { name: 'Your League Settings' }).waitFor();
    const save = page.getByRole('button', { name: 'Save Settings' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'New League Pool Created' }).dispatchEvent('click');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('Your settings for this league have been successfully updated.').waitFor();
    await page.getByText('League Settings Saved').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'league-settings-desktop');
    await context.close();
  });

  it('lets a commissioner edit details and e-mail the league', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'taylor');
    await page.goto('/league/OFFCE/commishtools');
    await page.getByRole('tab', { name: 'League Details' }).waitFor();
    const save = page.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    const name = page.getByRole('textbox', { name: 'League name' });
    await name.fill('');
    await name.blur();
    await page.getByText('League name is required').waitFor();
    await name.fill('Office Pool');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill(`Open to the whole building (${Date.now()}).`);
    await save.click();
    await page.getByText('Your league details have been updated successfully.').waitFor();
    await screenshot(page, 'commish-details-desktop');

    await page.getByRole('tab', { name: 'Email League' }).click();
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await page.getByText("You didn't include a subject for your email!").waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Draft night');
    await submit.click();
    await page.getByText("You didn't include anything in the body of your email!").waitFor();
    await page.getByRole('textbox', { name: 'Email body' }).click();
    await page.keyboard.type('See you all on ');
    await page.getByRole('button', { name: 'BOLD' }).click();
    await page.keyboard.type('Friday');
    await screenshot(page, 'commish-email-desktop');
    await submit.click();
    await page.getByText('Your email has been sent successfully!').waitFor();
    await page.getByText('Email sent!').waitFor();
    await context.close();
  });

  it('a private league request is approved in Requests to Join; a rejected one can be reopened', async () => {
    const applicant = await newPage();
    const applicantName = await registerFresh(applicant.page, 'req');
    await applicant.page.goto('/league/SQUAD');
    await applicant.page.getByText('This feature is hidden to users outside the league.').waitFor();
    // A private league's pools are locked rows to outsiders: a lock, the name, no link.
    await applicant.page.getByLabel('Members only').first().waitFor();
    expect(await applicant.page.getByRole('link', { name: 'MLB 2023' }).count()).toBe(0);
    await applicant.page.getByRole('button', { name: 'REQUEST TO JOIN' }).click();
    await applicant.page.getByText("Your request has been sent to this league's Commissioner.").waitFor();

    const admin = await newPage();
    await logIn(admin.page, 'jordan');
    await admin.page.goto('/league/SQUAD/commishtools');
    await admin.page.getByRole('tab', { name: 'Requests to Join' }).click();
    await admin.page.getByRole('cell', { name: applicantName, exact: true }).waitFor();
    await screenshot(admin.page, 'commish-requests-desktop');
    await admin.page.getByRole('button', { name: `Approve ${applicantName}` }).click();
    const row = admin.page
      .getByRole('row')
      .filter({ has: admin.page.getByRole('cell', { name: applicantName, exact: true }) });
    await row.getByText('Approved').waitFor();

    await admin.page.getByRole('button', { name: 'Reject blake' }).click();
    await admin.page.getByRole('button', { name: 'Reopen blake' }).click();
    await admin.page.getByRole('button', { name: 'Approve blake' }).waitFor();
    await admin.context.close();

    await applicant.page.reload();
    await applicant.page.getByText('You are a member of this league.').waitFor();
    await applicant.page.getByRole('link', { name: 'MLB 2023' }).waitFor();
    await applicant.page.getByRole('tab', { name: 'Settings' }).waitFor();
    expect(await applicant.page.getByRole('tab', { name: 'Commish Tools' }).count()).toBe(0);
    await applicant.context.close();
  });

  it('shows the commissioner tools on a phone', async () => {
    const { context, page } = await newPage(PHONE);
    await logIn(page, 'jordan');
    await page.goto('/league/SQUAD/commishtools');
    await page.getByRole('tab', { name: 'Requests to Join' }).click();
    // A phone shows each request as a card with its decision buttons in view.
    const blake = page.getByRole('group', { name: /from blake$/ });
    await blake.getByText('Blake Okafor', { exact: false }).waitFor();
    await blake
      .getByRole('button', { name: /blake$/ })
      .first()
      .waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'commish-requests-phone');
    await page.getByRole('tab', { name: 'Email League' }).click();
    await page.getByRole('textbox', { name: 'Email body' }).waitFor();
    await screenshot(page, 'commish-email-phone');
    await page.goto('/league/SQUAD/members');
    await page.getByRole('heading', { name: /Members$/ }).waitFor();
    const founder = page.getByRole('group', { name: 'jordan' });
    await founder.getByText('Admin').waitFor();
    await founder.getByText('Jordan Reyes', { exact: false }).waitFor();
    await screenshot(page, 'league-members-phone');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Your League Settings' }).waitFor();
    await screenshot(page, 'league-settings-phone');
    await context.close();
  });
});

describe('league tabs by address', () => {
  const selected = (page: Page, name: string) => page.getByRole('tab', { name, selected: true }).waitFor();

  it('opens each tab at its own address, Home for the league itself or an unknown tab', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'jordan');
    const tabs: [string, string, (page: Page) => Promise<void>][] = [
      ['', 'League Home', (p) => p.getByText('You are a member of this league.').waitFor()],
      ['/createpool', 'Create Pool', (p) => p.getByText(/Your pool will start in Week \d+/).waitFor()],
      ['/members', 'Members', (p) => p.getByRole('heading', { name: /Members$/ }).waitFor()],
      [
        '/rankings',
        'Rankings',
        (p) => p.getByText('Coming Soon - This page is under construction.').waitFor(),
      ],
      ['/settings', 'Settings', (p) => p.getByRole('heading', { name: 'Your League Settings' }).waitFor()],
      ['/commishtools', 'Commish Tools', (p) => p.getByRole('tab', { name: 'League Details' }).waitFor()],
      // A tab's address with more beneath it still opens the tab.
      ['/members/extra', 'Members', (p) => p.getByRole('heading', { name: /Members$/ }).waitFor()],
    ];
    for (const [suffix, name, ready] of tabs) {
      await page.goto(`/league/SQUAD${suffix}`);
      await selected(page, name);
      await ready(page);
    }
    // An unknown tab shows Home at the address asked for.
    await page.goto('/league/SQUAD/nosuchtab');
    await selected(page, 'League Home');
    await page.getByText('You are a member of this league.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/league/SQUAD/nosuchtab');

    // Tabs move the address, and Back returns to the tab before.
    await page.goto('/league/SQUAD');
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL((url) => url.pathname === '/league/SQUAD/members');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/league/SQUAD/settings');
    await page.getByRole('heading', { name: 'Your League Settings' }).waitFor();
    await page.goBack();
    await selected(page, 'Members');
    await page.getByRole('tab', { name: 'League Home' }).click();
    await page.waitForURL((url) => url.pathname === '/league/SQUAD');
    await page.getByText('You are a member of this league.').waitFor();
    await context.close();
  });

  it("refuses a visitor the Commish Tools' address in words and shows Home", async () => {
    const { context, page } = await newPage();
    // The league's own address is rendered on the server with its Home tab open (the browser contexts of
    // these tests ask for the plain app, so the page is fetched without their cookie).
    const html = await (await fetch(new URL('/league/ala', BASE_URL))).text();
    expect(html).toContain('<script type="application/json" id="ala-ssr">');
    expect(html).toMatch(/<button[^>]*aria-selected="true"[^>]*>(?:(?!<\/button>).)*League Home/);
    await page.goto('/league/ala/commishtools');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Commish Tools are for commissioners' })
      .getByText("Log in as one of this league's commissioners", { exact: false })
      .waitFor();
    await selected(page, 'League Home');
    expect(await page.getByRole('tab', { name: 'Commish Tools' }).count()).toBe(0);
    await context.close();
  });
});

describe('leagues that are missing or hidden', () => {
  it('sends an unknown league to the out-of-bounds page', async () => {
    const { context, page } = await newPage();
    await page.goto('/league/NOPE9');
    await page.waitForURL((url) => url.pathname === '/league/error/notfound');
    await page.getByText("YOU'RE OUT OF BOUNDS.").waitFor();
    await page.getByText('No league was found matching these parameters.').waitFor();
    await page.getByRole('link', { name: 'Back to the Leagues page' }).waitFor();
    await screenshot(page, 'league-notfound-desktop');
    await page.goto('/league/ala');
    await page.getByText('A Level Above').first().waitFor();
    await page.goto('/invite/league/not-a-real-code');
    await page.getByText("YOU'RE OUT OF BOUNDS.").waitFor();
    expect(new URL(page.url()).pathname).toBe('/league/error/notfound');
    await context.close();
    const phone = await newPage(PHONE);
    await phone.page.goto('/league/error/notfound');
    await phone.page.getByText("YOU'RE OUT OF BOUNDS.").waitFor();
    await screenshot(phone.page, 'league-notfound-phone');
    await phone.context.close();
  });

  it('gates a hidden league: log in, request access, then check the profile', async () => {
    const visitor = await newPage();
    await visitor.page.goto('/league/HIGH');
    await visitor.page.getByText('This is a private league that you are not a member of.').waitFor();
    await visitor.page.getByText('sam', { exact: true }).waitFor();
    await visitor.page.getByRole('main').getByRole('button', { name: 'LOG IN' }).waitFor();
    expect(await visitor.page.getByRole('tab').count()).toBe(0);
    await screenshot(visitor.page, 'league-gate-desktop');
    await visitor.context.close();

    const outsider = await newPage(PHONE);
    await registerFresh(outsider.page, 'gat');
    await outsider.page.goto('/league/HIGH');
    await outsider.page.getByRole('button', { name: 'Request Access' }).click();
    await outsider.page.getByText("Your request has been sent to this league's Commissioner.").waitFor();
    await screenshot(outsider.page, 'league-gate-phone');
    await outsider.page.reload();
    await outsider.page.getByRole('link', { name: 'User Profile page' }).waitFor();
    await outsider.page.goto('/profile');
    await outsider.page.getByText('Asked to join').waitFor();
    await screenshot(outsider.page, 'profile-activity-phone');
    await outsider.context.close();

    const member = await newPage();
    await logIn(member.page, 'riley');
    await member.page.goto('/league/HIGH');
    await member.page.getByText('You are a member of this league.').waitFor();
    await member.context.close();
  });
});
