import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, DESKTOP, PHONE, screenshot } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const NBA_GLOBAL = '/nba/ala/2023/reg/0';
const isLive = (url: string) => /\/api\/pools\/\d+\/live$/.test(new URL(url).pathname);
const isLoadPool = (url: string) => new URL(url).pathname.startsWith('/api/loadPool/');

/** Opens the pool page and answers its live stream's response (the page opens exactly one). */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForResponse((response) => isLive(response.url()));
  await page.goto(path);
  await page.getByRole('heading', { name: 'Pool Selections' }).waitFor();
  return stream;
}

/**
 * Makes a pick of the viewer's first entry "in another tab" (the API, same session): the first team
 * the server accepts for the live week. Answers how to undo it.
 */
async function pickElsewhere(page: Page): Promise<() => Promise<void>> {
  const data = await (await page.request.get('/api/loadPool/nba/ala/2023/0/reg')).json();
  const entry = data.viewer.entries[0] as { id: number; picks: { pick_id: string }[] };
  const teams = await (await page.request.get('/api/teams/details/nba')).json();
  const held = new Set(entry.picks.map((pick) => pick.pick_id));
  let refused = '';
  // The live week may have locked already: the next weeks are open for picks ahead.
  for (const week of [0, 1, 2].map((ahead) => (data.pool.live_week as number) + ahead)) {
    for (const team of (teams.abbs as string[]).filter((abb) => !held.has(abb))) {
      const answer = await page.request.post('/user/makeUserPick', {
        data: { userSeasonId: entry.id, week, action: 'confirm', team },
      });
      if (!answer.ok()) {
        refused = await answer.text();
        continue;
      }
      return async () => {
        const undo = await page.request.post('/user/makeUserPick', {
          data: { userSeasonId: entry.id, week, action: 'cancel', team },
        });
        expect(undo.ok(), await undo.text()).toBe(true);
      };
    }
  }
  throw new Error(`no team could be picked (last answer: ${refused})`);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('live updates (%s)', (label, viewport) => {
  it('opens one event stream for a visitor of a public pool, and the page stays accessible', async () => {
    const { context, page } = await newPage(viewport);
    const stream = await openWithStream(page, NBA_GLOBAL);
    expect(stream.status()).toBe(200);
    expect(stream.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
    await screenshot(page, `live-visitor-${label}`);
    await expectNoAxeViolations(page, `live visitor @${label}`);
    await context.close();
  }, 120_000);

  it('refreshes an open pool page when a pick is made elsewhere, without a reload', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    const stream = await openWithStream(page, NBA_GLOBAL);
    expect(stream.status()).toBe(200);
    await page.getByRole('heading', { name: /Your Selections/ }).waitFor();
    let navigations = 0;
    page.on('framenavigated', () => navigations++);

    // The change event comes through the stream; the page refetches the pool about 500 ms later.
    const undo = await pickElsewhere(page);
    await page.waitForRequest((request) => isLoadPool(request.url()), { timeout: 10_000 });
    const again = page.waitForRequest((request) => isLoadPool(request.url()), { timeout: 10_000 });
    await undo();
    await again;
    expect(navigations).toBe(0);
    await screenshot(page, `live-member-${label}`);
    await context.close();
  }, 120_000);

  it('falls back to refetching the pool every 15 s while the stream cannot be opened', async () => {
    const { context, page } = await newPage(viewport);
    await context.route(
      (url) => isLive(url.toString()),
      (route) => route.abort(),
    );
    // The page's own clock, moved on by the test: the fallback's 15 s go by at once.
    await page.clock.install();
    await page.goto(NBA_GLOBAL);
    await page.getByRole('heading', { name: 'Pool Selections' }).waitFor();
    // The page still works without the stream, and refreshes itself on the fallback timer, not sooner.
    let refetches = 0;
    page.on('request', (request) => {
      if (isLoadPool(request.url())) refetches++;
    });
    await page.clock.runFor(10_000);
    expect(refetches).toBe(0);
    const refetch = page.waitForRequest((request) => isLoadPool(request.url()), { timeout: 10_000 });
    await page.clock.runFor(6_000);
    await refetch;
    await page.getByRole('heading', { name: 'Pool Selections' }).waitFor();
    await screenshot(page, `live-fallback-${label}`);
    await context.close();
  }, 120_000);
});
