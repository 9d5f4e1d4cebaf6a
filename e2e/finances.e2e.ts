import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { closeBrowser, DEMO_PASSWORD, PHONE, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const MLB_GLOBAL = '/mlb/ala/2023/reg/0';
const ZERO = { buyin: 0, rebuys: 0, insurance: 0, bonus: 0, prizes: 0, paid: 0, prizes_paid_to: 0, total: 0 };

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('the Finances tab (%s)', (label, viewport) => {
  const phone = viewport !== undefined;

  it("shows every entry's money from the ledger, with pool totals, to a visitor", async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(`${MLB_GLOBAL}/finances`);
    await page.getByRole('tab', { name: 'Finances', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Finances', exact: true }).waitFor();
    if (phone) {
      // One card per entry, and the pool's totals last.
      await page.getByRole('region', { name: 'Finances of jordan' }).waitFor();
      await page.getByRole('region', { name: 'Pool totals' }).waitFor();
      expect(await page.getByRole('columnheader', { name: 'Buy-in' }).isVisible()).toBe(false);
    } else {
      for (const column of [
        'Username',
        'Status',
        'Buy-in',
        'Rebuys',
        'Insurance',
        'Bonus',
        'Prizes',
        'Paid',
      ]) {
        await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
      }
      await page.getByRole('columnheader', { name: 'Prizes Paid To' }).waitFor();
      await page.getByRole('columnheader', { name: 'Total' }).waitFor();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'jordan', exact: true }) });
      await row.waitFor();
      // Every money cell is a dollar amount (the ledger may hold more rows as weeks settle).
      expect(await row.textContent()).toMatch(/\$\d/);
      await page.getByRole('row').filter({ hasText: 'Pool Totals' }).waitFor();
    }
    await page.getByRole('heading', { name: 'Payments and Prizes Paid' }).waitFor();
    await screenshot(page, `finances-visitor-${label}`);
    await expectNoAxeViolations(page, 'finances');
    await context.close();
  });

  it('marks the champion of a concluded pool and the eliminated entries', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto('/mlb/ala/2022/reg/0/finances');
    await page.getByText('CHAMPION', { exact: true }).filter({ visible: true }).first().waitFor();
    await page.getByText('ELIMINATED', { exact: true }).filter({ visible: true }).first().waitFor();
    await screenshot(page, `finances-concluded-${label}`);
    await context.close();
  });

  it('says so when a pool has no entrants yet, and shows a failure as an alert', async () => {
    const { context, page } = await newPage(viewport);
    await page.route('**/api/finances/*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          rows: [],
          mine: [],
          totals: ZERO,
          entries: 0,
          order: 'username',
          page: 1,
          pageSize: 50,
          total: 0,
        }),
      }),
    );
    await page.goto(`${MLB_GLOBAL}/finances`);
    await page.getByText('Finances will show up here once this pool contains entrants.').waitFor();
    await expectNoAxeViolations(page, 'finances');
    await page.unroute('**/api/finances/*');
    await page.route('**/api/finances/*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The ledger is resting.' }),
      }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'The ledger is resting.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Finances could not be loaded');
    await screenshot(page, `finances-error-${label}`);
    await context.close();
  });
});

describe('the Finances tab of a pool bigger than a page', () => {
  it('searches and pages on the server', async () => {
    const { context, page } = await newPage();
    const asked: URL[] = [];
    // The demo pool's answer, told it is one page of 120 entries.
    await page.route('**/api/finances/*', async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      const answer = await (await route.fetch()).json();
      await route.fulfill({ json: { ...answer, entries: 120, total: url.searchParams.get('q') ? 3 : 120 } });
    });
    await page.goto(`${MLB_GLOBAL}/finances`);
    await page.getByRole('heading', { name: 'Finances', exact: true }).waitFor();
    await page.getByText('120 entries').waitFor();
    await page.getByRole('button', { name: 'next page of finances' }).click();
    await expect.poll(() => asked.some((url) => url.searchParams.get('page') === '2')).toBe(true);
    await page.getByRole('textbox', { name: 'Search entries by username' }).fill('jor');
    await expect.poll(() => asked.some((url) => url.searchParams.get('q') === 'jor')).toBe(true);
    expect(asked.every((url) => Number(url.searchParams.get('pageSize')) <= 100)).toBe(true);
    await screenshot(page, 'finances-paged');
    await expectNoAxeViolations(page, 'finances');
    await context.close();
  });
});

describe('the Finances tab for a player', () => {
  it('highlights the active entry of a signed-in entrant', async () => {
    const { context, page } = await newPage();
    const response = await page.request.post('/auth/login', {
      data: { username: 'jordan', password: DEMO_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    await page.goto(`${MLB_GLOBAL}/finances`);
    const mine = page.locator('tr[aria-current="true"]');
    await mine.waitFor();
    expect(await mine.textContent()).toContain('jordan');
    await context.close();
  });
});
