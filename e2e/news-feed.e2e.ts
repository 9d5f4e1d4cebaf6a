import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConfirmed } from './support/accounts';
import { expectNoAxeViolations, logInByApi } from './support/axe';
import { closeBrowser, PHONE, screenshot, uniqueName } from './support/browser';
import { newCachedPage as newPage } from './support/cached-assets';

afterAll(closeBrowser);

const NBA_GLOBAL = '/nba/ala/2023/reg/0';
const SQUAD_MLB = '/mlb/SQUAD/2023/reg/0';
/** A public league's pool: a visitor may read it (the Sunday Squad's is for its members). */
const OFFICE_MLB = '/mlb/OFFCE/2023/reg/1';
const feedCard = (page: Page) => page.getByRole('region', { name: 'News Feed' });
const deskCard = (page: Page) => page.getByRole('region', { name: "The Commish's Desk" });

function postsAt(now: number) {
  return {
    posts: [
      {
        id: 2,
        type: 7,
        username: 'jordan',
        summary: 'Grand slams pay double this week',
        post: 'Every grand slam in Week 5 pays $80. Details: https://example.com/bonus-rules.',
        link: 'https://example.com/bonus',
        submitted_at: new Date(now - 3 * 3_600_000).toISOString(),
      },
      {
        id: 1,
        type: 17,
        username: 'jordan',
        summary: 'Welcome to the Squad!',
        post: '<b>Pay your buy-in</b> by Friday.',
        link: 'javascript:alert(1)',
        submitted_at: new Date(now - 30 * 86_400_000).toISOString(),
      },
      ...[3, 4, 5].map((id) => ({
        id,
        type: 17,
        username: 'jordan',
        summary: `Older notice ${id}`,
        post: 'Nothing new.',
        link: null,
        submitted_at: new Date(now - (40 + id) * 86_400_000).toISOString(),
      })),
    ],
  };
}

function manyEvents(count: number, now = Date.now()) {
  return {
    events: Array.from({ length: count }, (_, i) => ({
      id: 1000 + i,
      type: [1, 2, 3, 7, 13, 17][i % 6],
      username: 'sam',
      summary: `Event number ${i + 1}`,
      desc: `What happened in event ${i + 1}.`,
      submitted_at: new Date(now - (i * 90 + 5) * 60_000).toISOString(),
      link: null,
    })),
  };
}

describe.each([
  ['desktop', undefined],
  ['phone', PHONE],
])('the news feed and the Commish’s Desk (%s)', (label, viewport) => {
  it('shows a visitor the Pool News and bonus filters, and an empty Commish’s Desk', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto(NBA_GLOBAL);
    const feed = feedCard(page);
    await feed.getByRole('heading', { name: 'News Feed' }).waitFor();
    const filter = feed.getByRole('radiogroup', { name: 'Feed filter' });
    await filter.getByText('Pool News').waitFor();
    await filter.getByText('Performance Bonuses').waitFor();
    expect(await filter.getByText('Your Activity').count()).toBe(0);
    await deskCard(page).getByText('No posts from the Commish yet.').waitFor();
    // Either news (once settlement posts) or the empty state; never an error.
    await feed
      .getByRole('list', { name: 'News' })
      .or(feed.getByText('No news in this pool yet.'))
      .first()
      .waitFor();
    await filter.getByText('Performance Bonuses').click();
    await feed
      .getByRole('list', { name: 'News' })
      .or(feed.getByText(/No performance bonuses yet/))
      .first()
      .waitFor();
    expect(await feed.getByRole('alert').count()).toBe(0);
    await screenshot(page, `news-feed-visitor-${label}`);
    await context.close();
  });

  it('shows a new entrant their sign-up in Pool News and Your Activity', async () => {
    const { context, page } = await newPage(viewport);
    const username = uniqueName('feed');
    await registerConfirmed(page, {
      username,
      nameFirst: 'Feed',
      nameLast: 'Reader',
      password: 'feed-password',
    });
    await page.goto(NBA_GLOBAL);
    await page.getByRole('button', { name: 'SIGN UP!' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'CONFIRM SIGN UP' }).click();
    await page.getByText("You're in! Good luck this season.").waitFor();
    const feed = feedCard(page);
    await feed.getByText(`${username} joined the pool`).waitFor();
    await feed.getByRole('img', { name: 'Sign-up' }).first().waitFor();
    await feed.getByRole('radiogroup', { name: 'Feed filter' }).getByText('Your Activity').click();
    await feed.getByText(`${username} signed up for NBA 2023.`).waitFor();
    // Only the viewer's own news: nobody else's sign-up.
    const items = await feed.getByRole('listitem').allInnerTexts();
    expect(items.every((text) => text.includes(username))).toBe(true);
    await screenshot(page, `news-feed-entrant-${label}`);
    await expectNoAxeViolations(page, 'news feed');
    await context.close();
  });

  it('pages a long feed with Show more, and renders the Commish’s posts as text with safe links', async () => {
    const { context, page } = await newPage(viewport);
    await logInByApi(page, 'sam');
    // Stamped on the server's clock (the demo replays 2023), as real events are.
    const now = Date.parse((await (await page.request.get('/api/health')).json()).time);
    await context.route('**/api/feed/**', (route) => route.fulfill({ json: manyEvents(23, now) }));
    await context.route('**/admin/commishPosts/**', (route) => route.fulfill({ json: postsAt(now) }));
    await page.goto(SQUAD_MLB);
    const feed = feedCard(page);
    await feed.getByText('Showing 10 of 23').waitFor();
    expect(await feed.getByRole('listitem').count()).toBe(10);
    await feed.getByRole('button', { name: 'Show more' }).click();
    await feed.getByText('Showing 20 of 23').waitFor();
    await feed.getByRole('button', { name: 'Show more' }).click();
    await feed.getByText('Showing 23 of 23').waitFor();
    expect(await feed.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    // SQUAD's pool has no bonus pool: no bonus filter.
    expect(await feed.getByText('Performance Bonuses').count()).toBe(0);
    await feed.getByRole('img', { name: 'Elimination' }).first().waitFor();
    // The replay clock runs fast, so only the unit is certain.
    await feed
      .getByText(/^\d+ (min|h) ago$/)
      .first()
      .waitFor();

    const desk = deskCard(page);
    await desk.getByRole('heading', { name: 'Grand slams pay double this week', level: 3 }).waitFor();
    await desk.getByRole('heading', { name: 'Welcome to the Squad!' }).waitFor();
    const inline = desk.getByRole('link', { name: 'https://example.com/bonus-rules' });
    expect(await inline.getAttribute('href')).toBe('https://example.com/bonus-rules');
    expect(await inline.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      await desk.getByRole('link', { name: 'https://example.com/bonus', exact: true }).getAttribute('href'),
    ).toBe('https://example.com/bonus');
    // Markup stays text, and a javascript: link is no link at all.
    await desk.getByText('<b>Pay your buy-in</b> by Friday.').waitFor();
    expect(await desk.locator('b').count()).toBe(0);
    expect(await desk.locator('a[href^="javascript"]').count()).toBe(0);
    await desk.getByText('Bonus', { exact: true }).waitFor();
    await desk
      .getByText(/^\d+ h ago$/)
      .first()
      .waitFor();
    expect(await desk.getByRole('article').count()).toBe(3);
    await desk.getByRole('button', { name: 'Show more posts' }).click();
    expect(await desk.getByRole('article').count()).toBe(5);
    await screenshot(page, `news-feed-data-${label}`);
    await expectNoAxeViolations(page, 'news feed');
    await context.close();
  });

  it('says so when the feed or the posts cannot be loaded, and retries', async () => {
    const { context, page } = await newPage(viewport);
    let failing = true;
    await context.route('**/api/feed/**', (route) =>
      failing
        ? route.fulfill({ status: 500, json: { message: 'The feed is resting.' } })
        : route.fulfill({ json: manyEvents(2) }),
    );
    await context.route('**/admin/commishPosts/**', (route) =>
      route.fulfill({ status: 500, json: { message: 'The desk is closed.' } }),
    );
    await page.goto(OFFICE_MLB);
    const feed = feedCard(page);
    await feed.getByRole('alert').getByText('The feed is resting.').waitFor();
    await deskCard(page).getByRole('alert').getByText('The desk is closed.').waitFor();
    await screenshot(page, `news-feed-error-${label}`);
    failing = false;
    await feed.getByRole('button', { name: 'Try again' }).click();
    await feed.getByText('Event number 2').waitFor();
    await context.close();
  });
});

describe('the news as it happened', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ])('dates the news of past weeks when they were judged, never "just now" (%s)', async (label, viewport) => {
    const { context, page } = await newPage(viewport);
    await page.goto(OFFICE_MLB);
    const news = feedCard(page).getByRole('list', { name: 'News' });
    await news.waitFor();
    // The demo's weeks were judged when its server first started; their news tells of weeks long past.
    const items = news.getByRole('listitem').filter({ hasText: /in Week \d+/ });
    await items.first().waitFor();
    const times = await items.locator('time').allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    for (const text of times) expect(text).not.toMatch(/just now|min ago/);
    await screenshot(page, `news-feed-dated-${label}`);
    await context.close();
  });

  it("tells of the Commish's change of lives in plain grammar", async () => {
    const { context, page } = await newPage();
    const username = uniqueName('lives');
    await registerConfirmed(page, {
      username,
      nameFirst: 'Life',
      nameLast: 'Saver',
      password: 'lives-password',
    });
    await page.goto(NBA_GLOBAL);
    await page.getByRole('button', { name: 'SIGN UP!' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'CONFIRM SIGN UP' }).click();
    await page.getByText("You're in! Good luck this season.").waitFor();
    const data = await (await page.request.get('/api/loadPool/nba/ala/2023/0/reg')).json();
    const entry = data.viewer.entries[0] as { id: number; lives: number };

    const commish = await newPage();
    await logInByApi(commish.page, 'commish');
    const change = async (oldLives: number, newLives: number) => {
      const answer = await commish.page.request.post('/admin/editUserLives', {
        data: {
          userSeasonId: entry.id,
          lifeAction: newLives > oldLives ? 'increase' : 'decrease',
          actionDesc: 'A ruling of the Commish.',
          oldLives,
          newLives,
        },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    };
    await change(entry.lives, 0);
    await change(0, entry.lives);
    await commish.context.close();

    await page.reload();
    const feed = feedCard(page);
    await feed
      .getByText(
        `The Commish lowered ${username}'s lives from ${entry.lives} to 0, so ${username} is eliminated`,
      )
      .waitFor();
    await feed
      .getByText(
        `The Commish raised ${username}'s lives from 0 to ${entry.lives}, so ${username} is back in the pool`,
      )
      .waitFor();
    await context.close();
  });
});
