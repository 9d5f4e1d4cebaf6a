import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, PHONE, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const MLB_GLOBAL = '/mlb/ala/2023/reg/0/scoreboard';
const NFL_GLOBAL = '/nfl-td/ala/2023/reg/0/scoreboard';
const SQUAD_MLB = '/mlb/SQUAD/2023/reg/0/scoreboard';

/** An entry's line: a table row from tablet width up, a card named by the entry on a phone. */
function entryLine(page: Page, label: string, phone: boolean): Locator {
  return phone
    ? page.getByRole('group', { name: label, exact: true })
    : page.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
}

/** Rewrites every scoreboard answer with `change` (the real answer, edited). */
async function rewriteScoreboard(page: Page, change: (body: Record<string, unknown>) => void): Promise<void> {
  await page.context().route('**/api/scoreboard/**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    change(body);
    await route.fulfill({ response, json: body });
  });
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('the Scoreboard tab (%s)', (label, viewport) => {
  const phone = viewport !== undefined;

  it("shows a visitor the MLB pool's week: entries, lives, selections and game cells", async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(MLB_GLOBAL);
    await page.getByRole('tab', { name: 'Scoreboard', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
    const week = page.getByRole('textbox', { name: 'Week' }).or(page.getByRole('combobox', { name: 'Week' }));
    await week.first().waitFor();
    expect(await week.first().inputValue()).toMatch(/^Week \d+$/);
    await entryLine(page, 'jordan', phone).waitFor();
    await entryLine(page, 'blake', phone).waitFor();
    // The first active week cannot be gone below.
    const previous = page.getByRole('button', { name: 'Previous week' });
    if (await previous.isEnabled()) {
      await previous.click();
      await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0);
      await entryLine(page, 'jordan', phone).waitFor();
    }
    await expectNoAxeViolations(page, `mlb scoreboard ${label}`);
    await screenshot(page, `scoreboard-mlb-${label}`);
    // A started game opens its Bonus Box on hover or tap.
    const boxes = page.getByRole('button', { name: /^Bonus Box/ });
    if ((await boxes.count()) > 0) {
      const box = boxes.first();
      if (phone) await box.click();
      else await box.hover();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Bonus Box' });
      await dialog.waitFor();
      await screenshot(page, `scoreboard-bonus-box-${label}`);
      // It stays open until a tap elsewhere (or the pointer leaving it) closes it.
      await page.getByRole('heading', { name: 'Live Scoring' }).click();
      await dialog.waitFor({ state: 'detached' });
      // From the keyboard: Enter opens it, Escape closes it.
      await box.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it("shows a league player their own entry in the league's pool", async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    await page.goto(SQUAD_MLB);
    await entryLine(page, 'sam', phone).waitFor();
    await entryLine(page, 'jordan', phone).waitFor();
    await context.close();
  });

  it('filters, sorts, resets and switches views of the NFL TD player cards', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(NFL_GLOBAL);
    await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await page.getByRole('group', { name: 'drew', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Entry name' }).fill('drew');
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'drew', exact: true }).waitFor();
    await screenshot(page, `scoreboard-nfl-filtered-${label}`);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Player name' }).fill('zzzz-nobody');
    await page.getByText('No entries or players match your filters.').waitFor();
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await page.getByText('Table View').click();
    await page.getByRole('table', { name: 'Picked players' }).waitFor();
    await page.getByRole('cell', { name: 'commish', exact: true }).first().waitFor();
    await expectNoAxeViolations(page, `nfl scoreboard table ${label}`);
    await screenshot(page, `scoreboard-nfl-table-${label}`);
    await page.getByText('Card View').click();
    await page.getByRole('group', { name: 'commish', exact: true }).waitFor();
    await expectNoAxeViolations(page, `nfl scoreboard cards ${label}`);
    await screenshot(page, `scoreboard-nfl-${label}`);
    await context.close();
  });

  it("says a week's picks are hidden until they lock, and shows HIDDEN in their place", async () => {
    const { context, page } = await newPage(viewport);
    await rewriteScoreboard(page, (body) => {
      body.public = false;
      body.entries = (body.entries as Record<string, unknown>[]).map((entry) => ({
        ...entry,
        pick: 'hidden',
        team: null,
        players: [],
        week_result: null,
      }));
    });
    await page.goto(MLB_GLOBAL);
    await page.getByText('Picks will become visible once selections lock for this week.').waitFor();
    await entryLine(page, 'jordan', phone).getByText('HIDDEN').waitFor();
    await expectNoAxeViolations(page, `hidden scoreboard ${label}`);
    await screenshot(page, `scoreboard-hidden-${label}`);
    await context.close();
  });

  it('pages through a big pool’s entries and searches them on the server', async () => {
    const { context, page } = await newPage(viewport);
    const asked: URL[] = [];
    // The demo pool fits on one page: the answers say there are more, so the pager and the search show.
    await rewriteScoreboard(page, (body) => {
      body.total = 120;
    });
    page.on('request', (request) => {
      if (request.url().includes('/api/scoreboard/')) asked.push(new URL(request.url()));
    });
    await page.goto(MLB_GLOBAL);
    await entryLine(page, 'jordan', phone).waitFor();
    const pager = page.getByRole('navigation', { name: 'Scoreboard pages' });
    await pager.getByRole('button', { name: 'Page 3' }).waitFor();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => asked.some((url) => url.searchParams.get('page') === '2')).toBe(true);
    await page.getByRole('textbox', { name: 'Search entries' }).fill('jord');
    await expect
      .poll(() =>
        asked.some((url) => url.searchParams.get('q') === 'jord' && url.searchParams.get('page') === '1'),
      )
      .toBe(true);
    await entryLine(page, 'jordan', phone).waitFor();
    await expectNoAxeViolations(page, `paged scoreboard ${label}`);
    await screenshot(page, `scoreboard-paged-${label}`);
    await context.close();
  });

  it('says when the pool has no active users yet, and offers a retry when loading fails', async () => {
    const { context, page } = await newPage(viewport);
    await rewriteScoreboard(page, (body) => {
      body.entries = [];
    });
    await page.goto(MLB_GLOBAL);
    await page.getByText('Picks will show up here once this pool contains active users.').waitFor();
    await expectNoAxeViolations(page, `empty scoreboard ${label}`);
    await context.unroute('**/api/scoreboard/**');
    await context.route('**/api/scoreboard/**', (route) =>
      route.fulfill({
        status: 500,
        json: { message: 'Something went wrong on our side. Please try again.' },
      }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the scoreboard' });
    await alert.waitFor();
    await alert.getByText('Something went wrong on our side. Please try again.').waitFor();
    await expectNoAxeViolations(page, `failed scoreboard ${label}`);
    await screenshot(page, `scoreboard-error-${label}`);
    await context.unroute('**/api/scoreboard/**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await entryLine(page, 'jordan', phone).waitFor();
    await context.close();
  });
});

describe('an NFL player without stats', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])(
    'reads "No stats recorded" once the game is final, and "No stats yet" before (%s)',
    async (label, viewport) => {
      const { context, page } = await newPage(viewport);
      // Every picked player's line empty; the first one's game final, the others' not started.
      await rewriteScoreboard(page, (body) => {
        let first = true;
        for (const entry of body.entries as { players: Record<string, unknown>[] }[]) {
          for (const card of entry.players) {
            card.stats = null;
            card.game_status = first ? 'final' : 'inactive';
            first = false;
          }
        }
      });
      await page.goto(NFL_GLOBAL);
      await page.getByRole('heading', { name: 'Live Scoring' }).waitFor();
      await page.getByText('No stats recorded').first().waitFor();
      expect(await page.getByText('No stats recorded').count()).toBe(1);
      await page.getByText('No stats yet').first().waitFor();
      await screenshot(page, `scoreboard-nfl-final-no-stats-${label}`);
      await context.close();
    },
  );
});
