import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { registerUser } from '../test/factories';
import { createTestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { ssrDirOf, viewerZone } from './server-render';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>ALA</title>
    <script async src="/assets/route-preload-AbC123.js"></script>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/mantine-AbC123.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** How long the stand-in takes on /slow: longer than any budget below, and than the wait on it. */
const SLOW_RENDER_MS = timeLimit(2000);

/**
 * A stand-in for the web build's server bundle (src/web/entry-server.tsx): it renders /ok with what the
 * API told it, fails on /fail and takes its time on /slow; the rest it does not render.
 */
const ENTRY = `
export function isServerRendered(pathname) {
  return ['/ok', '/fail', '/slow', '/count'].includes(pathname);
}
export async function render(request) {
  if (request.url === '/count') {
    globalThis.countRenders = (globalThis.countRenders ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (request.url === '/fail') throw new Error('no such page');
  if (request.url === '/slow') {
    globalThis.slowRenders = (globalThis.slowRenders ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, ${SLOW_RENDER_MS}));
  }
  const answer = await request.api('/api/currentUser', { method: 'GET' });
  const users = await answer.json();
  const name = users.length > 0 ? users[0].username : 'visitor';
  return {
    html: '<main><p>' + name + ' in ' + request.zone + (request.phone ? ' on a phone' : '') + '</p></main>',
    data: JSON.stringify({ status: answer.status }),
    passes: 1,
    steps: [{ name: 'render1', ms: 1 }],
  };
}
`;

/** How many /slow renders the stand-in has started (it counts them on the global object). */
const slowRenders = () => (globalThis as { slowRenders?: number }).slowRenders ?? 0;
/** How many /count renders the stand-in has started. */
const countRenders = () => (globalThis as { countRenders?: number }).countRenders ?? 0;

describe('pages rendered on the server', () => {
  let webDir: string;
  beforeAll(() => {
    webDir = mkdtempSync(path.join(tmpdir(), 'ala-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    mkdirSync(ssrDirOf(webDir));
    writeFileSync(path.join(ssrDirOf(webDir), 'package.json'), '{ "type": "module" }');
    writeFileSync(path.join(ssrDirOf(webDir), 'entry-server.js'), ENTRY);
  });
  afterAll(() => {
    rmSync(webDir, { recursive: true, force: true });
    rmSync(ssrDirOf(webDir), { recursive: true, force: true });
  });

  it("renders a page with the visitor's own API answers, its code left to load after the paint", async () => {
    const { ctx, app: api } = await createTestApp({
      env: { WEB_DIR: webDir, SSR_BUDGET_MS: String(timeLimit(1000)) },
    });
    const app = await buildApp(ctx);
    try {
      const user = await registerUser(api);
      const page = await app.inject({
        url: '/ok',
        headers: {
          cookie: `${user.cookie}; ala.tz=America/Chicago`,
          'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36',
          'accept-encoding': 'br',
        },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(page.rawPayload).toString();
      expect(html).toContain(
        `<div id="root"><main><p>${user.username} in America/Chicago on a phone</p></main></div>` +
          '<script type="application/json" id="ala-ssr">{"status":200}</script>',
      );
      expect(html).toContain('<html data-server-rendered lang="en">');
      // The route preload script loads the entry once the page has painted; the page names no module.
      expect(html).toContain('<script async src="/assets/route-preload-AbC123.js"></script>');
      expect(html).not.toContain('type="module"');
      expect(html).not.toContain('modulepreload');

      const visitor = await app.inject({ url: '/ok' });
      expect(visitor.body).toContain('<p>visitor in UTC</p>');
      // The device guess: Chromium's client hint, else the User-Agent; a desk's browser gets the table views.
      const desk =
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
      const hinted = await app.inject({
        url: '/ok',
        headers: { 'user-agent': desk, 'sec-ch-ua-mobile': '?1' },
      });
      expect(hinted.body).toContain('<p>visitor in UTC on a phone</p>');
      const atDesk = await app.inject({
        url: '/ok',
        headers: { 'user-agent': desk, 'sec-ch-ua-mobile': '?0' },
      });
      expect(atDesk.body).toContain('<p>visitor in UTC</p>');
    } finally {
      await app.close();
    }
  });

  it('sends the plain app for a page it does not render, a failed render and one past the budget', async () => {
    const { ctx } = await createTestApp({ env: { WEB_DIR: webDir, SSR_BUDGET_MS: '200' } });
    const app = await buildApp(ctx);
    try {
      for (const url of ['/profile', '/fail', '/slow']) {
        const started = Date.now();
        const page = await app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toBe(INDEX);
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(Date.now() - started, url).toBeLessThan(timeLimit(1500));
      }
      // Asked for, by a cookie.
      const asked = await app.inject({ url: '/ok', headers: { cookie: 'ala.ssr=off' } });
      expect(asked.body).toBe(INDEX);
      // HEAD, as before, is the plain file.
      const head = await app.inject({ method: 'HEAD', url: '/ok' });
      expect(head.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('sends the plain app at once while as many pages as allowed render, and renders again after', async () => {
    const { ctx } = await createTestApp({
      env: { WEB_DIR: webDir, SSR_BUDGET_MS: String(SLOW_RENDER_MS * 2), SSR_CONCURRENCY: '1' },
    });
    const app = await buildApp(ctx);
    try {
      const before = slowRenders();
      const slow = app.inject({ url: '/slow' });
      // Once the slow render is under way, a page it would render is not queued behind it.
      while (slowRenders() === before) await new Promise((resolve) => setTimeout(resolve, 10));
      const started = Date.now();
      const shed = await app.inject({ url: '/ok' });
      expect(shed.body).toBe(INDEX);
      expect(Date.now() - started).toBeLessThan(SLOW_RENDER_MS);
      expect((await slow).body).toContain('visitor in');
      expect((await app.inject({ url: '/ok' })).body).toContain('<main><p>visitor in');
      const metrics = await ctx.metrics?.registry.getSingleMetricAsString('ala_ssr_shed_total');
      expect(metrics).toMatch(/ala_ssr_shed_total 1$/m);
    } finally {
      await app.close();
    }
  });

  it('renders a page once for every visitor without a session, until a pool changes', async () => {
    // A budget no render here comes near: this test counts renders, and a render cut short by a busy
    // machine (the plain app sent instead) once failed it.
    const { ctx } = await createTestApp({
      env: { WEB_DIR: webDir, SSR_BUDGET_MS: String(timeLimit(10_000)), SSR_CONCURRENCY: '1' },
    });
    const app = await buildApp(ctx);
    try {
      const before = countRenders();
      // Twenty at once with room for one render: they wait for it rather than get the plain app.
      const flood = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({ url: '/count', headers: { 'accept-encoding': 'gzip' } }),
        ),
      );
      expect(flood.every((page) => page.headers['content-encoding'] === 'gzip')).toBe(true);
      expect(new Set(flood.map((page) => page.rawPayload.toString('base64'))).size).toBe(1);
      expect((await app.inject({ url: '/count' })).body).toContain('<p>visitor in UTC</p>');
      expect(countRenders() - before).toBe(1);
      // Another zone or layout is another page.
      await app.inject({ url: '/count', headers: { cookie: 'ala.tz=Europe/Paris' } });
      expect(countRenders() - before).toBe(2);
      // A pool's change (from any instance, through the bus) makes the next view a new render.
      ctx.bus?.publish({ poolId: 1, topic: 'picks' });
      await app.inject({ url: '/count' });
      expect(countRenders() - before).toBe(3);
      await app.inject({ url: '/count' });
      expect(countRenders() - before).toBe(3);
      // So does any write this instance answers (a league's pages change without a pool's live update).
      const user = await registerUser(app);
      await app.inject({ url: '/count' });
      expect(countRenders() - before).toBe(4);
      // A signed-in visitor's page is their own: rendered for each request.
      for (let i = 0; i < 2; i++) {
        const page = await app.inject({ url: '/count', headers: { cookie: user.cookie } });
        expect(page.body).toContain(`<p>${user.username} in UTC</p>`);
      }
      expect(countRenders() - before).toBe(6);
    } finally {
      await app.close();
    }
  });

  it('sends the plain app always when SSR_BUDGET_MS is 0', async () => {
    const { ctx } = await createTestApp({ env: { WEB_DIR: webDir, SSR_BUDGET_MS: '0' } });
    const app = await buildApp(ctx);
    try {
      expect((await app.inject({ url: '/ok' })).body).toBe(INDEX);
    } finally {
      await app.close();
    }
  });

  it("reads the viewer's zone only when this server knows it", () => {
    expect(viewerZone('America/New_York')).toBe('America/New_York');
    expect(viewerZone(undefined)).toBe('UTC');
    expect(viewerZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(viewerZone(`${'x'.repeat(80)}`)).toBe('UTC');
  });
});
