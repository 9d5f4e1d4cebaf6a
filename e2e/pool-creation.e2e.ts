import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, PHONE, retype, screenshot, uniqueName, waitUntilShown } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const LOGGED_OUT = 'You must be logged in to configure pool options.';
const SELECT_LEAGUE = 'You must select a league to configure pool options.';
const NO_UPCOMING = 'There are no upcoming pools available to activate.';

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('pool creation (%s)', (label, viewport) => {
  it('tells a visitor to log in, with the settings dimmed', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto('/leagues/createpool');
    await page.getByText(LOGGED_OUT).waitFor();
    expect(await page.getByRole('group', { name: 'Pool settings' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'REVIEW' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'pool creation');
    await screenshot(page, `pool-creation-visitor-${label}`);
    await context.close();
  });

  it('asks a player who runs no league to choose or create one', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto('/leagues/createpool/nba');
    await page.getByText(SELECT_LEAGUE).waitFor();
    await page.getByRole('button', { name: 'Create a new league' }).click();
    await page.getByRole('textbox', { name: 'League name' }).waitFor();
    expect(await page.getByRole('button', { name: 'REVIEW' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'pool creation');
    await screenshot(page, `pool-creation-no-league-${label}`);

    // Creating a league inline selects it and unlocks the settings.
    const abb = label === 'phone' ? 'SAMP' : 'SAMD';
    await page.getByRole('textbox', { name: 'League name' }).fill(`Sam's ${label} league`);
    await page.getByRole('textbox', { name: 'Abbreviation' }).fill(abb);
    await page.getByRole('button', { name: 'CREATE LEAGUE' }).click();
    await page.getByText(SELECT_LEAGUE).waitFor({ state: 'detached' });
    // The league list refetches after the creation: wait for the new league to be the selected one.
    await expect
      .poll(() => page.getByLabel('League', { exact: true }).first().inputValue())
      .toBe(`Sam's ${label} league (${abb})`);
    expect(await page.getByRole('group', { name: 'Pool settings' }).isDisabled()).toBe(false);
    // The address named the game.
    expect(await page.getByRole('radio', { name: 'NBA 2023' }).isChecked()).toBe(true);
    await context.close();
  });

  it('says when no season is open, and when the options cannot load', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'jordan');
    await page.route('**/api/poolCreation/options', (route) =>
      route.fulfill({ json: { seasons: [], leagues: [] } }),
    );
    await page.goto('/leagues/createpool');
    await page.getByText(NO_UPCOMING).waitFor();
    await expectNoAxeViolations(page, 'pool creation');
    await screenshot(page, `pool-creation-empty-${label}`);
    await page.unroute('**/api/poolCreation/options');
    await page.route('**/api/poolCreation/options', (route) =>
      route.fulfill({ status: 500, json: { message: 'The pool options are unavailable right now.' } }),
    );
    await page.reload();
    await page.getByText('The pool options are unavailable right now.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(page, `pool-creation-error-${label}`);
    await context.close();
  });

  it("starts a new pool from the league's previous pool of the game, still editable before Review", async () => {
    const { context, page } = await newPage(viewport);
    const username = uniqueName(`cp${label[0]}`);
    await registerConfirmed(page, {
      username,
      nameFirst: 'Copy',
      nameLast: 'Tester',
      password: 'copy-pass-2026',
    });
    const abb = `C${username.slice(-4)}`.toUpperCase();
    const created = await page.request.post('/leagueRoutes/createLeague', {
      data: { name: `Copy ${label} ${username.slice(-4)}`, abb },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { league } = (await created.json()) as { league: { id: number } };
    const options = (await (await page.request.get('/api/poolCreation/options')).json()) as {
      seasons: { game: string; game_name: string; season: number; season_type: string }[];
    };
    const season = options.seasons.find((s) => s.game === 'mlb' || s.game === 'nba') ?? options.seasons[0];
    // Last season's pool, as its commissioner set it up.
    const first = await page.request.post('/leagueRoutes/activatePool', {
      data: {
        league_id: league.id,
        season: season.season,
        season_type: season.season_type,
        settings: {
          game: season.game,
          custom_name: `Copy Me ${season.season}`,
          buyin: 1234,
          rebuys: 1,
          rebuy_price: 800,
          max_entries: 2,
        },
      },
    });
    expect(first.status(), await first.text()).toBe(201);

    await page.goto(`/league/${abb}/createpool`);
    await page.getByRole('group', { name: 'Pool settings' }).waitFor();
    await page.getByText(new RegExp(`^${season.game_name} ${season.season}$`)).click();
    const copyFrom = page.getByLabel('Start from a previous pool', { exact: true }).first();
    await copyFrom.click();
    await page.getByRole('option', { name: `Copy Me ${season.season} (${season.season})` }).click();
    await page.getByText(`Settings copied from Copy Me ${season.season} (${season.season}).`).waitFor();
    expect(await page.getByRole('textbox', { name: 'Pool name' }).inputValue()).toBe('Copy Me');
    expect(await page.getByRole('textbox', { name: 'Buy-in ($)' }).inputValue()).toBe('$12.34');
    expect(await page.getByRole('textbox', { name: 'Extra lives/rebuys' }).inputValue()).toBe('1');
    expect(await page.getByRole('textbox', { name: 'Rebuy price ($)' }).inputValue()).toBe('$8');
    expect(await page.getByRole('textbox', { name: 'Max entries per player' }).inputValue()).toBe('2');
    // Still editable: the copy is a starting point. A money field cleared with backspace stays empty while
    // typed into (it once snapped to $0 with the caret before the 0, so 10 made $100).
    await page.getByRole('textbox', { name: 'Pool name' }).fill(`Copy Me Again ${label}`);
    await retype(page.getByRole('textbox', { name: 'Buy-in ($)' }), '10');
    await retype(page.getByRole('textbox', { name: 'Rebuy price ($)' }), '7.5');
    expect(await page.getByRole('textbox', { name: 'Buy-in ($)' }).inputValue()).toBe('$10');
    await expectNoAxeViolations(page, 'pool creation');
    await screenshot(page, `pool-creation-copy-${label}`);

    await page.getByRole('button', { name: 'REVIEW' }).click();
    const review = page.getByRole('dialog', { name: 'Review your pool' });
    await review.getByText(`Copy Me ${season.season} (${season.season})`).waitFor();
    await review.getByText(`Copy Me Again ${label}`).waitFor();
    await review.getByRole('row', { name: 'Buy-in $10' }).waitFor();
    await review.getByRole('row', { name: 'Rebuy price $7.50' }).waitFor();
    await review.getByRole('button', { name: 'ACTIVATE POOL' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/${season.game}/${abb}/`), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Pool Details' }).waitFor();
    await context.close();
  });

  it('refuses an empty or 0 max entries, and sets each bonus on or off with its prize', async () => {
    const { context, page } = await newPage(viewport);
    const username = uniqueName(`bo${label[0]}`);
    await registerConfirmed(page, {
      username,
      nameFirst: 'Bonus',
      nameLast: 'Tester',
      password: 'bonus-pass-2026',
    });
    const abb = `B${username.slice(-4)}`.toUpperCase();
    const created = await page.request.post('/leagueRoutes/createLeague', {
      data: { name: `Bonus ${label} ${username.slice(-4)}`, abb },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const options = (await (await page.request.get('/api/poolCreation/options')).json()) as {
      seasons: { game: string; game_name: string; season: number }[];
    };
    // A game with a bonus pool: neither NFL game has one.
    const season = options.seasons.find((s) => s.game === 'mlb' || s.game === 'nba');
    expect(season).toBeDefined();
    if (!season) return;
    await page.goto(`/league/${abb}/createpool`);
    await page.getByRole('group', { name: 'Pool settings' }).waitFor();
    await page.getByText(new RegExp(`^${season.game_name} ${season.season}$`)).click();

    // Max entries: empty or 0 is an error the player sees, never a silent 1.
    const maxEntries = page.getByRole('textbox', { name: 'Max entries per player' });
    const review = page.getByRole('button', { name: 'REVIEW' });
    const message = 'Max entries must be a whole number from 1 to 100.';
    await maxEntries.fill('');
    await maxEntries.blur();
    await page.getByText(message).waitFor();
    expect(await review.isDisabled()).toBe(true);
    await maxEntries.fill('0');
    await maxEntries.blur();
    await page.getByText(message).waitFor();
    expect(await maxEntries.inputValue()).toBe('0');
    expect(await review.isDisabled()).toBe(true);
    await screenshot(page, `pool-creation-max-entries-${label}`);
    await maxEntries.fill('3');
    await expect.poll(() => page.getByText(message).count()).toBe(0);
    expect(await review.isDisabled()).toBe(false);

    // The bonus pool offers every bonus, on at its default prize, as Pool Settings does.
    await page.getByRole('switch', { name: 'Bonus pool' }).check({ force: true });
    const bonuses = page.getByRole('list', { name: 'Bonus options' });
    await bonuses.waitFor();
    const actives = bonuses.getByRole('checkbox', { name: / active$/ });
    expect(await actives.count()).toBe(season.game === 'nba' ? 9 : 7);
    for (const box of await actives.all()) expect(await box.isChecked()).toBe(true);
    const [first, second] = (await actives.all()).slice(0, 2);
    const off = ((await first.getAttribute('aria-label')) ?? '').replace(/ active$/, '');
    const raised = ((await second.getAttribute('aria-label')) ?? '').replace(/ active$/, '');
    await first.uncheck({ force: true });
    const prize = bonuses.getByRole('textbox', { name: `${raised} prize` });
    await retype(prize, '2.5');
    await expectNoAxeViolations(page, 'pool creation');
    await screenshot(page, `pool-creation-bonuses-${label}`);

    await review.click();
    const dialog = page.getByRole('dialog', { name: 'Review your pool' });
    await dialog.getByText(`${raised} $2.50`, { exact: false }).waitFor();
    expect(await dialog.getByText(off, { exact: false }).count()).toBe(0);
    await screenshot(page, `pool-creation-bonuses-review-${label}`);
    await dialog.getByRole('cell', { name: '3', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'ACTIVATE POOL' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/${season.game}/${abb}/`), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Pool Details' }).waitFor();

    // How to play lists what the pool was created with.
    await page.goto(`${new URL(page.url()).pathname}/howtoplay`);
    const table = page.getByRole('heading', { name: 'PERFORMANCE BONUSES' }).locator('..');
    await table.getByRole('row', { name: `${raised} $2.50` }).waitFor();
    expect(await table.getByRole('row', { name: off }).count()).toBe(0);
    await context.close();
  });

  it("lets jordan, Sunday Squad's commissioner, review and activate an NBA pool and land on its home", async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'jordan');
    await page.goto('/league/SQUAD/createpool');
    await page.getByRole('group', { name: 'Pool settings' }).waitFor();
    expect(await page.getByText(SELECT_LEAGUE).count()).toBe(0);
    await page.getByText(/^NBA 2023$/).click();
    await page.getByText(/Your pool will start in Week \d+ of the NBA season\./).waitFor();
    // Defaults of spec 2 section 9.
    expect(await page.getByRole('textbox', { name: 'Buy-in ($)' }).inputValue()).toBe('$50');
    expect(await page.getByRole('textbox', { name: 'Extra lives/rebuys' }).inputValue()).toBe('2');
    expect(await page.getByRole('textbox', { name: 'Rebuy price ($)' }).inputValue()).toBe('$25');
    await page.getByRole('switch', { name: 'Bonus pool' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Bonus shutdown #' }).waitFor();
    await expectNoAxeViolations(page, 'pool creation');
    await screenshot(page, `pool-creation-form-${label}`);

    await page.getByRole('button', { name: 'REVIEW' }).click();
    const review = page.getByRole('dialog', { name: 'Review your pool' });
    await review.getByText('Sunday Squad (SQUAD)').waitFor();
    await review.getByText('$50', { exact: true }).waitFor();
    // The modal fades in; axe reads text caught mid-fade as low contrast.
    await waitUntilShown(review);
    await expectNoAxeViolations(page, 'pool creation');
    await screenshot(page, `pool-creation-review-${label}`);
    await review.getByRole('button', { name: 'ACTIVATE POOL' }).click();
    await page.waitForURL((url) => /^\/nba\/SQUAD\/2023\/reg\/\d+$/.test(url.pathname), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Pool Details' }).waitFor();
    await screenshot(page, `pool-creation-done-${label}`);
    await context.close();
  });
});

describe('NFL Survivor pool creation', () => {
  it('fills the rules from a preset on a phone, without overflow, and activates what the Review says', async () => {
    const { context, page } = await newPage(PHONE);
    const username = uniqueName('nfs');
    await registerConfirmed(page, {
      username,
      nameFirst: 'Survivor',
      nameLast: 'Tester',
      password: 'survivor-pass-2026',
    });
    const abb = `N${username.slice(-4)}`.toUpperCase();
    const created = await page.request.post('/leagueRoutes/createLeague', {
      data: { name: `Survivor ${username.slice(-4)}`, abb },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const options = (await (await page.request.get('/api/poolCreation/options')).json()) as {
      seasons: { game: string; season: number; weeks: number }[];
    };
    const season = options.seasons.find((s) => s.game === 'nfl');
    expect(season).toBeDefined();
    if (!season) return;

    await page.goto(`/league/${abb}/createpool`);
    await page.getByRole('group', { name: 'Pool settings' }).waitFor();
    await page.getByText(`NFL Survivor ${season.season}`, { exact: true }).click();
    const preset = page.getByRole('button', { name: /^Double picks late/ });
    await preset.click();
    expect(await preset.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('checkbox', { name: 'Week 12' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Week 11' }).isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'A tie is a loss' }).isChecked()).toBe(true);
    // NFL TD's settings and the bonus pool are not NFL Survivor's.
    expect(await page.getByRole('textbox', { name: 'Picks per week' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Bonus pool' }).count()).toBe(0);
    // Every field stays editable: a change leaves the preset behind.
    await page.getByRole('switch', { name: 'Auto-pick' }).check({ force: true });
    await expect.poll(() => preset.getAttribute('aria-pressed')).toBe('false');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await expectNoAxeViolations(page, 'NFL Survivor pool creation');
    await screenshot(page, 'pool-creation-nfl-phone');

    await page.getByRole('button', { name: 'REVIEW' }).click();
    const review = page.getByRole('dialog', { name: 'Review your pool' });
    for (const row of [
      'Extra lives/rebuys 0 (1 lives)',
      'Tie rule A tie is a loss',
      `Multi-pick weeks Weeks 12–${season.weeks}: 2 picks`,
      'Auto-pick On',
      'Lock time Sunday Early Slate (10 AM PT)',
      'Insurance Not Offered',
    ]) {
      await review.getByRole('row', { name: row }).waitFor();
    }
    expect(await review.getByRole('row', { name: /^Bonus pool/ }).count()).toBe(0);
    await screenshot(page, 'pool-creation-nfl-review-phone');
    await review.getByRole('button', { name: 'ACTIVATE POOL' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/nfl/${abb}/${season.season}/`), {
      timeout: 20_000,
    });
    await page.getByRole('heading', { name: 'Pool Details' }).waitFor();
    await context.close();
  });
});
