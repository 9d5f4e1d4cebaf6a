import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { closeBrowser, logIn, PHONE, screenshot, uniqueName } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

describe('changelog', () => {
  it('an entry posted by the site admin shows as 1 unread for another user until viewed', async () => {
    const reader = await newPage();
    const username = uniqueName('cl');
    await registerConfirmed(reader.page, {
      username,
      nameFirst: 'Chang',
      nameLast: 'Elog',
      password: 'reader-password',
    });
    // Viewing the changelog once clears whatever was there before.
    await reader.page.goto('/changelog');
    await reader.page.getByRole('heading', { name: 'Changelog', level: 1 }).waitFor();
    await reader.page.waitForLoadState('networkidle');
    const sidebar = reader.page.getByRole('navigation', { name: 'Sidebar' });
    await expect
      .poll(() => sidebar.getByLabel(/unread/).count(), {
        timeout: 10_000,
        message: 'viewing the changelog clears the unread badge (the three seeded entries included)',
      })
      .toBe(0);

    const admin = await newPage();
    await logIn(admin.page, 'commish');
    await admin.page.goto('/changelog-admin');
    // The date defaults to today on the server's clock (the demo replays 2023), not the browser's.
    const health = await (await admin.page.request.get('/api/health')).json();
    const serverToday = await admin.page.evaluate((time: string) => {
      const at = new Date(time);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
    }, health.time);
    expect(serverToday.startsWith('2023-')).toBe(true);
    const dateField = admin.page.getByRole('textbox', { name: 'Date' });
    await expect.poll(() => dateField.inputValue()).toBe(serverToday);
    const title = `Browser test update ${username}`;
    const submit = admin.page.getByRole('button', { name: 'Submit Entry' });
    expect(await submit.isDisabled()).toBe(true);
    await admin.page.getByRole('textbox', { name: 'Title' }).fill(title);
    expect(await submit.isDisabled()).toBe(true); // the one bullet is still blank
    await admin.page.getByRole('textbox', { name: 'Bullet 1' }).fill('League pages are live');
    await admin.page.getByRole('button', { name: 'Add bullet' }).click();
    expect(await submit.isDisabled()).toBe(true);
    await admin.page.getByRole('textbox', { name: 'Bullet 2' }).fill('Invite your friends by link');
    await admin.page.getByRole('button', { name: 'Add bullet' }).click();
    await admin.page.getByRole('button', { name: 'Remove bullet 3' }).click();
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(admin.page, 'changelog-admin-desktop');
    await submit.click();
    await admin.page.getByRole('status').getByText('Changelog entry submitted!').waitFor();
    await admin.page.getByText('Your update has been added successfully.').waitFor();
    expect(await admin.page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('');
    await expect.poll(() => dateField.inputValue()).toBe(serverToday);
    expect(await admin.page.getByRole('textbox', { name: 'Bullet 2' }).count()).toBe(0);
    await admin.context.close();

    await reader.page.goto('/');
    await sidebar.getByLabel('1 unread').waitFor();
    await screenshot(reader.page, 'changelog-badge');
    await sidebar
      .getByRole('link', { name: /Changelog/ })
      .first()
      .click();
    await reader.page.getByRole('heading', { name: title }).waitFor();
    await reader.page.getByText('By commish').first().waitFor();
    await reader.page.getByText('Invite your friends by link').waitFor();
    await sidebar.getByLabel('1 unread').waitFor({ state: 'hidden' });
    await screenshot(reader.page, 'changelog-desktop');
    await reader.context.close();
  });

  it('shows the empty and error states, and the list on a phone', async () => {
    const { context, page } = await newPage(PHONE);
    await page.route('**/api/changelog', (route) => route.fulfill({ json: [] }));
    await page.goto('/changelog');
    await page.getByText('No Updates Yet').waitFor();
    await page.getByText('Check back soon for the latest platform updates!').waitFor();
    await screenshot(page, 'changelog-empty-phone');
    await page.unroute('**/api/changelog');
    await page.route('**/api/changelog', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom' } }),
    );
    await page.goto('/changelog');
    await page.getByText('Error Loading Changelog').waitFor({ timeout: 15_000 });
    await page.getByText('Failed to load changelog entries. Please try again later.').waitFor();
    await page.unroute('**/api/changelog');
    await page.goto('/changelog');
    await page.getByRole('heading', { name: 'Changelog', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'changelog-phone');
    await context.close();
    const desktop = await newPage();
    await desktop.page.goto('/changelog');
    await desktop.page.getByRole('article').first().waitFor();
    await screenshot(desktop.page, 'changelog-desktop');
    await desktop.context.close();
  });

  it('refuses the admin form to other users and reports a failed submission', async () => {
    const user = await newPage();
    await logIn(user.page, 'jordan');
    await user.page.goto('/changelog-admin');
    await user.page.getByText('Only site administrators can post changelog entries.').waitFor();
    expect(await user.page.getByRole('button', { name: 'Submit Entry' }).count()).toBe(0);
    await user.context.close();

    const admin = await newPage(PHONE);
    await logIn(admin.page, 'commish');
    await admin.page.route('**/admin/super/addChangelogEntry', (route) =>
      route.fulfill({ status: 500, json: { message: 'The database is asleep' } }),
    );
    await admin.page.goto('/changelog-admin');
    await admin.page.getByRole('textbox', { name: 'Title' }).fill('Will fail');
    await admin.page.getByRole('textbox', { name: 'Bullet 1' }).fill('Nothing');
    await admin.page.getByRole('button', { name: 'Submit Entry' }).click();
    await admin.page.getByText('Failed to submit changelog entry.').waitFor();
    await admin.page.getByText('Error submitting changelog').waitFor();
    await admin.page.getByText('The database is asleep').waitFor();
    // A failed entry is kept for another try.
    expect(await admin.page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Will fail');
    await screenshot(admin.page, 'changelog-admin-phone');
    await admin.context.close();
  });
});
