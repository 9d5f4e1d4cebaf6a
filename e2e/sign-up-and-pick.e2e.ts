import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, DESKTOP, logIn, PHONE, screenshot, uniqueName } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

// A newcomer's whole way into each game's global pool: the sidebar's "Global ALA Pool" link, SIGN UP! on
// the Pool Details card, then Make picks (pick, change, cancel, pick again); a second signed-in player
// cannot see the pick before the lock, and a past week shows LOCKED.

const DEADLINE_PASSED = 'The entry deadline for this pool has passed.';
const TEAM_DEADLINE_ALERT =
  "Sorry, this week's pick deadline has passed. Consider begging the Commish for mercy?";

type Game = 'nba' | 'mlb' | 'nfl-td';

interface GameCase {
  game: Game;
  /** The sidebar section's title, as written (CSS shows it in capitals). */
  section: string;
  heading: RegExp;
  /**
   * Demo entrants of the game's global pool who play instead of the newcomer when the demo clock is past
   * the entry deadline (the demo's MLB pool begins in week 22 and its NFL TD pool in September, so a
   * newcomer finds both closed). One per viewport, and none that make-picks.e2e.ts or manage-entry.e2e.ts
   * pick with, so a failure at one width or in another file leaves the other's picks alone.
   */
  entrants: { desktop: string; phone: string };
  /** A signed-in player who looks on when the newcomer is the one who picks. */
  onlooker: string;
}

const GAMES: GameCase[] = [
  {
    game: 'nba',
    section: 'NBA Survivor',
    heading: /^NBA SURVIVOR \d+$/,
    entrants: { desktop: 'jamie', phone: 'quinn' },
    onlooker: 'jamie',
  },
  {
    game: 'mlb',
    section: 'MLB Survivor',
    heading: /^MLB SURVIVOR \d+$/,
    entrants: { desktop: 'quinn', phone: 'avery' },
    onlooker: 'taylor',
  },
  {
    game: 'nfl-td',
    section: 'NFL TD Survivor',
    heading: /^NFL TD SURVIVOR \d+$/,
    entrants: { desktop: 'alex', phone: 'jamie' },
    onlooker: 'taylor',
  },
];

/**
 * Closes the pick toasts: on a phone they cover the week pager and the tabs, and a toast under the last tap
 * stays (Mantine pauses its timer while hovered).
 */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close notification' });
  for (let i = 0; i < 10 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
}

const button = (scope: Locator | Page, name: string) => scope.getByRole('button', { name, exact: true });

/**
 * Opens the game's global pool through the sidebar's "Global ALA Pool" link under the game's section
 * (in the Menu drawer on a phone) and waits for the pool page. Returns the pool's path.
 */
async function openGlobalPoolFromSidebar(page: Page, c: GameCase, phone: boolean): Promise<string> {
  if (!page.url().startsWith('http')) await page.goto('/');
  let scope: Page | Locator = page;
  if (phone) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    scope = page.getByRole('dialog', { name: 'Menu' });
  }
  const sidebar = scope.getByRole('navigation', { name: 'Sidebar' });
  const global = page.getByRole('link', { name: 'Global ALA Pool', exact: true });
  // The innermost block holding both the section's title and the link: the section itself.
  const section = sidebar
    .locator('div')
    .filter({ has: page.getByText(c.section, { exact: true }) })
    .filter({ has: global })
    .last();
  await section.getByRole('link', { name: 'Global ALA Pool', exact: true }).click();
  await page.waitForURL((url) => new RegExp(`^/${c.game}/ala/\\d+/reg/0$`).test(url.pathname));
  await page.getByRole('heading', { name: c.heading, level: 1 }).waitFor();
  if (phone) await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
  return new URL(page.url()).pathname;
}

/** The loadPool path (game/league/season/poolIdx/seasonType) of a pool page's path. */
function loadPoolPath(poolPath: string): string {
  const [, game, league, season, seasonType, idx] = poolPath.split('/');
  return `${game}/${league}/${season}/${idx}/${seasonType}`;
}

/**
 * The demo seeds picks ahead for its players: cancels the viewer's picks of the week through the API and
 * reloads, so the flow starts from an empty week.
 */
async function clearWeekPicks(page: Page, pool: string, week: number): Promise<void> {
  const data = await (await page.request.get(`/api/loadPool/${pool}`)).json();
  const nfl = pool.startsWith('nfl-td/');
  let cancelled = 0;
  for (const entry of data.viewer.entries as { id: number; picks: { week: number; pick_id: string }[] }[]) {
    for (const pick of entry.picks.filter((p) => p.week === week)) {
      const answer = await page.request.post('/user/makeUserPick', {
        data: {
          userSeasonId: entry.id,
          week,
          action: 'cancel',
          ...(nfl ? { selectedPlayer: { id: pick.pick_id } } : { team: pick.pick_id }),
        },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      cancelled++;
    }
  }
  if (cancelled > 0) await page.reload();
}

/** Confirms or cancels through the modal and waits for it to close. */
async function submitPick(page: Page, action: 'MAKE PICK' | 'CANCEL PICK'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await settle(page);
  await button(dialog, action).click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 }).catch(async (error) => {
    // Say what the modal showed (a refusal is an alert in it).
    throw new Error(`the pick modal stayed open: ${await dialog.innerText().catch(() => '?')}`, {
      cause: error,
    });
  });
}

/** The team's name without its city, as the server's messages and the pool's tables read it. */
async function shortName(page: Page, game: Game, fullName: string): Promise<string> {
  return page.evaluate(
    async ({ name, game }) => {
      const teams = await (await fetch(`/api/teams/details/${game}`)).json();
      const abb = teams.abbs.find((a: string) => `${teams.data[a].c} ${teams.data[a].n}` === name);
      return teams.data[abb].n as string;
    },
    { name: fullName, game },
  );
}

/** NBA / MLB: picks the first open team, changes to the second, cancels, and picks the first again. */
async function pickTeam(
  page: Page,
  c: GameCase,
  phone: boolean,
  label: string,
): Promise<{ week: number; shown: string }> {
  const deadline = page.getByText(/^WEEK \d+ PICK DEADLINE$/);
  await deadline.waitFor();
  const week = Number((await deadline.innerText()).match(/\d+/)?.[0]);
  await clearWeekPicks(page, loadPoolPath(new URL(page.url()).pathname.replace(/\/makepicks$/, '')), week);
  await page.getByText(phone ? 'Your Pick: Click to Select!' : 'Click to Select!', { exact: true }).waitFor();

  // A team's line: a table row from tablet width up, a card named by the team on a phone.
  const lines = phone ? page.getByRole('group') : page.getByRole('row');
  const nameOf = async (line: Locator) =>
    phone ? ((await line.getAttribute('aria-label')) ?? '') : line.getByRole('cell').first().innerText();
  const open = lines.filter({ has: button(page, 'SELECT') });
  const firstName = await nameOf(open.nth(0));
  const secondName = await nameOf(open.nth(1));
  const first = lines.filter({ hasText: firstName }).first();
  const second = lines.filter({ hasText: secondName }).first();
  const cancelLabel = phone ? 'CANCEL' : 'CANCEL SELECTION';

  await button(first, 'SELECT').click();
  await page
    .getByRole('dialog')
    .getByText(new RegExp(`^You are selecting the .+ for Week ${week}\\.`))
    .waitFor();
  await submitPick(page, 'MAKE PICK');
  await button(first, cancelLabel).waitFor();
  await page.getByText(`Your Week ${week} Pick: ${firstName}`).waitFor();

  // Change: another team in the open week replaces the pick.
  await button(second, 'SELECT').click();
  await submitPick(page, 'MAKE PICK');
  await button(second, cancelLabel).waitFor();
  await button(first, 'SELECT').waitFor();
  await page.getByText(`Your Week ${week} Pick: ${secondName}`).waitFor();

  // Cancel: the week is empty again.
  await button(second, cancelLabel).click();
  await page
    .getByRole('dialog')
    .getByText(
      `You are cancelling your selection of the ${await shortName(page, c.game, secondName)} for Week ${week}.`,
    )
    .waitFor();
  await submitPick(page, 'CANCEL PICK');
  await button(second, 'SELECT').waitFor();
  expect(await page.getByText(`Your Week ${week} Pick:`).count()).toBe(0);

  // And pick again.
  await button(first, 'SELECT').click();
  await submitPick(page, 'MAKE PICK');
  await button(first, cancelLabel).waitFor();
  await page.getByText(`Your Week ${week} Pick: ${firstName}`).waitFor();
  await screenshot(page, `sign-up-and-pick-${c.game}-picked-${label}`);
  await expectNoAxeViolations(page, `${c.game} make picks @${label}`);
  return { week, shown: await shortName(page, c.game, firstName) };
}

/** NFL TD: picks a player, changes to another team's player, cancels, and picks the first again. */
async function pickPlayer(page: Page, label: string): Promise<{ week: number; shown: string }> {
  const picksLabel = page.getByText(/^Your Week \d+ Picks:$/);
  await picksLabel.waitFor();
  const week = Number((await picksLabel.innerText()).match(/\d+/)?.[0]);
  await clearWeekPicks(page, loadPoolPath(new URL(page.url()).pathname.replace(/\/makepicks$/, '')), week);
  const perWeek = Number(
    (await page.getByText(/^PICK \d+ PLAYER\(S\) PER WEEK$/).innerText()).match(/\d+/)?.[0],
  );
  await expect.poll(() => page.getByText('No Pick', { exact: true }).count()).toBe(perWeek);

  // Two teams with a game this week, and the first open player of each.
  const cards = page.getByRole('group').filter({ has: page.getByText('QUARTERBACKS') });
  const playing = cards.filter({ has: button(page, 'SELECT') });
  const teamNameA = (await playing.nth(0).getAttribute('aria-label')) ?? '';
  const teamNameB = (await playing.nth(1).getAttribute('aria-label')) ?? '';
  const teamA = page.getByRole('group', { name: teamNameA, exact: true });
  const teamB = page.getByRole('group', { name: teamNameB, exact: true });
  const firstOpen = async (team: Locator) =>
    (await team
      .getByRole('group')
      .filter({ has: button(page, 'SELECT') })
      .first()
      .getAttribute('aria-label')) ?? '';
  const nameA = await firstOpen(teamA);
  const nameB = await firstOpen(teamB);
  const playerA = teamA.getByRole('group', { name: nameA, exact: true });
  const playerB = teamB.getByRole('group', { name: nameB, exact: true });

  await button(playerA, 'SELECT').click();
  await page
    .getByRole('dialog')
    .getByText(`You are selecting ${nameA} for Week ${week}.`, { exact: false })
    .waitFor();
  await submitPick(page, 'MAKE PICK');
  await button(playerA, 'CANCEL').waitFor();

  // Change: the other team's player in, the first out.
  await button(playerB, 'SELECT').click();
  await submitPick(page, 'MAKE PICK');
  await button(playerB, 'CANCEL').waitFor();
  await button(playerA, 'CANCEL').click();
  await submitPick(page, 'CANCEL PICK');
  await button(playerA, 'SELECT').waitFor();

  // Cancel: the week is empty again.
  await button(playerB, 'CANCEL').click();
  await page
    .getByRole('dialog')
    .getByText(`You are cancelling your selection of the ${nameB} for Week ${week}.`)
    .waitFor();
  await submitPick(page, 'CANCEL PICK');
  await button(playerB, 'SELECT').waitFor();
  await expect.poll(() => page.getByText('No Pick', { exact: true }).count()).toBe(perWeek);

  // And pick again.
  await button(playerA, 'SELECT').click();
  await submitPick(page, 'MAKE PICK');
  await button(playerA, 'CANCEL').waitFor();
  await expect.poll(() => page.getByText('No Pick', { exact: true }).count()).toBe(perWeek - 1);
  await screenshot(page, `sign-up-and-pick-nfl-td-picked-${label}`);
  await expectNoAxeViolations(page, `nfl-td make picks @${label}`);
  return { week, shown: nameA };
}

/**
 * The week before the open one shows LOCKED, with the deadline alert. In a pool whose first week is still
 * open (the demo's NBA pool has not begun) there is no week before: Previous week is disabled.
 */
async function expectPastWeekLocked(page: Page, c: GameCase, phone: boolean, week: number, label: string) {
  const previous = page.getByRole('group', { name: 'Week' }).getByRole('button', { name: 'Previous week' });
  if (week <= 1) {
    expect(await previous.isDisabled()).toBe(true);
    return;
  }
  await dismissToasts(page);
  await previous.click();
  if (c.game === 'nfl-td') {
    await page
      .getByText(`Sorry, your selections for Week ${week - 1} are locked and can no longer be changed.`)
      .waitFor();
  } else {
    await page.getByRole('alert').getByText(TEAM_DEADLINE_ALERT).waitFor();
    await page.getByText(phone ? 'Your Pick: Picks Locked' : 'Picks Locked', { exact: true }).waitFor();
  }
  await button(page, 'LOCKED').first().waitFor();
  expect(await button(page, 'SELECT').count()).toBe(0);
  await screenshot(page, `sign-up-and-pick-${c.game}-locked-${label}`);
  // make-picks.e2e.ts checks the NFL TD locked week at both widths: axe is slow over its hundreds of
  // player cards, so it is not checked twice.
  if (c.game !== 'nfl-td') await expectNoAxeViolations(page, `${c.game} locked week @${label}`);
  await page.getByRole('group', { name: 'Week' }).getByRole('button', { name: 'Next week' }).click();
}

/** Home's Pool Selections card, paged to the week. */
async function poolSelectionsAt(page: Page, week: number): Promise<Locator> {
  const card = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Pool Selections', exact: true }) });
  const shown = card.getByText(/^Week \d+$/);
  await shown.waitFor();
  for (let i = 0; i < 60; i++) {
    const at = Number((await shown.innerText()).match(/\d+/)?.[0]);
    if (at === week) return card;
    await card.getByRole('button', { name: at < week ? 'Next week' : 'Previous week' }).click();
    await expect.poll(async () => Number((await shown.innerText()).match(/\d+/)?.[0])).not.toBe(at);
  }
  throw new Error(`Pool Selections never reached Week ${week}`);
}

/** The onlooker sees no distribution and no pick for the open week: on Home, and on the Scoreboard. */
async function expectPickHidden(
  page: Page,
  c: GameCase,
  phone: boolean,
  poolPath: string,
  picker: string,
  week: number,
  pick: string,
  label: string,
): Promise<void> {
  await page.getByRole('tab', { name: 'Home' }).click();
  const card = await poolSelectionsAt(page, week);
  await card.getByText('HIDDEN', { exact: true }).waitFor();
  await card
    .getByText(new RegExp(`^Picks will become visible once selections lock for Week ${week}\\b`))
    .waitFor();
  expect(await card.getByRole('table').count()).toBe(0);
  expect(await card.innerText()).not.toContain(pick);
  await screenshot(page, `sign-up-and-pick-${c.game}-hidden-home-${label}`);
  await expectNoAxeViolations(page, `${c.game} onlooker home @${label}`);

  await page.getByRole('tab', { name: 'Scoreboard' }).click();
  await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
  const weekBox = page
    .getByRole('textbox', { name: 'Week' })
    .or(page.getByRole('combobox', { name: 'Week' }));
  await weekBox.first().waitFor();
  const poolId = (await (await page.request.get(`/api/loadPool/${loadPoolPath(poolPath)}`)).json()).pool.id;
  // The Scoreboard's weeks run to the live week: the open week shows there only before a pool begins.
  // Past that, the open week is asked of the same call the tab uses.
  const board = await (await page.request.get(`/api/scoreboard/${poolId}/${week}`)).json();
  const line = (board.entries as { label: string; pick: string; team: unknown; players: unknown[] }[]).find(
    (e) => e.label === picker,
  );
  expect(line, `${picker} on the Week ${week} scoreboard`).toBeDefined();
  expect(line?.pick).toBe('hidden');
  expect(line?.team).toBeNull();
  expect(line?.players).toEqual([]);
  expect(JSON.stringify(board)).not.toContain(pick);
  if ((await weekBox.first().inputValue()) === `Week ${week}`) {
    await page.getByText('Picks will become visible once selections lock for this week.').waitFor();
    const entry = phone
      ? page.getByRole('group', { name: picker, exact: true })
      : page.getByRole('row').filter({ has: page.getByRole('cell', { name: picker, exact: true }) });
    await entry.getByText('HIDDEN', { exact: true }).waitFor();
    expect(await entry.innerText()).not.toContain(pick);
  }
  await screenshot(page, `sign-up-and-pick-${c.game}-hidden-scoreboard-${label}`);
  await expectNoAxeViolations(page, `${c.game} onlooker scoreboard @${label}`);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('a newcomer signs up and picks from the sidebar (%s)', (label, viewport) => {
  const phone = viewport.width <= PHONE.width;

  for (const c of GAMES) {
    it(`${c.game}: from the sidebar, sign up (or an entrant when entry has closed), pick, change, cancel, pick again; LOCKED past week; HIDDEN to another player`, async () => {
      const contexts: BrowserContext[] = [];
      try {
        // The newcomer: a brand-new confirmed account.
        const newcomer = await newPage(viewport);
        contexts.push(newcomer.context);
        const username = uniqueName(`sp${c.game.slice(0, 3)}`);
        await registerConfirmed(newcomer.page, {
          username,
          nameFirst: 'New',
          nameLast: 'Comer',
          password: 'fresh-password',
        });
        const poolPath = await openGlobalPoolFromSidebar(newcomer.page, c, phone);
        const details = newcomer.page
          .locator('.mantine-Card-root')
          .filter({ has: newcomer.page.getByRole('heading', { name: 'Pool Details' }) });
        const signUp = button(details, 'SIGN UP!');
        const closed = details.getByText(DEADLINE_PASSED, { exact: true });
        await signUp.or(closed).first().waitFor();

        let player: Page;
        let picker: string;
        let onlooker: Page;
        if (await signUp.isVisible()) {
          await signUp.click();
          const dialog = newcomer.page.getByRole('dialog', { name: /^Sign up for / });
          await dialog.getByText('Buy-in:').waitFor();
          await screenshot(newcomer.page, `sign-up-and-pick-${c.game}-sign-up-${label}`);
          await button(dialog, 'CONFIRM SIGN UP').click();
          await newcomer.page.getByText("You're in! Good luck this season.").waitFor();
          await newcomer.page.getByRole('heading', { name: `Your Selections · ${username}` }).waitFor();
          player = newcomer.page;
          picker = username;
          // A demo player already in the pool looks on.
          const other = await newPage(viewport);
          contexts.push(other.context);
          await logIn(other.page, c.onlooker);
          await openGlobalPoolFromSidebar(other.page, c, phone);
          onlooker = other.page;
        } else {
          // Entry has closed on the demo clock: the newcomer is told why and has no way in, so a demo player
          // who already entered makes the picks, and the newcomer is the one who looks on.
          expect(await button(newcomer.page, 'SIGN UP!').count()).toBe(0);
          await screenshot(newcomer.page, `sign-up-and-pick-${c.game}-closed-${label}`);
          picker = c.entrants[phone ? 'phone' : 'desktop'];
          const entrant = await newPage(viewport);
          contexts.push(entrant.context);
          await logIn(entrant.page, picker);
          await openGlobalPoolFromSidebar(entrant.page, c, phone);
          await entrant.page.getByRole('heading', { name: `Your Selections · ${picker}` }).waitFor();
          player = entrant.page;
          onlooker = newcomer.page;
        }

        await player.getByRole('tab', { name: 'Make picks' }).click();
        await player.waitForURL((url) => url.pathname === `${poolPath}/makepicks`);
        const { week, shown } =
          c.game === 'nfl-td' ? await pickPlayer(player, label) : await pickTeam(player, c, phone, label);
        await expectPastWeekLocked(player, c, phone, week, label);

        // The picker sees the pick in Your Selections.
        await dismissToasts(player);
        await player.getByRole('tab', { name: 'Home' }).click();
        const mine = player
          .locator('.mantine-Card-root')
          .filter({ has: player.getByRole('heading', { name: `Your Selections · ${picker}` }) });
        const weekRow = mine
          .getByRole('row')
          .filter({ has: player.getByRole('cell', { name: String(week), exact: true }) });
        await weekRow.getByText(shown).waitFor();
        await screenshot(player, `sign-up-and-pick-${c.game}-your-selections-${label}`);

        // Another signed-in player sees no sign of it before the lock.
        await expectPickHidden(onlooker, c, phone, poolPath, picker, week, shown, label);
      } finally {
        for (const context of contexts) await context.close();
      }
    }, 240_000);
  }
});
