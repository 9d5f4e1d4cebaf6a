import { afterAll, describe, expect, it } from 'vitest';
import { confirmationPath, mailedLinkPath, registerConfirmed } from './support/accounts';
import { axeFindings } from './support/axe';
import {
  askForPlainApp,
  closeBrowser,
  logIn,
  newPage,
  PHONE,
  screenshot,
  uniqueName,
  waitUntilShown,
} from './support/browser';

afterAll(closeBrowser);

describe('accounts in the browser', () => {
  it('registers and is signed in, confirms the address from the mail, logs out and back in, shows the profile', async () => {
    const { context, page } = await newPage();
    const username = uniqueName('e2e');
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Erin');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Endtoend');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('e2e-password');
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    // Registration signs the new account in and goes home, where a banner asks to confirm the address.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Please confirm your e-mail address').waitFor();
    await page.getByText(`We sent a link to ${username}@example.com`).waitFor();
    await page.getByRole('navigation', { name: 'Sidebar' }).getByText(username).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === 'ala_session')).toBe(true);
    await screenshot(page, 'register-signed-in');
    const link = await confirmationPath(`${username}@example.com`);
    await page.goto(link);
    await page.getByText(`${username}@example.com is confirmed`).waitFor();
    await screenshot(page, 'verify-email');
    // The used link opened again, signed in and confirmed: it says so, not "log in".
    await page.goto(link);
    await page.getByRole('status').getByText('Address already confirmed').waitFor();
    await page.getByText(`${username}@example.com is confirmed`).waitFor();
    await page.getByRole('link', { name: 'CONTINUE' }).click();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Sidebar' }).getByText(username).count())
      .toBe(1);
    expect(await page.getByText('Please confirm your e-mail address').count()).toBe(0);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('Sign in to view your pools!').waitFor();

    await logIn(page, username, 'e2e-password');
    await page.goto('/profile');
    await page.getByText(`Erin Endtoend (${username})`).waitFor();
    await page.getByText('No transactions in system').waitFor();
    await page.getByText('You have not requested to join any leagues yet.').waitFor();
    await screenshot(page, 'profile');
    await context.close();
  });

  it('answers a registration with a taken address "check your e-mail", and does not sign in', async () => {
    const { context, page } = await newPage();
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Not');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Jordan');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(uniqueName('nj'));
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('jordan@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('nj-password');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('nj-password');
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await page.getByText('We sent a link to jordan@example.com to confirm your address.').waitFor();
    await screenshot(page, 'register-check-email');
    expect(new URL(page.url()).pathname).toBe('/register');
    expect((await context.cookies()).some((cookie) => cookie.name === 'ala_session')).toBe(false);
    await context.close();
  });

  it('shows a field error after the field is touched, and the server error in the header', async () => {
    const { context, page } = await newPage();
    await page.goto('/register');
    const first = page.getByRole('textbox', { name: 'First name', exact: true });
    await first.focus();
    await first.blur();
    await page.getByText('You must include your first name').waitFor();
    // Password fields never show field errors, even when touched.
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('short');
    await password.blur();
    expect(await page.getByText('Your password must be at least 8 characters').count()).toBe(0);

    await first.fill('Dup');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Licate');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('JORDAN');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${uniqueName('dup')}@example.com`);
    await password.fill('dup-password');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('dup-password');
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await page.getByRole('alert').getByText('That username is already taken').waitFor();
    await screenshot(page, 'register-errors');
    await context.close();
  });

  it('shows the server message for a wrong password in the login modal', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Username or email', exact: true }).fill('jordan');
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'LOG IN' }).click();
    await dialog.getByText('Incorrect username or password').waitFor();
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill('jordan');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('jordan@example.com');
    await dialog.getByRole('button', { name: 'SEND RESET LINK' }).click();
    await dialog.getByText('a reset link is on its way').waitFor();
    await screenshot(page, 'login-forgot');
    await context.close();
  });

  it('says why a registration cannot go yet: field errors once touched, a short password above the form', async () => {
    const { context, page } = await newPage();
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await page.getByRole('alert').getByText('Your password must be at least 8 characters').waitFor();
    await page.getByText('You must include your first name').waitFor();
    await page.getByText('You must include your email').waitFor();
    // The password inputs themselves carry no error.
    expect(
      await page.getByRole('textbox', { name: 'Password', exact: true }).getAttribute('aria-invalid'),
    ).not.toBe('true');
    await screenshot(page, 'register-submit-invalid');
    await context.close();
  });

  it('opens the header menus: game pools by league and season, leagues, and a log-in prompt', async () => {
    const visitor = await newPage();
    await visitor.page.goto('/');
    await visitor.page.getByRole('banner').getByRole('button', { name: 'NBA' }).click();
    await visitor.page.getByRole('menuitem', { name: 'Global ALA Pool' }).waitFor();
    await visitor.page.getByRole('menuitem', { name: 'Log in to see your pools' }).click();
    await visitor.page.getByRole('dialog', { name: 'Log in to ALA Survivor' }).waitFor();
    await visitor.context.close();

    const { context, page } = await newPage();
    await logIn(page, 'jordan');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'MLB' }).click();
    await page.getByRole('menuitem', { name: 'Sunday Squad 2023' }).waitFor();
    await page.getByRole('menuitem', { name: 'A Level Above 2023' }).waitFor();
    await screenshot(page, 'header-mlb-menu');
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'Leagues' }).click();
    await page.getByRole('menuitem', { name: 'Sunday Squad', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/league/SQUAD');
    await context.close();
  });

  it("links a game's global pool only once its season is known, not a season guessed from the calendar", async () => {
    const { context, page } = await newPage();
    const index = await (await page.request.get('/api/seasonParams/index')).json();
    const mlbSeason = Math.max(
      ...index
        .filter((row: { game: string; active: boolean }) => row.game === 'mlb' && row.active)
        .map((row: { season: number }) => row.season),
    );
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route('**/api/seasonParams/index', async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await sidebar.getByText('Global ALA Pool').first().waitFor();
    await expect.poll(() => asked).toBe(true);
    // Held back: the links show, but none leads anywhere yet.
    expect(await sidebar.locator('a[href]', { hasText: 'Global ALA Pool' }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'Global ALA Pool' }).count()).toBe(0);
    // Greyed, and said to be links that cannot be used yet: no contrast finding for an inactive control.
    expect(await sidebar.getByRole('link', { name: 'Global ALA Pool', disabled: true }).count()).toBe(4);
    expect(await axeFindings(page, 'links held back')).toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: 'MLB' }).click();
    const menuItem = page.getByRole('menuitem', { name: 'Global ALA Pool' });
    await menuItem.waitFor();
    expect(await menuItem.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    release();
    const mlbLink = sidebar.getByRole('link', { name: 'Global ALA Pool', disabled: false }).first();
    await expect.poll(() => mlbLink.getAttribute('href')).toBe(`/mlb/ala/${mlbSeason}/reg/0`);
    await mlbLink.click();
    await page.getByRole('heading', { name: `MLB SURVIVOR ${mlbSeason}`, level: 1 }).waitFor();
    await context.close();
  });

  it('reloads the user data every 10 minutes while logged in', async () => {
    const { context, page } = await newPage();
    await page.clock.install();
    // The profile's first answer is in before time jumps: a refresh that finds a query's first fetch still
    // running joins it (React Query dedupes a query without data), and that request came before the count.
    const profileAnswered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/user/userProfile/jordan',
    );
    await logIn(page, 'jordan');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByText('jordan', { exact: true }).waitFor();
    await profileAnswered;
    // The page settles (its parts loaded, their first fetches answered) before time jumps ahead: on a
    // loaded machine, what was still loading landed minutes later on the fake clock.
    await page.waitForLoadState('networkidle');
    // What was already due on the page's clock (the queries' batched updates) runs now, and React commits it
    // (its scheduler posts messages, which the clock does not hold): the timer is set before time jumps.
    await page.clock.runFor(1_000);
    for (let round = 0; round < 3; round++) {
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
      );
    }
    const seen: string[] = [];
    page.on('request', (request) => seen.push(new URL(request.url()).pathname));
    await page.clock.runFor(9 * 60_000);
    expect(seen.filter((p) => p === '/api/currentUser')).toHaveLength(0);
    await page.clock.runFor(60_000 + 1000);
    // Polled as lists of the user's requests, which a failure prints.
    const userRequests = () => seen.filter((p) => p === '/api/currentUser' || p.startsWith('/user/'));
    await expect.poll(userRequests).toContain('/api/currentUser');
    await expect.poll(userRequests).toContain('/user/userProfile/jordan');
    await context.close();
  });

  it('says an unknown reset token has expired, and an unknown route is not found', async () => {
    const { context, page } = await newPage();
    await page.goto('/reset-password/not-a-real-token');
    await page.getByText('Your password reset token has expired or was not found.').waitFor();
    await screenshot(page, 'reset-expired');
    await page.getByRole('button', { name: 'REQUEST A NEW LINK' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'SEND RESET LINK' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/this/route/does-not-exist');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/getstarted/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/getstarted/howtoplay');
    await page.getByRole('tab', { name: 'How to Play', selected: true }).waitFor();
    // A failed Google sign-in comes back here and is said once, in a toast.
    await page.goto('/?login=failed');
    await page.getByText('Google sign-in did not work.', { exact: false }).waitFor();
    await page.waitForURL((url) => url.search === '');
    await page.goto('/profile');
    await page.getByText('You are not logged in!').waitFor();
    await context.close();
  });

  it('opens the sidebar as a drawer on a phone and closes it on an outside tap', async () => {
    const { context, page } = await newPage(PHONE);
    // Logged out, the drawer offers registration too (the phone header has no room for it).
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'New here? Create an account' })
      .click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'phone-register');
    await logIn(page, 'taylor');
    await screenshot(page, 'phone-home');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByText('NFL TD Survivor').waitFor();
    await drawer.getByText('taylor').first().waitFor();
    await waitUntilShown(drawer); // the slide-in done before the picture
    await screenshot(page, 'phone-drawer');
    await page.mouse.click(370, 400);
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('keeps the four guide tabs on one line on a phone', async () => {
    const { context, page } = await newPage(PHONE);
    await page.goto('/getstarted/features');
    await page.getByRole('tab', { name: 'Features', selected: true }).waitFor();
    const tops = await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().top));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size).toBe(1);
    const list = await page
      .getByRole('tablist')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(list.scroll).toBeLessThanOrEqual(list.client);
    await screenshot(page, 'getstarted-phone');
    await context.close();
  });

  it('marks the current section in the sidebar by path, world cup included, which says it has no rules yet', async () => {
    const { context, page } = await newPage();
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const current = sidebar.locator('[data-current-section]');
    await page.goto('/leagues/allpools/nba');
    await sidebar.getByRole('link', { name: 'Find a Pool' }).nth(1).waitFor();
    expect(await current.getByText('NBA Survivor').count()).toBe(1);
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Find a Pool');
    expect(await sidebar.getByText('World Cup', { exact: true }).count()).toBe(0);
    await page.goto('/world-cup/ala/2026/reg/0');
    await page.getByRole('heading', { name: 'World Cup Pool' }).waitFor();
    await page.getByRole('main').getByText('World Cup has no playable rules yet.').waitFor();
    await current.getByText('World Cup', { exact: true }).waitFor();
    await current.getByText('World Cup has no playable rules yet.').waitFor();
    await screenshot(page, 'world-cup-desktop');
    await page.goto('/getstarted/howtoplay');
    await current.getByText('Learn More / FAQ').waitFor();
    expect(await sidebar.getByText('World Cup', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('fits the header on one line in a tablet-width window, logged out and in', async () => {
    const { context, page } = await newPage({ width: 800, height: 900 });
    const overflow = () =>
      page.getByRole('banner').evaluate((header) => {
        const bar = header.firstElementChild as HTMLElement;
        return {
          wide: bar.scrollWidth > bar.clientWidth,
          tall: header.scrollHeight > header.clientHeight + 1,
        };
      });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    expect(await overflow()).toEqual({ wide: false, tall: false });
    await logIn(page, 'jordan');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await overflow()).toEqual({ wide: false, tall: false });
    await screenshot(page, 'tablet-header');
    await context.close();
  });

  it('remembers a collapsed sidebar on the desktop', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Sidebar' }).waitFor();
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Show sidebar' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Sidebar' }).isVisible()).toBe(false);
    await screenshot(page, 'sidebar-collapsed');
    await context.close();
  });

  it('resets a forgotten password through the mailed link, which the admin outbox hides', async () => {
    const { context, page } = await newPage();
    const username = uniqueName('reset');
    // A reset link goes only to a confirmed address.
    await registerConfirmed(page, {
      username,
      nameFirst: 'Reese',
      nameLast: 'Setter',
      password: 'first-password',
    });
    await context.clearCookies();
    // Signed out, and still the plain app: a click on the server's HTML before its code has run is lost.
    await askForPlainApp(context);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
    await dialog.getByRole('button', { name: 'SEND RESET LINK' }).click();
    await dialog.getByText('a reset link is on its way').waitFor();
    await context.close();

    // Site admins have no power over accounts: the outbox keeps the mail with its link hidden.
    const admin = await newPage();
    await logIn(admin.page, 'commish');
    await admin.page.goto(`/site-admin/outbox?q=${username}`);
    await admin.page.getByRole('heading', { name: 'Mail Outbox' }).waitFor();
    const mail = admin.page.getByText("[link hidden: only the recipient's own mail carries it]").first();
    await mail.waitFor();
    expect(await admin.page.getByText('/reset-password/').count()).toBe(0);
    await screenshot(admin.page, 'admin-outbox');
    await admin.context.close();

    // The user's own mail has it (here: what the server printed, having no SMTP).
    const link = await mailedLinkPath(`${username}@example.com`, 'reset-password');
    const user = await newPage();
    await user.page.goto(link);
    await user.page.getByText(`${username}@example.com`).waitFor();
    await user.page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password');
    await user.page
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill('second-password');
    await user.page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await user.page.getByText('Your password has been reset.').waitFor();
    await screenshot(user.page, 'reset-done');
    await user.page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await logIn(user.page, username, 'second-password');
    await user.page.getByRole('navigation', { name: 'Sidebar' }).getByText(username).waitFor();
    await user.context.close();
  });
});

describe('the registration form', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])(
    'lines up the Password and Confirm password boxes, the hint under the first (%s)',
    async (label, viewport) => {
      const { context, page } = await newPage(viewport);
      await page.goto('/register');
      const password = await page.getByRole('textbox', { name: 'Password', exact: true }).boundingBox();
      const confirm = await page
        .getByRole('textbox', { name: 'Confirm password', exact: true })
        .boundingBox();
      const hint = await page.getByText('At least 8 characters').boundingBox();
      if (!password || !confirm || !hint) throw new Error('the password boxes are not on the page');
      if (viewport === undefined) {
        // Side by side: the same top and height.
        expect(Math.abs(password.y - confirm.y)).toBeLessThanOrEqual(1);
        expect(password.height).toBe(confirm.height);
      } else {
        // Stacked on a phone, the confirmation below the password and its hint.
        expect(confirm.y).toBeGreaterThan(hint.y);
      }
      expect(hint.y).toBeGreaterThanOrEqual(password.y + password.height);
      await screenshot(page, `register-form-${label}`);
      await context.close();
    },
  );
});
