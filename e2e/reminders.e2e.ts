import { afterAll, describe, expect, it } from 'vitest';
import { signUnsubscribeToken } from '../src/server/modules/reminders/unsubscribe-token';
import { registerConfirmed } from './support/accounts';
import { expectNoAxeViolations, settle } from './support/axe';
import { closeBrowser, newPage, PHONE, screenshot, uniqueName } from './support/browser';

afterAll(closeBrowser);

// scripts/e2e.mjs starts the shared server with this key, so that a test can sign a user's link.
const SECRET = process.env.E2E_UNSUBSCRIBE_SECRET ?? 'e2e-unsubscribe-secret-of-the-browser-tests';

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('pick reminder settings (%s)', (label, viewport) => {
  it('chooses when reminders come, mutes a pool, and stops them all from the mailed link', async () => {
    const { context, page } = await newPage(viewport);
    const username = uniqueName('remind');
    await registerConfirmed(page, {
      username,
      nameFirst: 'Rita',
      nameLast: 'Minder',
      password: 'remind-password',
    });
    const pool = await (await page.request.get('/api/loadPool/nba/ala/2023/0/reg')).json();
    const signUp = await page.request.post('/user/regForGame', { data: { pool_id: pool.pool.id } });
    expect(signUp.status()).toBe(201);

    await page.goto('/profile');
    const card = page.getByRole('heading', { name: 'Pick Reminders' }).locator('xpath=..');
    await card.getByRole('radio', { name: '24 h and 2 h before' }).waitFor();
    expect(await card.getByRole('radio', { name: '24 h and 2 h before' }).isChecked()).toBe(true);
    const poolSwitch = card.getByRole('switch').first();
    expect(await poolSwitch.isChecked()).toBe(true);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/user/reminders') && r.request().method() === 'POST',
    );
    await card.getByRole('radio', { name: '2 h before', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await poolSwitch.click();
    await card.getByText('Muted: no reminders from this pool').waitFor();
    await settle(page);
    await screenshot(page, `reminders-profile-${label}`);
    await expectNoAxeViolations(page, `profile reminders ${label}`);

    // Stored on the server: a reload shows the same.
    await page.reload();
    await card.getByText('Muted: no reminders from this pool').waitFor();
    expect(await card.getByRole('radio', { name: '2 h before', exact: true }).isChecked()).toBe(true);
    expect(await poolSwitch.isChecked()).toBe(false);

    // The mail's link: a page that asks first, then one button stops every reminder.
    const me = (await (await page.request.get('/api/currentUser')).json())[0];
    await page.goto(`/user/reminders/unsubscribe?token=${signUnsubscribeToken(SECRET, me.id)}`);
    await page.getByRole('heading', { name: 'Stop pick reminders?' }).waitFor();
    // Signed in here: the button's POST must still pass the session's same-site check.
    await screenshot(page, `reminders-unsubscribe-${label}`);
    await expectNoAxeViolations(page, `unsubscribe page ${label}`);
    await page.getByRole('button', { name: 'Stop pick reminders' }).click();
    await page.getByRole('heading', { name: 'Pick reminders stopped' }).waitFor();
    await page.getByText(`${username} gets no more pick reminders`).waitFor();
    await screenshot(page, `reminders-unsubscribed-${label}`);

    await page.goto('/profile');
    await card.getByRole('radio', { name: 'Off' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
    await context.close();
  });

  it('shows why when the settings cannot load or save, and a clear page for a changed link', async () => {
    const { context, page } = await newPage(viewport);
    await registerConfirmed(page, {
      username: uniqueName('remerr'),
      nameFirst: 'Err',
      nameLast: 'Or',
      password: 'remind-password',
    });
    await page.goto('/profile');
    const card = page.getByRole('heading', { name: 'Pick Reminders' }).locator('xpath=..');
    await card.getByText('You have no entry in a running pool.').waitFor();

    await page.route('**/user/reminders', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { message: 'Choose off, 24 hours, 2 hours or both.' } })
        : route.fallback(),
    );
    await card.getByRole('radio', { name: 'Off' }).click();
    await card.getByRole('alert').getByText('Choose off, 24 hours, 2 hours or both.').waitFor();

    await page.route('**/user/reminders', (route) =>
      route.fulfill({ status: 503, json: { message: 'The database is not answering. Try again soon.' } }),
    );
    await page.reload();
    await page.getByRole('alert').getByText('The database is not answering. Try again soon.').waitFor();
    await screenshot(page, `reminders-error-${label}`);
    await page.unrouteAll();

    const bad = await page.goto('/user/reminders/unsubscribe?token=12.not-a-real-signature');
    expect(bad?.status()).toBe(400);
    await page
      .getByRole('alert')
      .getByText(/This unsubscribe link is not valid/)
      .waitFor();
    await screenshot(page, `reminders-bad-link-${label}`);
    await expectNoAxeViolations(page, `bad unsubscribe link ${label}`);
    await context.close();
  });
});
