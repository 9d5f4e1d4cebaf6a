import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { closeBrowser, DEMO_PASSWORD, PHONE, screenshot, uniqueName } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const NBA_GLOBAL = '/nba/ala/2023/reg/0';
const SQUAD_MLB = '/mlb/SQUAD/2023/reg/0';
const MLB_GLOBAL = '/mlb/ala/2023/reg/0';
/** A concluded season of the demo: its commissioner crowned jordan. */
const MLB_2022 = '/mlb/ala/2022/reg/0';
/** The demo's pools of the end rule: a last survivor crowned, and a wipeout revived. */
const LAST_ONE_STANDING = '/mlb/OFFCE/2023/reg/0';
const EVERYBODY_BACK = '/mlb/OFFCE/2023/reg/1';

async function logInByApi(page: Page, username: string): Promise<void> {
  const response = await page.request.post('/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
}

/** Registers a fresh account and confirms its address through the mailed link; the context is then signed in. */
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

async function visibleTabs(page: Page): Promise<string[]> {
  await page.getByRole('tab', { name: 'Home' }).waitFor();
  return page.getByRole('tab').allInnerTexts();
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('the pool page (%s)', (label, viewport) => {
  it('shows a visitor the banner, the global notice, the pool details with a login box, and How to play', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(NBA_GLOBAL);
    await page.getByRole('heading', { name: 'NBA SURVIVOR 2023', level: 1 }).waitFor();
    await page.getByText('This is the global public pool').first().waitFor();
    const tabs = await visibleTabs(page);
    expect(tabs).toEqual([
      'Home',
      'How to play',
      'Make picks',
      'Scoreboard',
      'Standings',
      'Bonuses',
      'Finances',
    ]);
    const details = page.getByRole('heading', { name: 'Pool Details' });
    await details.waitFor();
    await page.getByText('If all still in lose this week').waitFor();
    await page
      .getByRole('group', { name: 'Log in to play' })
      .getByRole('button', { name: 'LOG IN' })
      .waitFor();
    await page.getByRole('heading', { name: 'Pool Selections' }).waitFor();
    expect(await page.getByRole('heading', { name: /Your Selections/ }).count()).toBe(0);
    await screenshot(page, `pool-home-visitor-${label}`);

    await page.getByRole('tab', { name: 'How to play' }).click();
    await page.waitForURL((url) => url.pathname === `${NBA_GLOBAL}/howtoplay`);
    await page.getByRole('heading', { name: 'THE BASICS' }).waitFor();
    await page.getByRole('heading', { name: "THIS POOL'S CUSTOM SETTINGS" }).waitFor();
    await page.getByRole('heading', { name: 'PERFORMANCE BONUSES' }).waitFor();
    // The end rule in words: this pool splits a wipeout and crowns by its commissioner (made before the rule).
    const ends = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'HOW THE POOL ENDS' }) })
      .last();
    expect(await ends.innerText()).toContain(
      'If every entry still in goes out in the same week, those entries split the prize.',
    );
    await screenshot(page, `pool-howtoplay-${label}`);

    await page.getByRole('tab', { name: 'Standings' }).click();
    await page.getByRole('heading', { name: 'Standings', level: 2 }).waitFor();
    await context.close();
  });

  it('shows a pool its end rule decided: the last survivor and why, on every tab', async () => {
    const { context, page } = await newPage(viewport);
    for (const tab of ['', '/makepicks', '/standings']) {
      await page.goto(`${LAST_ONE_STANDING}${tab}`);
      const ended = page.getByRole('alert').filter({ hasText: 'This pool has ended' });
      await ended.waitFor();
      const text = await ended.innerText();
      expect(text).toContain('Champion: taylor');
      expect(text).toContain("By the pool's end rule: last survivor after week 25.");
    }
    await screenshot(page, `pool-ended-by-rule-${label}`);
    // The wipeout that revived its entries is news on its pool's Home.
    await page.goto(EVERYBODY_BACK);
    await page.getByText('3 entries come back with 1 life').first().waitFor();
    await context.close();
  });

  it("shows a visitor a private league's pool as members only, without its picks", async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(`${SQUAD_MLB}/standings`);
    await page.getByRole('heading', { name: 'This pool is for league members' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Standings' }).count()).toBe(0);
    await page.getByRole('link', { name: 'See the league and ask to join' }).waitFor();
    // The page the server renders for a visitor carries none of the pool's answers either.
    const served = await (await fetch(new URL(`${SQUAD_MLB}/standings`, page.url()))).text();
    expect(served).toContain('id="ala-ssr"');
    expect(served).not.toContain('"queryKey":["pool"');
    await screenshot(page, `pool-members-only-${label}`);
    await context.close();
  });

  it('shows a concluded pool has ended and who won, on Home, Make picks and Standings', async () => {
    const { context, page } = await newPage(viewport);
    for (const tab of ['', '/makepicks', '/standings']) {
      await page.goto(`${MLB_2022}${tab}`);
      const ended = page.getByRole('alert').filter({ hasText: 'This pool has ended' });
      await ended.waitFor();
      expect(await ended.innerText()).toContain('Champion: jordan');
    }
    await screenshot(page, `pool-ended-${label}`);
    await context.close();
  });

  it('opens Pool Selections’ entries a page at a time, searched on the server', async () => {
    const { context, page } = await newPage(viewport);
    const asked: URL[] = [];
    // The demo pool fits on one page: the answers say there are more, so the pager and the search show.
    await page.context().route('**/api/selections/all/**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.total = 200;
      await route.fulfill({ response, json: body });
    });
    page.on('request', (request) => {
      if (request.url().includes('/api/selections/all/')) asked.push(new URL(request.url()));
    });
    await page.goto(MLB_GLOBAL);
    const card = page
      .getByRole('heading', { name: 'Pool Selections' })
      .locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")]');
    await card.getByRole('button', { name: 'Show entries’ picks' }).click();
    const list = card.getByRole('table', { name: /picks by entry/ });
    await list.waitFor();
    expect(await list.getByRole('row').count()).toBeGreaterThan(1);
    const pager = card.getByRole('navigation', { name: 'Pool Selections pages' });
    await pager.getByRole('button', { name: 'Page 8' }).waitFor();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => asked.some((url) => url.searchParams.get('page') === '2')).toBe(true);
    await card.getByRole('textbox', { name: 'Search entries' }).fill('jord');
    await expect.poll(() => asked.some((url) => url.searchParams.get('q') === 'jord')).toBe(true);
    await list.getByRole('cell', { name: 'jordan', exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `pool-selections-paged-${label}`);
    await context.close();
  });

  it("shows a league player their entry, their selections and the league's notice, without Commish tools", async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    await page.getByRole('heading', { name: 'MLB SURVIVOR 2023', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Sunday Squad' }).first().waitFor();
    const global = page.getByRole('link', { name: 'Go to the global public pool' });
    expect(await global.getAttribute('href')).toBe('/mlb/ala/2023/reg/0');
    expect(await visibleTabs(page)).not.toContain('Commish tools');
    await page.getByRole('heading', { name: 'Your Selections · sam' }).waitFor();
    await page.getByRole('img', { name: /of 3 lives/ }).waitFor();
    // The quickview folds away and back.
    const toggle = page.getByRole('button', { name: 'Hide', exact: true });
    await toggle.click();
    await page.getByRole('button', { name: 'Show', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Show', exact: true }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('button', { name: 'Hide', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'sam' }).waitFor();
    await screenshot(page, `pool-home-player-${label}`);
    // Going to the admins' tab by address falls back to Home.
    await page.goto(`${SQUAD_MLB}/commishtools`);
    await page.getByRole('tab', { name: 'Home', selected: true }).waitFor();
    await context.close();
  });

  it('gives a league admin the Commish tools tab', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'jordan');
    await page.goto(`${SQUAD_MLB}/commishtools`);
    await page.getByRole('tab', { name: 'Commish tools', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Pool Settings', selected: true }).waitFor();
    await screenshot(page, `pool-commish-${label}`);
    await context.close();
  });

  it('answers an unknown pool index, league or season with the not-found page', async () => {
    const { context, page } = await newPage(viewport);
    for (const path of [
      '/nba/ala/2023/reg/7',
      '/nba/NOPE/2023/reg/0',
      '/nba/ala/1999/reg/0',
      '/nba/ala/2023/xyz/0',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }
    await context.close();
  });
});

describe('an NFL Survivor pool', () => {
  it('says its rules in words on Home and How to play, and that it has no bonus pool', async () => {
    const { context, page } = await newPage(PHONE);
    // The Sunday Squad's pool: ties win, weeks 4 and 12 ask two teams, no insurance, no auto-pick.
    await logInByApi(page, 'riley');
    await page.goto('/nfl/SQUAD/2023/reg/0');
    await page.getByRole('heading', { name: 'NFL SURVIVOR 2023', level: 1 }).waitFor();
    const details = page.locator('dl');
    for (const [term, words] of [
      ['Picks', 'One team a week, each team once a season'],
      ['Multi-pick weeks', 'Weeks 4 and 12: 2 picks, all must win'],
      ['Ties', 'A tie counts as a win'],
      ['Auto-pick', 'Off'],
      ['Missed pick', 'Counts as a loss'],
      ['Deadline', 'Last Game; each pick locks at its kickoff'],
      ['Picks shown', "At each week's deadline"],
      ['Bonus pool', 'Not offered'],
    ]) {
      const row = details
        .locator('div')
        .filter({ has: page.getByText(term, { exact: true }) })
        .last();
      expect((await row.locator('dd').innerText()).trim()).toBe(words);
    }
    await screenshot(page, 'pool-home-nfl-survivor-phone');

    await page.getByRole('tab', { name: 'How to play' }).click();
    const basics = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'THE BASICS' }) })
      .last();
    await basics.getByText('Each week, pick one NFL team to win its game.', { exact: false }).waitFor();
    const words = await basics.innerText();
    expect(words).toContain('Multi-pick weeks: Weeks 4 and 12: 2 picks, all must win.');
    expect(words).toContain('A tie counts as a win.');
    expect(words).toContain("Picks lock at the pool's weekly deadline: Last Game.");
    expect(words).toContain('Auto-pick is off in this pool. It counts as a losing pick.');
    expect(words).toContain("Other entrants' picks stay hidden until the week's deadline");

    await page.getByRole('tab', { name: 'Bonuses' }).click();
    await page.getByText('NFL Survivor pools offer no performance bonus pool').waitFor();
    await context.close();
  });
});

describe('signing up from the pool page', () => {
  it('signs a new player up from the Pool Details card; the entry then shows on Home', async () => {
    const { context, page } = await newPage();
    const username = await registerFresh(page, 'pool');
    await page.goto(NBA_GLOBAL);
    await page.getByRole('button', { name: 'SIGN UP!' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up for NBA 2023' });
    await dialog.getByText('Buy-in:').waitFor();
    await dialog.getByRole('button', { name: 'CONFIRM SIGN UP' }).click();
    await page.getByText("You're in! Good luck this season.").waitFor();
    await page.getByRole('heading', { name: `Your Selections · ${username}` }).waitFor();
    await page.getByRole('heading', { name: 'Your Entry', exact: true }).waitFor();
    // One entry is this pool's maximum: the button gives way to the reason.
    await page.getByText('You already have the maximum of 1 entry in this pool.').waitFor();
    expect(await page.getByRole('button', { name: /SIGN UP!|ADD ENTRY/ }).count()).toBe(0);
    await screenshot(page, 'pool-home-signed-up');
    await context.close();
  });

  it('signs up on a phone too', async () => {
    const { context, page } = await newPage(PHONE);
    await registerFresh(page, 'poolp');
    await page.goto(NBA_GLOBAL);
    await page.getByRole('button', { name: 'SIGN UP!' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'CONFIRM SIGN UP' }).click();
    await page.getByText("You're in! Good luck this season.").waitFor();
    await page.getByRole('img', { name: '3 of 3 lives' }).waitFor();
    await screenshot(page, 'pool-home-signed-up-phone');
    await context.close();
  });
});

describe('the Active Entry dropdown', () => {
  it('appears with two entries, switches Your Selections, and is remembered for the pool', async () => {
    const { context, page } = await newPage();
    await logInByApi(page, 'sam');
    // The demo pools allow one entry each: give sam a second entry in the page's data.
    await context.route('**/api/loadPool/**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const [first] = body.viewer.entries;
      body.viewer.entries.push({
        ...first,
        id: first.id + 100_000,
        entry_num: 2,
        label: 'sam [2]',
        lives: 1,
        picks: [],
      });
      await route.fulfill({ response, json: body });
    });
    await page.goto(SQUAD_MLB);
    const select = page.getByRole('combobox', { name: 'Active Entry' });
    await select.waitFor();
    expect(await select.inputValue()).toBe('sam');
    await page.getByRole('heading', { name: 'Your Selections · sam' }).waitFor();
    await select.click();
    await page.getByRole('option', { name: 'sam [2]' }).click();
    await page.getByRole('heading', { name: 'Your Selections · sam [2]' }).waitFor();
    await page.getByRole('img', { name: '1 of 3 lives' }).waitFor();
    await screenshot(page, 'pool-active-entry');
    await page.reload();
    await page.getByRole('heading', { name: 'Your Selections · sam [2]' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Active Entry' }).inputValue()).toBe('sam [2]');
    await context.close();
  });

  it('is not shown with one entry', async () => {
    const { context, page } = await newPage();
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    await page.getByRole('heading', { name: 'Your Selections · sam' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Active Entry' }).count()).toBe(0);
    await context.close();
  });
});

describe('the link to an earlier season', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])('leads only to a season the pool had, and says when it had none (%s)', async (label, viewport) => {
    const { context, page } = await newPage(viewport);
    // Neither the global NBA pool nor the Office Pool's second MLB pool ran in 2022: no link to a missing page.
    for (const path of [NBA_GLOBAL, EVERYBODY_BACK]) {
      await page.goto(path);
      await page.getByText('No earlier season').waitFor();
      expect(await page.getByRole('link', { name: /season \(/ }).count()).toBe(0);
    }
    await screenshot(page, `pool-home-no-earlier-season-${label}`);
    // The global MLB pool did: its link opens that season's pool page.
    await page.goto(MLB_GLOBAL);
    await page.getByRole('link', { name: 'Last season (2022)' }).click();
    await page.waitForURL((url) => url.pathname === '/mlb/ala/2022/reg/0');
    await page.getByRole('heading', { name: 'MLB SURVIVOR 2022', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await context.close();
  });
});
