import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeFindings, settle } from './support/axe';
import { closeBrowser, DEMO_PASSWORD, DESKTOP, PHONE } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

/** One screen: where it is, what shows once it has loaded, and anything to do before the check. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** Only at phone width (the sidebar drawer). */
  phoneOnly?: boolean;
}

const text = (value: string) => (page: Page) => page.getByText(value, { exact: false }).first().waitFor();
const heading = (name: string) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

const LOGGED_OUT: Screen[] = [
  { name: 'landing', path: '/', ready: heading('A Level Above Survivor') },
  {
    name: 'login modal',
    path: '/',
    ready: async (page) => {
      await heading('A Level Above Survivor')(page);
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'LOG IN' }).waitFor();
    },
  },
  {
    name: 'menu drawer',
    path: '/',
    phoneOnly: true,
    ready: async (page) => {
      await heading('A Level Above Survivor')(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog').getByText('Sign in to view your pools!').waitFor();
    },
  },
  { name: 'get started', path: '/getstarted', ready: text('Create an account, then join') },
  { name: 'learn more', path: '/getstarted/learnmore', ready: text('Leagues are run by commissioners') },
  { name: 'how to play', path: '/getstarted/howtoplay', ready: heading('THE BASICS') },
  { name: 'features', path: '/getstarted/features', ready: text('Live scoring') },
  { name: 'register', path: '/register', ready: heading('Create your account') },
  {
    name: 'reset password (expired)',
    path: '/reset-password/not-a-real-token',
    ready: text('Your password reset token has expired or was not found.'),
  },
  { name: 'league not found', path: '/league/error/notfound', ready: text("YOU'RE OUT OF BOUNDS.") },
  { name: 'changelog', path: '/changelog', ready: heading('Changelog') },
  {
    name: 'world cup',
    path: '/world-cup/ala/2026/reg/0',
    ready: text('World Cup has no playable rules yet.'),
  },
  { name: 'not found', path: '/this/route/does-not-exist', ready: heading('Page not found') },
];

const AS_JORDAN: Screen[] = [
  { name: 'profile', path: '/profile', ready: text('This page is under construction') },
  {
    name: 'all pools',
    path: '/leagues/allpools',
    ready: (page) => page.getByText('MLB', { exact: true }).filter({ visible: true }).first().waitFor(),
  },
  {
    name: 'find a league',
    path: '/leagues/find',
    ready: (page) => page.getByRole('link', { name: 'Sunday Squad' }).first().waitFor(),
  },
  {
    name: 'create a league',
    path: '/leagues/create',
    ready: (page) =>
      page
        .getByRole('button', { name: /create/i })
        .last()
        .waitFor(),
  },
  { name: 'league home', path: '/league/SQUAD', ready: text('You are a member of this league.') },
  { name: 'league members', path: '/league/SQUAD/members', ready: heading('Members') },
  { name: 'league settings', path: '/league/SQUAD/settings', ready: heading('Your League Settings') },
  {
    name: 'commish tools',
    path: '/league/SQUAD/commishtools',
    ready: (page) => page.getByRole('tab', { name: 'Commish Tools', selected: true }).waitFor(),
  },
  {
    name: 'hidden league gate',
    path: '/league/HIGH',
    ready: (page) => page.getByRole('button', { name: 'Request Access' }).waitFor(),
  },
];

const AS_COMMISH: Screen[] = [
  {
    name: 'changelog admin',
    path: '/changelog-admin',
    ready: (page) => page.getByRole('textbox', { name: 'Title' }).waitFor(),
  },
  { name: 'mail outbox', path: '/site-admin/outbox', ready: heading('Mail Outbox') },
  {
    name: 'sports feeds',
    path: '/site-admin/feeds',
    ready: (page) => page.getByRole('table').first().waitFor(),
  },
];

/** Runs axe on every screen in one context and returns its serious and critical violations, one line each. */
async function audit(screens: Screen[], viewport: typeof DESKTOP, username?: string): Promise<string[]> {
  const { context, page } = await newPage(viewport);
  if (username) {
    const response = await page.request.post('/auth/login', { data: { username, password: DEMO_PASSWORD } });
    expect(response.ok()).toBe(true);
  }
  const found: string[] = [];
  try {
    for (const screen of screens) {
      if (screen.phoneOnly && viewport.width > PHONE.width) continue;
      await page.goto(screen.path);
      await screen.ready(page);
      await settle(page);
      found.push(...(await axeFindings(page, `${screen.name} @${viewport.width}`)));
    }
  } finally {
    await context.close();
  }
  return found;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('accessibility (WCAG 2 A and AA) at %s width', (_label, viewport) => {
  it('logged out: landing, login, guides, register, reset, not-found pages and the changelog', async () => {
    expect(await audit(LOGGED_OUT, viewport)).toEqual([]);
  });

  it('as a league founder: profile, the pools hub, a league with its tabs and a hidden league', async () => {
    expect(await audit(AS_JORDAN, viewport, 'jordan')).toEqual([]);
  });

  it('as a site admin: changelog admin, mail outbox and sports feeds', async () => {
    expect(await audit(AS_COMMISH, viewport, 'commish')).toEqual([]);
  });
});
