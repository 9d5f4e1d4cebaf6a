import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, DESKTOP, PHONE } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';
import { overflowsSideways } from './support/zone';

afterAll(closeBrowser);

/** The Make Picks tab's odds and Planner section. */
const section = (page: Page) => page.getByRole('region', { name: 'Odds and Planner' });

/** The odds table's "This week" figures, top to bottom, as numbers. */
async function weekFigures(page: Page): Promise<number[]> {
  const cells = section(page).locator('tbody tr td:nth-child(2)');
  return (await cells.allInnerTexts()).map((text) => Number.parseFloat(text.replace('<', '')));
}

async function openMakePicks(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Make Your Picks Here' }).waitFor();
  await section(page).waitFor();
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('Pick odds and the Planner (%s)', (label, viewport) => {
  it("NBA: the week's odds, sortable, no popularity before a week locks; then the Planner", async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await openMakePicks(page, '/nba/ala/2023/reg/0/makepicks');
    const odds = section(page);
    await odds.getByRole('heading', { name: /^Week \d+ Odds$/ }).waitFor();
    await odds.locator('tbody tr').first().waitFor();
    // Best odds first.
    const figures = await weekFigures(page);
    expect(figures.length).toBeGreaterThan(10);
    expect(figures).toEqual([...figures].sort((a, b) => b - a));
    for (const figure of figures) expect(figure).toBeGreaterThanOrEqual(0);
    // No week of the demo's NBA season has locked yet: no popularity to show.
    await odds.getByRole('columnheader', { name: 'Picked', exact: true }).waitFor();
    await odds.getByText(/Picked: shown once a week locks\./).waitFor();
    // Sort by this week's odds, worst first.
    await odds.getByRole('button', { name: 'This week' }).click();
    await expect
      .poll(() => odds.getByRole('columnheader', { name: 'This week' }).getAttribute('aria-sort'))
      .toBe('ascending');
    const ascending = await weekFigures(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await odds.getByRole('button', { name: 'Future' }).click();
    expect(await odds.getByRole('columnheader', { name: 'Future' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(await overflowsSideways(page)).toBe(false);
    await odds.screenshot({ path: `test-results/screenshots/pick-odds-nba-section-${label}.png` });

    await odds.getByText('Planner', { exact: true }).click();
    const best = odds.getByRole('group', { name: 'Best plan' });
    const greedy = odds.getByRole('group', { name: 'Greedy: best pick each week' });
    await best.getByText('Survive all:').waitFor();
    await greedy.getByText('Expected weeks:').waitFor();
    const bestRows = await best.locator('tbody tr').count();
    expect(bestRows).toBeGreaterThan(0);
    expect(await greedy.locator('tbody tr').count()).toBe(bestRows);
    // Each week a different team.
    const teams = await best.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(new Set(teams).size).toBe(teams.length);
    const survival = (scope: typeof best, id: string) =>
      scope
        .getByTestId(id)
        .innerText()
        .then((text) => Number.parseFloat(text.replace(/[^0-9.]/g, '')));
    expect(await survival(best, 'best-survival')).toBeGreaterThanOrEqual(
      await survival(greedy, 'greedy-survival'),
    );
    expect(await overflowsSideways(page)).toBe(false);
    await odds.screenshot({ path: `test-results/screenshots/pick-odds-planner-section-${label}.png` });
    await expectNoAxeViolations(page, `pick odds planner ${label}`);
    await context.close();
  });

  it('MLB: the popularity of the last locked week, never of the open one', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await openMakePicks(page, '/mlb/SQUAD/2023/reg/0/makepicks');
    const odds = section(page);
    await odds.locator('tbody tr').first().waitFor();
    const week = Number((await odds.getByRole('heading').innerText()).match(/\d+/)?.[0]);
    const header = odds.getByRole('columnheader', { name: /^Picked wk \d+$/ });
    await header.waitFor();
    expect(Number((await header.innerText()).match(/\d+/)?.[0])).toBeLessThan(week);
    await odds.getByText(/Chance of a \.500 or better week, or a moon\./).waitFor();
    const shares = (await odds.locator('tbody tr td:nth-child(4)').allInnerTexts()).map((t) =>
      Number.parseFloat(t),
    );
    expect(shares.every((share) => share >= 0 && share <= 100)).toBe(true);
    await odds.getByRole('button', { name: /^Picked wk/ }).click();
    const sorted = (await odds.locator('tbody tr td:nth-child(4)').allInnerTexts()).map((t) =>
      Number.parseFloat(t),
    );
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(await overflowsSideways(page)).toBe(false);
    // The four columns fit: the odds table itself does not scroll sideways either.
    const table = odds.locator('table').first();
    const overflowing = await table.evaluate((node) => {
      // Every box around the table that scrolls sideways, up to the section.
      const found: string[] = [];
      for (let box = node.parentElement; box && box.tagName !== 'SECTION'; box = box.parentElement)
        if (box.scrollWidth > box.clientWidth + 1)
          found.push(`${box.className}: ${box.scrollWidth} > ${box.clientWidth} (table ${node.scrollWidth})`);
      return found;
    });
    expect(overflowing).toEqual([]);
    await odds.screenshot({ path: `test-results/screenshots/pick-odds-mlb-section-${label}.png` });
    await context.close();
  });

  it('NFL TD: the likeliest players of the week', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await openMakePicks(page, '/nfl-td/ala/2023/reg/0/makepicks');
    const odds = section(page);
    await odds.getByRole('columnheader', { name: 'Player' }).waitFor();
    await odds.locator('tbody tr').first().waitFor();
    await odds.getByText(/the \d+ likeliest of \d+ players/).waitFor();
    // A player's line names his position and team.
    expect(await odds.locator('tbody tr').first().innerText()).toMatch(/\b(QB|RB|WR|TE) · [A-Z]{2,3}\b/);
    expect(await overflowsSideways(page)).toBe(false);
    await odds.screenshot({ path: `test-results/screenshots/pick-odds-nfl-section-${label}.png` });
    await context.close();
  });

  it('a visitor sees the odds, and is asked to log in for the Planner', async () => {
    const { context, page } = await newPage(viewport);
    await openMakePicks(page, '/nba/ala/2023/reg/0/makepicks');
    await section(page).locator('tbody tr').first().waitFor();
    await section(page).getByText('Planner', { exact: true }).click();
    await section(page)
      .getByText('Log in and sign up for this pool to plan your entry over the weeks left.')
      .waitFor();
    await context.close();
  });

  it('a finished season has nothing left to plan', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'jordan');
    await openMakePicks(page, '/mlb/ala/2022/reg/0/makepicks');
    await section(page).getByText('Planner', { exact: true }).click();
    await section(page)
      .getByText(/The season has no weeks left to plan\.$/)
      .waitFor();
    await section(page).screenshot({
      path: `test-results/screenshots/pick-odds-finished-section-${label}.png`,
    });
    await context.close();
  });

  it('says when the odds cannot load, and loads them on Try again', async () => {
    const { context, page } = await newPage(viewport);
    let fail = true;
    await page.route('**/api/odds/**', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"Odds are resting."}',
          })
        : route.continue(),
    );
    await openMakePicks(page, '/nba/ala/2023/reg/0/makepicks');
    const alert = section(page).getByRole('alert');
    await alert.getByText('Could not load the odds').waitFor();
    await alert.getByText('Odds are resting.').waitFor();
    await section(page).screenshot({ path: `test-results/screenshots/pick-odds-error-section-${label}.png` });
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await section(page).locator('tbody tr').first().waitFor();
    await context.close();
  });
  it('How to play explains the odds with their measured calibration', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto('/nfl-td/ala/2023/reg/0/howtoplay');
    const card = page.getByText('THE ODDS AND THE PLANNER').locator('xpath=..');
    await card.waitFor();
    await card.getByText(/as if he had played 4 more average games/).waitFor();
    await card.getByRole('cell', { name: 'NBA 2018-19 team-weeks (780)' }).waitFor();
    // the player odds' own line, worse than each position's share, and said so
    await card.getByRole('cell', { name: 'NFL 2023 player-weeks (302)' }).waitFor();
    await card.getByText(/our player odds did worse than it/).waitFor();
    await card.getByText(/max players per NFL team per week/).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await card.screenshot({ path: `test-results/screenshots/how-to-play-odds-${label}.png` });
    await context.close();
  });
});
