import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, PHONE, screenshot } from './support/browser';
import { newCachedPage } from './support/cached-assets';
import {
  type CommishWorld,
  commishWithLeague,
  enterPool,
  type OwnPool,
  signedInNewcomer,
} from './support/commish-world';

afterAll(closeBrowser);

// Picks due (landing card, sidebar, header badge) and the deadline calendar (profile card), for a
// commissioner of a league of the test's own with two entries in one pool: nobody else reads them.

const WIDE = { width: 1366, height: 900 };
const button = (scope: Locator | Page, name: string) => scope.getByRole('button', { name, exact: true });

let world: CommishWorld;
let pool: OwnPool;
let username: string;

beforeAll(async () => {
  world = await commishWithLeague('Due', [
    {
      season: (seasons) => seasons.find((s) => s.game === 'mlb') ?? seasons.find((s) => s.game === 'nba'),
      settings: { max_entries: 2 },
    },
  ]);
  username = world.commish.username;
  [pool] = world.pools;
  await enterPool(world.commish.page, pool);
  await enterPool(world.commish.page, pool);
}, 120_000);

afterAll(() => world?.close());

const card = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Picks due' });
const badge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `${count} ${count === 1 ? 'pick' : 'picks'} due` });

describe('picks due', () => {
  it('lists both entries on the landing page, the sidebar and the badge; a pick drops the count (1366 px)', async () => {
    const { context, page } = await world.commishPage(WIDE);
    try {
      await page.goto('/');
      const list = card(page);
      await list.getByRole('heading', { name: 'Picks due' }).waitFor();
      const rows = list.getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => rows.nth(0).innerText()).toMatch(new RegExp(`· ${username} · Week \\d+`));
      await expect.poll(() => rows.nth(1).innerText()).toContain(`${username} [2]`);
      await list
        .getByText(/^Locks in \d+[dhm] \d+[hms]$/)
        .first()
        .waitFor();
      await badge(page, 2).waitFor();
      const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
      const due = sidebar.getByRole('region', { name: 'Picks due' });
      await expect.poll(() => due.getByRole('link').count()).toBe(2);
      await settle(page);
      await screenshot(page, 'picks-due-landing-1366');
      await expectNoAxeViolations(page, 'landing with picks due @1366');

      // MAKE PICKS of the second entry opens Make Picks with that entry active.
      await rows
        .nth(1)
        .getByRole('link', { name: /^Make picks: / })
        .click();
      await page.waitForURL(
        (url) => url.pathname === `${pool.path}/makepicks` && url.searchParams.has('entry'),
      );
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Active Entry' }).inputValue())
        .toBe(`${username} [2]`);
      const line = page
        .getByRole('row')
        .filter({ has: button(page, 'SELECT') })
        .first();
      await button(line, 'SELECT').click();
      const dialog = page.getByRole('dialog');
      await settle(page);
      await button(dialog, 'MAKE PICK').click();
      await dialog.waitFor({ state: 'hidden', timeout: 20_000 });

      // The header badge and the sidebar follow at once; the landing card lists the other entry alone.
      await badge(page, 1).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'ALA Survivor' }).click();
      await expect.poll(() => card(page).getByRole('listitem').count()).toBe(1);
      await expect.poll(() => card(page).getByRole('listitem').innerText()).not.toContain(`${username} [2]`);
    } finally {
      await context.close();
    }
  });

  it('shows the card, the badge and the drawer list on a phone (390 px)', async () => {
    const { context, page } = await world.commishPage(PHONE);
    try {
      await page.goto('/');
      await card(page).getByRole('listitem').first().waitFor();
      await badge(page, 1).waitFor();
      await settle(page);
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflows).toBe(false);
      await screenshot(page, 'picks-due-landing-390');
      await button(page.getByRole('banner'), 'Menu').click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByText('Picks due', { exact: true }).waitFor();
      await drawer
        .getByRole('link', { name: new RegExp(username) })
        .first()
        .waitFor();
      await settle(page);
      await screenshot(page, 'picks-due-drawer-390');
    } finally {
      await context.close();
    }
  });

  it('says "No entries yet" to a player in no pool, shows nothing to a visitor, and says when it fails', async () => {
    const { context, page } = await newCachedPage(WIDE);
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: 'A Level Above Survivor', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'Picks due' }).count()).toBe(0);
      await signedInNewcomer(page, 'due');
      await page.goto('/');
      await card(page).getByText('No entries yet', { exact: true }).waitFor();
      await card(page).getByRole('link', { name: 'Find a pool to join in All Pools' }).waitFor();
      expect(await page.getByText('All picks in').count()).toBe(0);
      await page
        .getByRole('navigation', { name: 'Sidebar' })
        .getByRole('region', { name: 'Picks due' })
        .getByText('No entries yet')
        .waitFor();
      expect(
        await page
          .getByRole('banner')
          .getByRole('link', { name: /picks? due$/ })
          .count(),
      ).toBe(0);
      await screenshot(page, 'picks-due-empty-1366');
      await page.route('**/api/me/picks-due', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"The server failed."}',
        }),
      );
      await page.reload();
      await card(page).getByRole('alert').getByText('The server failed.').waitFor({ timeout: 30_000 });
      await screenshot(page, 'picks-due-error-1366');
    } finally {
      await context.close();
    }
  });
});

describe('deadline calendar card', () => {
  for (const [label, viewport] of [
    ['1366', WIDE],
    ['390', PHONE],
  ] as const) {
    it(`makes, shows and renews the address; the old one stops (${label} px)`, async () => {
      const { context, page } = await world.commishPage(viewport);
      try {
        await page.goto('/profile');
        const calendar = page.getByRole('region', { name: 'Deadline calendar' });
        await calendar.getByRole('heading', { name: 'Deadline calendar' }).waitFor();
        // The first run makes the address; the next one (another width) finds it made and renews it.
        const action = calendar.getByRole('button', { name: /^(Make my calendar address|Renew address)$/ });
        await action.waitFor();
        if ((await action.innerText()) === 'Make my calendar address') await action.click();
        else {
          await button(calendar, 'Renew address').click();
          await button(page.getByRole('dialog', { name: 'Renew your calendar address?' }), 'Renew').click();
        }
        const address = calendar.getByRole('textbox', { name: 'Your calendar address' });
        await address.waitFor();
        const first = await address.inputValue();
        expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
        await expect
          .poll(() => calendar.getByRole('link', { name: 'Subscribe (webcal)' }).getAttribute('href'))
          .toBe(first.replace(/^https?:/, 'webcal:'));
        const feed = await page.request.get(first);
        expect(feed.status()).toBe(200);
        expect(feed.headers()['content-type']).toContain('text/calendar');
        expect(await feed.text()).toContain('BEGIN:VEVENT');
        await settle(page);
        await screenshot(page, `calendar-card-made-${label}`);
        await expectNoAxeViolations(page, `profile calendar card @${label}`);

        await button(calendar, 'Renew address').click();
        const confirm = page.getByRole('dialog', { name: 'Renew your calendar address?' });
        await settle(page);
        await screenshot(page, `calendar-card-confirm-${label}`);
        await button(confirm, 'Renew').click();
        await expect.poll(() => address.inputValue()).not.toBe(first);
        expect((await page.request.get(first)).status()).toBe(404);
        expect((await page.request.get(await address.inputValue())).status()).toBe(200);

        // Shown once: after a reload the card says when it was made and offers to renew.
        await page.reload();
        await calendar.getByText(/^Your calendar address was made on /).waitFor();
        expect(await address.count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('shows the load failure on the card', async () => {
    const { context, page } = await world.commishPage(WIDE);
    try {
      await page.route('**/api/me/calendar', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"No calendar today."}',
        }),
      );
      await page.goto('/profile');
      await page
        .getByRole('region', { name: 'Deadline calendar' })
        .getByRole('alert')
        .getByText('No calendar today.')
        .waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});
