import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeFindings, settle } from './support/axe';
import { closeBrowser, DEMO_PASSWORD, DESKTOP, PHONE } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();
const tab = (name: string) => (page: Page) => page.getByRole('tab', { name, selected: true }).waitFor();

const POOL_SCREENS: Screen[] = [
  { name: 'nba home', path: '/nba/ala/2023/reg/0', ready: heading('Pool Selections') },
  { name: 'nba how to play', path: '/nba/ala/2023/reg/0/howtoplay', ready: heading('PERFORMANCE BONUSES') },
  { name: 'nfl home', path: '/nfl-td/ala/2023/reg/0', ready: heading('Pool Selections') },
  { name: 'nfl how to play', path: '/nfl-td/ala/2023/reg/0/howtoplay', ready: heading('THE BASICS') },
  { name: 'nfl survivor home', path: '/nfl/ala/2023/reg/0', ready: heading('Pool Selections') },
  // A public league's pool (the Office Pool's); the Sunday Squad's is for its members (decision 035).
  { name: 'league mlb home', path: '/mlb/OFFCE/2023/reg/1', ready: heading('Pool Selections') },
  { name: 'finances notice', path: '/mlb/OFFCE/2023/reg/1/finances', ready: tab('Finances') },
  { name: 'not found', path: '/mlb/OFFCE/2023/reg/9', ready: heading('Page not found') },
  { name: 'members only', path: '/mlb/SQUAD/2023/reg/0', ready: heading('This pool is for league members') },
];

const AS_ADMIN: Screen[] = [
  { name: 'commish tools', path: '/mlb/SQUAD/2023/reg/0/commishtools', ready: tab('Commish tools') },
];

/** Runs axe on every screen and returns its serious and critical violations, one line each. */
async function audit(screens: Screen[], viewport: typeof DESKTOP, username?: string): Promise<string[]> {
  const { context, page } = await newPage(viewport);
  if (username) {
    const response = await page.request.post('/auth/login', { data: { username, password: DEMO_PASSWORD } });
    expect(response.ok()).toBe(true);
  }
  const found: string[] = [];
  try {
    for (const screen of screens) {
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

const RUNS: [string, typeof DESKTOP, string | undefined, Screen][] = [DESKTOP, PHONE].flatMap((viewport) => [
  ...POOL_SCREENS.map((screen): [string, typeof DESKTOP, string | undefined, Screen] => [
    `${screen.name} as a visitor @${viewport.width}`,
    viewport,
    undefined,
    screen,
  ]),
  ...POOL_SCREENS.filter((screen) => screen.name.endsWith('home')).map(
    (screen): [string, typeof DESKTOP, string | undefined, Screen] => [
      `${screen.name} as a player @${viewport.width}`,
      viewport,
      'sam',
      screen,
    ],
  ),
  ...AS_ADMIN.map((screen): [string, typeof DESKTOP, string | undefined, Screen] => [
    `${screen.name} as a league admin @${viewport.width}`,
    viewport,
    'jordan',
    screen,
  ]),
]);

// One screen a test: axe on a loaded machine takes its time.
describe('pool pages meet WCAG 2 A and AA', () => {
  it.each(RUNS)(
    '%s',
    async (_name, viewport, username, screen) => {
      expect(await audit([screen], viewport, username)).toEqual([]);
    },
    120_000,
  );
});
