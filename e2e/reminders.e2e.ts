import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signUnsubscribeToken } from '../src/server/modules/reminders/unsubscribe-token';
import { registerConfirmed } from './support/accounts';
import { expectNoAxeViolations, logInByApi, settle } from './support/axe';
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

interface PushStub {
  permission: NotificationPermission;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stands in, before the app loads, for what headless Chromium lacks: the permission prompt (granted when
 * asked) and a push service. The subscription lives in sessionStorage, so that it outlasts a reload as a
 * real one does.
 */
async function stubPush(page: Page, stub: PushStub): Promise<void> {
  await page.addInitScript((stub: PushStub) => {
    const stored = 'e2e-push-subscription-key';
    let permission = stub.permission;
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
    Notification.requestPermission = async () => {
      if (permission === 'default') permission = 'granted';
      return permission;
    };
    const subscription = (key: number[]) => ({
      endpoint: stub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({
        endpoint: stub.endpoint,
        expirationTime: null,
        keys: { p256dh: stub.p256dh, auth: stub.auth },
      }),
      unsubscribe: async () => {
        sessionStorage.removeItem(stored);
        return true;
      },
    });
    const pushManager = {
      getSubscription: async () => {
        const key = sessionStorage.getItem(stored);
        return key ? subscription(JSON.parse(key)) : null;
      },
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        const key = Array.from(options.applicationServerKey);
        sessionStorage.setItem(stored, JSON.stringify(key));
        return subscription(key);
      },
    };
    const registration = { pushManager };
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'pushManager', {
      configurable: true,
      get: () => pushManager,
    });
    Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', {
      configurable: true,
      get: () => Promise.resolve(registration),
    });
    ServiceWorkerContainer.prototype.getRegistration = async () =>
      registration as unknown as ServiceWorkerRegistration;
  }, stub);
}

describe('notifications on this device', () => {
  const cardOf = (page: Page) => page.getByRole('region', { name: 'Notifications on this device' });

  it('turns on with the default choices, saves a change, and turns off', async () => {
    const { context, page } = await newPage(PHONE);
    await registerConfirmed(page, {
      username: uniqueName('push'),
      nameFirst: 'Pia',
      nameLast: 'Shaw',
      password: 'push-password',
    });
    await stubPush(page, {
      permission: 'default',
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(12).toString('hex')}`,
      // A real P-256 public key: the server checks it as a push service would.
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });
    await page.goto('/profile');
    const card = cardOf(page);
    const saved = () =>
      page.waitForResponse(
        (r) => r.url().endsWith('/api/push/subscription') && r.request().method() === 'PUT',
      );

    const on = saved();
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    expect((await on).status()).toBe(200);
    const results = card.getByRole('switch', { name: 'Results' });
    await results.waitFor();
    expect(await results.isChecked()).toBe(true);
    expect(await card.getByRole('switch', { name: 'Commissioner nudges' }).isChecked()).toBe(true);
    expect(await card.getByRole('combobox', { name: 'Pick reminders' }).inputValue()).toBe('both');

    const change = saved();
    await results.click();
    expect((await change).status()).toBe(200);
    await settle(page);
    await screenshot(page, 'push-card-on-phone');
    await expectNoAxeViolations(page, 'profile notifications on');

    await page.reload();
    await results.waitFor();
    expect(await results.isChecked()).toBe(false);
    expect(await card.getByRole('switch', { name: 'Champions' }).isChecked()).toBe(true);

    const off = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscription') && r.request().method() === 'DELETE',
    );
    await card.getByRole('button', { name: 'Turn off on this device' }).click();
    expect((await off).status()).toBe(200);
    await card.getByRole('button', { name: 'Turn on notifications' }).waitFor();
    await context.close();
  });

  it('explains how to allow notifications the user blocked, with no button', async () => {
    const { context, page } = await newPage(PHONE);
    await logInByApi(page, 'taylor');
    await stubPush(page, { permission: 'denied', endpoint: '', p256dh: '', auth: '' });
    await page.goto('/profile');
    await cardOf(page).getByText('Notifications are blocked for this site').waitFor();
    expect(await cardOf(page).getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('says so where the browser has no push', async () => {
    const { context, page } = await newPage();
    await logInByApi(page, 'taylor');
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await page.goto('/profile');
    await cardOf(page).getByText('This browser cannot get notifications from ALA Survivor.').waitFor();
    await context.close();
  });
});
