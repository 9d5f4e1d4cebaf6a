import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { mayKeep } from '../src/web/lib/service-worker-rules';
import { BASE_URL, closeBrowser, newPage, PHONE } from './support/browser';

afterAll(closeBrowser);

const POOL = '/mlb/ala/2023/reg/0';
/** A concluded pool past its third week: its Home shows the Pool Health Report. */
const MLB_2022 = '/mlb/ala/2022/reg/0';

/** The chunks the document preloads, as file names without their hash. */
async function preloaded(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) =>
      links.map((link) =>
        (link.getAttribute('href') ?? '').replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''),
      ),
    );
}

describe('a page preloads its own chunks at once', () => {
  it("preloads the opened pool tab's chunks, not another tab's, before the app runs", async () => {
    const { context, page } = await newPage(PHONE);
    // Without the app's entry, nothing imports lazily: what is preloaded, the document asked for.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    const opened = async (address: string) => {
      await page.goto(address);
      await page.waitForFunction(
        () => document.querySelectorAll('link[rel="modulepreload"]').length > 20,
        null,
        {
          timeout: 10_000,
        },
      );
      return preloaded(page);
    };
    const standings = await opened(`${POOL}/standings`);
    expect(standings).toContain('pool');
    expect(standings).toContain('standings-tab');
    expect(standings).not.toContain('pool-home');

    const home = await opened(POOL);
    expect(home).toContain('pool-home');
    expect(home).not.toContain('standings-tab');

    await page.goto('/');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].some((link) =>
        /\/landing-/.test(link.getAttribute('href') ?? ''),
      ),
    );
    await context.close();
  });

  it('serves the preload script compressed and cached for good', async () => {
    const { context, page } = await newPage(PHONE);
    const html = await (await page.request.get(POOL)).text();
    const src = html.match(/<script async src="(\/assets\/route-preload-[\w-]+\.js)"/)?.[1];
    expect(src).toBeDefined();
    const response = await page.request.get(src ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding']).toBe('br');
    await context.close();
  });
});

describe('the Pool Health chart on a phone', () => {
  it('loads the chart library only when the player scrolls to the report', async () => {
    const { context, page } = await newPage(PHONE);
    await page.route('**/api/poolHealth/**', (route) =>
      route.fulfill({
        json: {
          keys: ['1x Lives', '2x Lives'],
          weeks: [1, 2, 3, 4].map((week) => ({ week, '1x Lives': week, '2x Lives': 4 - week })),
        },
      }),
    );
    const chartRequests: string[] = [];
    page.on('request', (request) => {
      if (/pool-health-chart/.test(request.url())) chartRequests.push(request.url());
    });
    // The page's timers run on a clock the test can move: two seconds pass without being waited for.
    await page.clock.install();
    await page.goto(MLB_2022);
    const card = page.getByRole('region', { name: 'Pool Health Report' });
    await card.getByText(/\d+ entered · \d+ remaining/).waitFor();
    // Far below the fold of a phone: neither the library nor the drawing yet, two seconds on.
    await page.clock.runFor(2000);
    expect(chartRequests).toEqual([]);
    expect(await card.locator('.recharts-surface').count()).toBe(0);

    await card.scrollIntoViewIfNeeded();
    await card.locator('.recharts-surface').first().waitFor();
    expect(chartRequests.length).toBeGreaterThan(0);
    await context.close();
  });
});

/** A phone with the app's service worker, on a pool page the worker has taken over. */
async function controlledPage() {
  const opened = await newPage(PHONE, { serviceWorkers: 'allow' });
  await opened.page.goto(POOL);
  // The first worker takes over the page that installed it, once it has kept the app's files.
  await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  });
  return opened;
}

describe('the installable app (decision 041)', () => {
  it('is installable: its manifest reads without errors, on server-rendered pages too', async () => {
    const { context, page } = await newPage(PHONE);
    await page.goto(POOL);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'ALA Survivor', display: 'standalone' });
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

    // A visitor without the test's cookie gets the server's render, with the same head.
    const rendered = await (await fetch(`${BASE_URL}${POOL}`)).text();
    expect(rendered).toContain('data-server-rendered');
    for (const tag of ['rel="manifest"', 'name="theme-color"', 'rel="apple-touch-icon"']) {
      expect(rendered).toContain(tag);
    }
    const worker = await fetch(`${BASE_URL}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifestFile = await fetch(`${BASE_URL}/manifest.webmanifest`);
    expect(manifestFile.headers.get('content-type')).toBe('application/manifest+json');
    await context.close();
  });

  it('answers a page the network cannot bring with the offline page, no API call from its cache, and shows a push', async () => {
    const { context, page } = await controlledPage();
    const kept = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    expect(kept).toContain('/offline.html');
    expect(kept.filter((path) => !mayKeep(path))).toEqual([]);

    await context.setOffline(true);
    await page.goto(`${POOL}/standings`);
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    // The pool's answer was fetched a moment ago: still none comes from the worker.
    const api = await page.evaluate(() =>
      fetch('/api/loadPool/mlb/ala/2023/0/reg').then(
        (answer) => answer.status,
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('tab', { name: 'Standings' }).waitFor();

    // A push, delivered by DevTools as a push service would, shows the server's message; its tap brings the
    // open window to the page the message names. Chromium's headless shell denies every page the permission to
    // show notifications: the worker's showNotification is watched instead, and handed the event a tap makes.
    const [worker] = context.serviceWorkers();
    await worker.evaluate(() => {
      const scope = self as unknown as ServiceWorkerGlobalScope & { shown: unknown[] };
      scope.shown = [];
      scope.registration.showNotification = async (title, options) => {
        scope.shown.push({ title, body: options?.body, url: options?.data?.url, tag: options?.tag });
      };
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const message = {
      title: 'You survived week 9',
      body: 'Pick for week 10 by Sunday.',
      url: POOL,
      tag: 'w9',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE_URL,
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });
    await expect
      .poll(() => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown))
      .toEqual([message]);
    const closed = await worker.evaluate((url) => {
      const tap = new Event('notificationclick') as Event & {
        notification: { data: { url: string }; close(): void; closed: boolean };
        waitUntil(work: Promise<unknown>): void;
      };
      tap.notification = {
        data: { url },
        closed: false,
        close() {
          this.closed = true;
        },
      };
      tap.waitUntil = () => undefined;
      self.dispatchEvent(tap);
      return tap.notification.closed;
    }, message.url);
    expect(closed).toBe(true);
    await page.waitForURL(`${BASE_URL}${POOL}`);
    await context.close();
  });

  it('offers a new version, and takes it only when the player reloads', async () => {
    const { context, page } = await controlledPage();
    // A new worker for the app's registration, as a deploy brings: its address differs, so it installs
    // and waits whatever its content.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?version=next'));
    const prompt = page.getByRole('status', { name: 'App update' });
    await prompt.getByText('New version available').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/sw\.js\?version=next$/,
    );
    await context.close();
  });
});
