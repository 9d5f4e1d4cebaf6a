import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, DESKTOP, PHONE, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';
import { newPageInZone, overflowsSideways } from './support/zone';

afterAll(closeBrowser);
dayjs.extend(utc);

const button = (scope: Locator | Page, name: string) => scope.getByRole('button', { name, exact: true });

/** A team's pick line: a table row from tablet width up, a named card on a phone. */
function teamLines(page: Page, phone: boolean): Locator {
  return phone ? page.getByRole('group') : page.getByRole('row');
}

async function lineName(line: Locator, phone: boolean): Promise<string> {
  if (phone) return (await line.getAttribute('aria-label')) ?? '';
  return line.getByRole('cell').first().innerText();
}

/** The team's name without its city, as the server's messages read it ("the Celtics"). */
async function shortName(page: Page, fullName: string): Promise<string> {
  return page.evaluate(async (name) => {
    const teams = await (await fetch(`/api/teams/details/${location.pathname.split('/')[1]}`)).json();
    const abb = teams.abbs.find((a: string) => `${teams.data[a].c} ${teams.data[a].n}` === name);
    return teams.data[abb].n as string;
  }, fullName);
}

/**
 * The demo seeds picks ahead for some entrants: cancels the viewer's picks of the open week
 * through the API and reloads, so a flow starts from an empty week. `pool` is the loadPool path
 * (game/league/season/poolIdx/seasonType).
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

/** Confirms or cancels through the modal and waits for the refreshed page. */
async function submitPick(page: Page, action: 'MAKE PICK' | 'CANCEL PICK'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await button(dialog, action).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('Make Picks (%s)', (label, viewport) => {
  const phone = viewport.width <= PHONE.width;
  const cancelLabel = phone ? 'CANCEL' : 'CANCEL SELECTION';

  it('NBA: a player picks a team, changes it and cancels it; a refused pick shows the server message', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto('/nba/ala/2023/reg/0/makepicks');
    await page.getByRole('heading', { name: 'Make Your Picks Here' }).waitFor();
    await page.getByText(/^WEEK \d+ PICK DEADLINE$/).waitFor();
    const week = Number((await page.getByText(/^WEEK \d+ PICK DEADLINE$/).innerText()).match(/\d+/)?.[0]);
    await clearWeekPicks(page, 'nba/ala/2023/0/reg', week);
    await page
      .getByText(phone ? 'Your Pick: Click to Select!' : 'Click to Select!', { exact: true })
      .waitFor();

    const open = teamLines(page, phone).filter({ has: button(page, 'SELECT') });
    const first = open.nth(0);
    const second = open.nth(1);
    const firstName = await lineName(first, phone);
    const secondName = await lineName(second, phone);

    await button(first, 'SELECT').click();
    await page
      .getByRole('dialog')
      .getByText(new RegExp(`^You are selecting the .+ for Week ${week}\\.`))
      .waitFor();
    await screenshot(page, `make-picks-nba-modal-${label}`);
    await submitPick(page, 'MAKE PICK');
    const firstLine = teamLines(page, phone).filter({ hasText: firstName }).first();
    await button(firstLine, cancelLabel).waitFor();
    await page.getByText(`Your Week ${week} Pick: ${firstName}`).waitFor();
    if (!phone) {
      // The week's table fits its column at 1,366 px: CANCEL SELECTION was cut off behind a scroll.
      await page.setViewportSize({ width: 1366, height: 900 });
      const table = page.getByRole('table').filter({ has: button(firstLine, cancelLabel) });
      // The part of the table its scrolling box hides (0 when the whole table shows).
      const hidden = await table.evaluate((node) => {
        for (let box = node.parentElement; box; box = box.parentElement) {
          if (/auto|scroll|hidden/.test(getComputedStyle(box).overflowX))
            return box.scrollWidth - box.clientWidth;
        }
        return node.getBoundingClientRect().width - window.innerWidth;
      });
      expect(hidden).toBeLessThanOrEqual(0.5);
      await screenshot(page, 'make-picks-nba-picked-1366');
      await page.setViewportSize(viewport);
    }

    // Change: picking another team in an open week replaces the pick.
    const secondLine = teamLines(page, phone).filter({ hasText: secondName }).first();
    await button(secondLine, 'SELECT').click();
    await submitPick(page, 'MAKE PICK');
    await button(secondLine, cancelLabel).waitFor();
    await button(firstLine, 'SELECT').waitFor();
    await screenshot(page, `make-picks-nba-changed-${label}`);

    // Cancel.
    await button(secondLine, cancelLabel).click();
    await page
      .getByRole('dialog')
      .getByText(
        `You are cancelling your selection of the ${await shortName(page, secondName)} for Week ${week}.`,
      )
      .waitFor();
    await submitPick(page, 'CANCEL PICK');
    await button(secondLine, 'SELECT').waitFor();
    expect(await page.getByText(`Your Week ${week} Pick:`).count()).toBe(0);

    if (!phone) {
      // The same pick made elsewhere while the modal is open: confirming it again is a repeat of a change
      // that holds, so it reads as a success.
      await button(firstLine, 'SELECT').click();
      const entryId = await page.evaluate(async () => {
        const data = await (await fetch('/api/loadPool/nba/ala/2023/0/reg')).json();
        return data.viewer.entries[0].id as number;
      });
      const team = await page.evaluate(async (name) => {
        const teams = await (await fetch('/api/teams/details/nba')).json();
        return teams.abbs.find(
          (abb: string) => `${teams.data[abb].c} ${teams.data[abb].n}` === name,
        ) as string;
      }, firstName);
      const elsewhere = await page.request.post('/user/makeUserPick', {
        data: { userSeasonId: entryId, week, action: 'confirm', team },
      });
      expect(elsewhere.ok()).toBe(true);
      const dialog = page.getByRole('dialog');
      await submitPick(page, 'MAKE PICK');
      await button(firstLine, cancelLabel).waitFor();
      // A refusal (the week locking meanwhile, answered here by the test) shows the server's message in the modal.
      await button(firstLine, cancelLabel).click();
      const refusal = `Sorry, your selections for Week ${week} are locked and can no longer be changed.`;
      await page.route('**/user/makeUserPick', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ message: refusal }),
        }),
      );
      await button(dialog, 'CANCEL PICK').click();
      await dialog.getByRole('alert').getByText(refusal).waitFor();
      await screenshot(page, `make-picks-nba-refused-${label}`);
      await page.unroute('**/user/makeUserPick');
      await button(dialog, 'GO BACK').click();
      await button(firstLine, cancelLabel).click();
      await submitPick(page, 'CANCEL PICK');
      await button(firstLine, 'SELECT').waitFor();
    }
    await expectNoAxeViolations(page, `nba make picks @${viewport.width}`);
    await context.close();
  }, 180_000);

  it('MLB: a player picks, changes and cancels, and sees LOCKED with the deadline alert for a past week', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'morgan');
    await page.goto('/mlb/ala/2023/reg/0/makepicks');
    await page.getByText(/^WEEK \d+ PICK DEADLINE$/).waitFor();
    const week = Number((await page.getByText(/^WEEK \d+ PICK DEADLINE$/).innerText()).match(/\d+/)?.[0]);
    await clearWeekPicks(page, 'mlb/ala/2023/0/reg', week);
    await page
      .getByText(phone ? 'Your Pick: Click to Select!' : 'Click to Select!', { exact: true })
      .waitFor();
    const open = teamLines(page, phone).filter({ has: button(page, 'SELECT') });
    const firstName = await lineName(open.nth(0), phone);
    const secondName = await lineName(open.nth(1), phone);
    const firstLine = teamLines(page, phone).filter({ hasText: firstName }).first();
    const secondLine = teamLines(page, phone).filter({ hasText: secondName }).first();

    await button(firstLine, 'SELECT').click();
    await submitPick(page, 'MAKE PICK');
    await button(firstLine, cancelLabel).waitFor();
    await button(secondLine, 'SELECT').click();
    await submitPick(page, 'MAKE PICK');
    await button(secondLine, cancelLabel).waitFor();
    await button(firstLine, 'SELECT').waitFor();
    await button(secondLine, cancelLabel).click();
    await submitPick(page, 'CANCEL PICK');
    await button(secondLine, 'SELECT').waitFor();
    await screenshot(page, `make-picks-mlb-${label}`);

    await page.getByRole('button', { name: 'Previous week' }).click();
    await page
      .getByText("Sorry, this week's pick deadline has passed. Consider begging the Commish for mercy?")
      .waitFor();
    await page.getByText(phone ? 'Your Pick: Picks Locked' : 'Picks Locked', { exact: true }).waitFor();
    expect(await button(page, 'SELECT').count()).toBe(0);
    await button(page, 'LOCKED').first().waitFor();
    await screenshot(page, `make-picks-mlb-locked-${label}`);
    await expectNoAxeViolations(page, `mlb make picks @${viewport.width}`);
    await context.close();
  }, 180_000);

  it('NFL TD: filters, card and table views, MAXED, pick, change and cancel, LOCKED past week', async () => {
    const { context, page } = await newPage(viewport);
    // One player per viewport, so a failure at one width leaves the other's picks alone.
    await logInByApi(page, phone ? 'commish' : 'riley');
    await page.goto('/nfl-td/ala/2023/reg/0/makepicks');
    const picksLabel = page.getByText(/^Your Week \d+ Picks:$/);
    await picksLabel.waitFor();
    const week = Number((await picksLabel.innerText()).match(/\d+/)?.[0]);
    await clearWeekPicks(page, 'nfl-td/ala/2023/0/reg', week);
    await page.getByText('PICK 3 PLAYER(S) PER WEEK').waitFor();
    await page.getByText('MAX 1 PLAYER(S) PER NFL TEAM PER WEEK').waitFor();
    await page.getByText('PASS TDs: MIN OF 2 TO ADVANCE A PLAYER.').waitFor();
    expect(await page.getByText('No Pick', { exact: true }).count()).toBe(3);

    // Two teams with a game this week; a player of each.
    const cards = page.getByRole('group').filter({ has: page.getByText('QUARTERBACKS') });
    const playing = cards.filter({ has: button(page, 'SELECT') });
    const teamNameA = (await playing.nth(0).getAttribute('aria-label')) ?? '';
    const teamNameB = (await playing.nth(1).getAttribute('aria-label')) ?? '';
    // Named locators, so they keep pointing at the same card and player once buttons change.
    const teamA = page.getByRole('group', { name: teamNameA, exact: true });
    const teamB = page.getByRole('group', { name: teamNameB, exact: true });
    const nameA =
      (await teamA
        .getByRole('group')
        .filter({ has: button(page, 'SELECT') })
        .first()
        .getAttribute('aria-label')) ?? '';
    const nameB =
      (await teamB
        .getByRole('group')
        .filter({ has: button(page, 'SELECT') })
        .first()
        .getAttribute('aria-label')) ?? '';
    const playerA = teamA.getByRole('group', { name: nameA, exact: true });
    const playerB = teamB.getByRole('group', { name: nameB, exact: true });

    await button(playerA, 'SELECT').click();
    await page
      .getByRole('dialog')
      .getByText(`You are selecting ${nameA} for Week ${week}.`, { exact: false })
      .waitFor();
    await submitPick(page, 'MAKE PICK');
    await button(playerA, 'CANCEL').waitFor();
    await page.getByText(nameA, { exact: true }).first().waitFor();
    // One player per NFL team: the rest of that team is MAXED.
    await button(teamA, 'MAXED').first().waitFor();
    await screenshot(page, `make-picks-nfl-picked-${label}`);

    // Change: pick another team's player, then drop the first.
    await button(playerB, 'SELECT').click();
    await submitPick(page, 'MAKE PICK');
    await button(playerB, 'CANCEL').waitFor();
    await button(playerA, 'CANCEL').click();
    await submitPick(page, 'CANCEL PICK');
    await button(playerA, 'SELECT').waitFor();
    await button(playerB, 'CANCEL').click();
    await page
      .getByRole('dialog')
      .getByText(`You are cancelling your selection of the ${nameB} for Week ${week}.`)
      .waitFor();
    await submitPick(page, 'CANCEL PICK');
    await button(playerB, 'SELECT').waitFor();
    expect(await page.getByText('No Pick', { exact: true }).count()).toBe(3);

    // Filters: position, name search (either name, any case), empty result and reset.
    await page.locator('label[for$="-QB"]').click();
    expect(await page.getByText('RUNNING BACKS').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Player name' }).fill(nameA.toUpperCase());
    await page.getByRole('group', { name: nameA }).first().waitFor();
    await page.getByRole('textbox', { name: 'Player name' }).fill('no such player zz');
    await page.getByText('No teams or players match your filters').waitFor();
    await button(page, 'Clear All Filters').click();
    await page.getByText('RUNNING BACKS').first().waitFor();

    // Table view.
    await page.locator('label[for$="-table"]').click();
    await page.getByRole('columnheader', { name: 'QUARTERBACKS (2)' }).waitFor();
    await page.getByRole('columnheader', { name: 'RUNNING BACKS (4)' }).waitFor();
    await page.getByRole('columnheader', { name: 'WIDE RECEIVERS (4)' }).waitFor();
    await page.getByRole('columnheader', { name: 'TIGHT ENDS (3)' }).waitFor();
    await screenshot(page, `make-picks-nfl-table-${label}`);
    await page.locator('label[for$="-cards"]').click();

    // The week before is locked.
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page
      .getByText(`Sorry, your selections for Week ${week - 1} are locked and can no longer be changed.`)
      .waitFor();
    expect(await button(page, 'SELECT').count()).toBe(0);
    await button(page, 'LOCKED').first().waitFor();
    await screenshot(page, `make-picks-nfl-locked-${label}`);
    await expectNoAxeViolations(page, `nfl make picks @${viewport.width}`);
    await context.close();
  }, 180_000);

  it('a visitor sees LOGIN TO PICK', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto('/nba/ala/2023/reg/0/makepicks');
    // A button that opens the login modal in place.
    const login = button(page, 'LOGIN TO PICK').first();
    await login.waitFor();
    expect(await button(page, 'SELECT').count()).toBe(0);
    await screenshot(page, `make-picks-visitor-${label}`);
    await expectNoAxeViolations(page, `visitor make picks @${viewport.width}`);
    await login.click();
    const dialog = page.getByRole('dialog', { name: 'Log in to ALA Survivor' });
    await dialog.getByRole('textbox', { name: 'Username or email', exact: true }).waitFor();
    await context.close();
  }, 180_000);
});

describe.each([
  ['1366 px', { width: 1366, height: 900 }],
  ['phone', PHONE],
])('NBA Make Picks in the viewer’s zone (%s)', (label, viewport) => {
  const phone = viewport.width <= PHONE.width;

  it('puts each game on the viewer’s day with its tip time, the zone of the deadline', async () => {
    // A viewer in UTC: a 5 PM Pacific tip is the next day, the day the deadline reads.
    const { context, page } = await newPageInZone('UTC', viewport);
    await page.goto('/nba/ala/2023/reg/0/makepicks');
    const title = page.getByText(/^WEEK \d+ PICK DEADLINE$/);
    await title.waitFor();
    const week = Number((await title.innerText()).match(/\d+/)?.[0]);
    await page.getByText(/\(UTC\)$/).waitFor();
    const schedules = (await (await page.request.get('/api/teamSchedules/nba/2023/reg')).json()) as Record<
      string,
      Record<string, { matchup: string; utc: string }[]>
    >;
    const teams = await (await page.request.get('/api/teams/details/nba')).json();
    // The week's first game: its tip is the week's deadline.
    const [abb, first] = Object.entries(schedules)
      .flatMap(([team, weeks]) => (weeks[String(week)] ?? []).map((game) => [team, game] as const))
      .sort((a, b) => a[1].utc.localeCompare(b[1].utc))[0];
    const name = `${teams.data[abb].c} ${teams.data[abb].n}`;
    const day = dayjs.utc(first.utc).format('ddd M/D');
    const time = dayjs.utc(first.utc).format('h:mm A');
    const deadline = await page.getByText(/\(UTC\)$/).innerText();
    expect(deadline).toContain(dayjs.utc(first.utc).format('dddd, MMMM D, YYYY h:mm A'));

    if (phone) {
      const card = page.getByRole('group', { name, exact: true });
      await card.getByText(`${day.split(' ')[0]} ${first.matchup} ${time}`).waitFor();
    } else {
      const headers = await page.getByRole('columnheader').allInnerTexts();
      const column = headers.findIndex((text) => text.trim() === day);
      expect(column, `a column ${day} in ${headers.join(', ')}`).toBeGreaterThan(0);
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
      const cell = row.getByRole('cell').nth(column);
      expect((await cell.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${first.matchup} ${time}`);
    }
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, `make-picks-nba-utc-${label.replace(' ', '-')}`);
    await context.close();
  }, 120_000);
});

describe('Make Picks for a player outside a private league', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'says only its members can play, with the way to ask to join (%s)',
    async (label, viewport) => {
      const { context, page } = await newPage(viewport);
      // drew is no member of the Sunday Squad (invitation only), so can never join its pool.
      await logInByApi(page, 'drew');
      await page.goto('/mlb/SQUAD/2023/reg/0/makepicks');
      // Not even its picks grid: a private league's pool is its members' (decision 035).
      await page.getByRole('heading', { name: 'This pool is for league members' }).waitFor();
      expect(await button(page, 'JOIN POOL TO PICK').count()).toBe(0);
      await screenshot(page, `make-picks-members-only-${label}`);
      await page.getByRole('link', { name: 'See the league and ask to join' }).click();
      await page.waitForURL((url) => url.pathname === '/league/SQUAD');
      await page.getByRole('button', { name: 'REQUEST TO JOIN' }).waitFor();
      await context.close();
    },
    120_000,
  );
});

/** An NFL team's name as the games show it: city and nickname, once. */
function nflFullName(team: { c: string; n: string }): string {
  return team.n.startsWith(`${team.c} `) ? team.n : `${team.c} ${team.n}`;
}

type NflWeekGames = Record<string, Record<string, { utc: string }[]>>;

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('NFL Survivor Make Picks (%s)', (label, viewport) => {
  const phone = viewport.width <= PHONE.width;

  it('shows the week’s games under the rule lines; a pick is made and swapped; used, bye and started teams', async () => {
    const { context, page } = await newPage(viewport);
    // One player per viewport, so a failure at one width leaves the other's picks alone.
    await logInByApi(page, phone ? 'quinn' : 'drew');
    await page.goto('/nfl/ala/2023/reg/0/makepicks');
    const picksLabel = page.getByText(/^Your Week \d+ Pick:$/);
    await picksLabel.waitFor();
    const week = Number((await picksLabel.innerText()).match(/\d+/)?.[0]);
    await clearWeekPicks(page, 'nfl/ala/2023/0/reg', week);
    for (const line of [
      'PICK 1 TEAM THIS WEEK',
      'A TIE COUNTS AS A LOSS',
      'EACH TEAM ONCE A SEASON',
      "EACH PICK ALSO LOCKS AT ITS OWN GAME'S KICKOFF",
    ])
      await page.getByText(line, { exact: true }).waitFor();
    await page.getByText(/^DEADLINE \w{3} \d+\/\d+ \d+:\d\d [AP]M \S+ \(SUNDAY EARLY SLATE\)$/).waitFor();
    expect(await page.getByText('No Pick', { exact: true }).count()).toBe(1);

    // From the API: the week's first game (a Thursday) and a later one, each with a side the entry has not
    // used that plays the week after too.
    const schedules = (await (
      await page.request.get('/api/teamSchedules/nfl/2023/reg')
    ).json()) as NflWeekGames;
    const teams = await (await page.request.get('/api/teams/details/nfl')).json();
    const pool = await (await page.request.get('/api/loadPool/nfl/ala/2023/0/reg')).json();
    const used = new Set((pool.viewer.entries[0].picks as { pick_id: string }[]).map((pick) => pick.pick_id));
    const kickoff = (abb: string, w = week) => schedules[abb]?.[String(w)]?.[0]?.utc;
    const playing = (Object.keys(schedules) as string[])
      .filter((abb) => kickoff(abb) && kickoff(abb, week + 1) && !used.has(abb))
      .sort((a, b) => (kickoff(a) ?? '').localeCompare(kickoff(b) ?? ''));
    const first = Object.keys(schedules)
      .map((abb) => kickoff(abb) ?? '9')
      .sort()[0];
    const thursday = playing.find((abb) => kickoff(abb) === first) ?? '';
    const sunday =
      playing.find((abb) => Date.parse(kickoff(abb) ?? '') > Date.parse(first) + 86_400_000) ?? '';
    expect([thursday, sunday].every(Boolean), `teams to pick in ${playing.join(', ')}`).toBe(true);
    const side = (abb: string) =>
      page.getByRole('group', { name: nflFullName(teams.data[abb]), exact: true });

    // A pick, then another team in its place.
    await button(side(sunday), 'SELECT').click();
    await page
      .getByRole('dialog')
      .getByText(`You are selecting the ${teams.data[sunday].n} for Week ${week}.`, { exact: false })
      .waitFor();
    await submitPick(page, 'MAKE PICK');
    await button(side(sunday), 'CANCEL').waitFor();
    const yours = page.getByRole('group', { name: `Your Week ${week} Picks` });
    await yours.getByText(nflFullName(teams.data[sunday]), { exact: true }).waitFor();
    await yours.getByText(/^Locks \w{3} \d+\/\d+ \d+:\d\d [AP]M$/).waitFor();
    await button(side(thursday), 'SELECT').click();
    await submitPick(page, 'MAKE PICK');
    await button(side(thursday), 'CANCEL').waitFor();
    await button(side(sunday), 'SELECT').waitFor();
    await screenshot(page, `make-picks-nfl-survivor-${label}`);
    if (phone) expect(await overflowsSideways(page)).toBe(false);
    await expectNoAxeViolations(page, `nfl survivor make picks @${viewport.width}`);

    // The week after: the team picked reads its week, and the teams on a bye have no game to pick.
    await page.getByRole('button', { name: 'Next week' }).click();
    await button(side(thursday), `Week ${week}`).waitFor();
    const byes = (teams.abbs as string[]).filter((abb) => !kickoff(abb, week + 1));
    for (const abb of byes) {
      await page.getByText(new RegExp(`^On a bye: .*${nflFullName(teams.data[abb])}`)).waitFor();
      expect(await side(abb).count()).toBe(0);
    }

    // An hour after the Thursday kickoff (the page's clock is the server's): the pick has kicked off and
    // holds the week, every other team locked with it.
    await page.route('**/api/health', async (route) => {
      const health = await (await route.fetch()).json();
      const time = new Date(Date.parse(first) + 3_600_000).toISOString();
      await route.fulfill({ json: { ...health, time } });
    });
    await page.reload();
    await page
      .getByText(`Your Week ${week} pick has kicked off: it is locked and cannot be swapped.`)
      .waitFor();
    await button(side(thursday), 'LOCKED').waitFor();
    await button(side(sunday), 'LOCKED').waitFor();
    await yours.getByText('Locked', { exact: true }).waitFor();
    expect(await button(page, 'SELECT').count()).toBe(0);
    await screenshot(page, `make-picks-nfl-survivor-started-${label}`);
    await context.close();
  }, 180_000);
});

describe('NFL Survivor Make Picks without games', () => {
  it('shows a visitor the games to log in to, a week without games, and a schedule that fails to load', async () => {
    const { context, page } = await newPage(PHONE);
    await page.goto('/nfl/ala/2023/reg/0/makepicks');
    await page.getByText('PICK 1 TEAM THIS WEEK', { exact: true }).waitFor();
    await button(page, 'LOGIN TO PICK').first().waitFor();
    expect(await page.getByText(/^Your Week \d+ Pick/).count()).toBe(0);

    await page.route('**/api/teamSchedules/nfl/**', (route) => route.fulfill({ json: {} }));
    await page.reload();
    await page.getByText(/^No games are scheduled in Week \d+\.$/).waitFor();
    expect(await button(page, 'LOGIN TO PICK').count()).toBe(0);
    await screenshot(page, 'make-picks-nfl-survivor-empty-phone');

    await page.unroute('**/api/teamSchedules/nfl/**');
    await page.route('**/api/teamSchedules/nfl/**', (route) =>
      route.fulfill({ status: 503, json: { message: 'The schedules are out to lunch.' } }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: "Could not load this week's picks" });
    await alert.getByText('The schedules are out to lunch.').waitFor();
    await page.unroute('**/api/teamSchedules/nfl/**');
    await button(alert, 'Try again').click();
    await button(page, 'LOGIN TO PICK').first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await context.close();
  }, 120_000);
});
