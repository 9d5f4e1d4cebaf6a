import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { precompress } from '../../scripts/precompress.mjs';
import { buildApp } from './app';
import { registerUser } from './test/factories';
import { createTestApp } from './test/harness';
import { timeLimit } from './test/time-limit';

describe('the general rate limit', () => {
  it(
    'limits an API route however its path is spelled',
    async () => {
      const { app } = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
      // The mail routes allow 30 an hour, every other API route RATE_LIMIT_MAX a minute.
      const cases = [
        ['POST', '/admin/emailUsers', '/%61dmin/emailUsers', 401, 30],
        ['POST', '/leagueRoutes/inviteByEmail', '/leagueRout%65s/inviteByEmail', 401, 30],
        ['GET', '/api/authConfig', '/%61pi/authConfig', 200, 3],
      ] as const;
      for (const [index, [method, plain, encoded, status, max]] of cases.entries()) {
        // Each case from its own address: the limits count per client address.
        const send = (url: string) =>
          app.inject({
            method,
            url,
            remoteAddress: `10.0.0.${index + 1}`,
            ...(method === 'POST' ? { payload: {} } : {}),
          });
        const statuses: number[] = [];
        for (let i = 0; i <= max; i += 1) statuses.push((await send(i % 2 ? plain : encoded)).statusCode);
        // The encoded spelling reaches the same route (a visitor gets its 401, not a 404) and counts.
        expect(statuses.slice(0, max), encoded).toEqual(Array(max).fill(status));
        expect(statuses[max], encoded).toBe(429);
        const blocked = await send(encoded);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().message).toMatch(/Too many requests/);
      }
    },
    timeLimit(120_000),
  );

  it('leaves pages and static files unlimited', async () => {
    const { app } = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    for (let i = 0; i < 5; i += 1) expect((await app.inject({ url: '/some/page' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/nba19/offline' })).statusCode).toBe(302);
    expect((await app.inject({ url: '/nba19/offline' })).statusCode).toBe(302);
    expect((await app.inject({ url: '/nba19/offline' })).statusCode).toBe(302);
  });
});

describe('checks by path', () => {
  it('refuses a non-admin an encoded admin path before reading the body, as the plain one', async () => {
    const { app } = await createTestApp();
    const user = await registerUser(app, { username: 'plain' });
    for (const url of ['/admin/super/addChangelogEntry', '/%61dmin/super/addChangelogEntry']) {
      // A body that is not even an object: the role is checked first, whatever the spelling.
      const answer = await app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload: [] });
      expect(answer.statusCode, url).toBe(403);
    }
  });
});

describe('Cache-Control on API answers', () => {
  it('is no-store on every API answer, errors and unknown API paths included', async () => {
    const { app } = await createTestApp();
    const user = await registerUser(app, { username: 'cacher' });
    const answers = [
      await app.inject({ url: '/api/currentUser', headers: { cookie: user.cookie } }),
      await app.inject({ url: '/api/currentUser' }),
      await app.inject({ url: '/user/cacher', headers: { cookie: user.cookie } }),
      await app.inject({ url: '/leagueRoutes/myLeagues', headers: { cookie: user.cookie } }),
      await app.inject({ url: '/admin/outbox', headers: { cookie: user.cookie } }),
      await app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'x', password: 'y' } }),
      await app.inject({ url: '/pools/nothing-here' }),
      await app.inject({ url: '/api/no-such-thing' }),
      await app.inject({ url: '/%61pi/currentUser', headers: { cookie: user.cookie } }),
      await app.inject({ url: '/%61pi/no-such-thing' }),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control'], `${answer.statusCode} ${answer.body}`).toBe('no-store');
    }
  });

  it('answers an unknown API path, however spelled, with a JSON 404 and not the web app', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'ala-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>ALA</title>');
    const { ctx } = await createTestApp({ env: { WEB_DIR: webDir } });
    const app = await buildApp(ctx);
    try {
      const page = await app.inject({ url: '/league/ala' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).not.toBe('no-store');
      for (const url of ['/api/no-such-thing', '/%61pi/no-such-thing', '/le%61gueRoutes/nope?x=1']) {
        const answer = await app.inject({ url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ message: 'Not found.' });
      }
    } finally {
      await app.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('sends the precompressed copies as accepted, hashed assets immutable and the page revalidated', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'ala-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    const html = `<!doctype html><title>ALA</title>${' '.repeat(2000)}`;
    const script = `console.log(${JSON.stringify('x'.repeat(3000))});`;
    writeFileSync(path.join(webDir, 'index.html'), html);
    writeFileSync(path.join(webDir, 'assets/main-AbC123.js'), script);
    expect(precompress(webDir)).toBe(2);
    const { ctx } = await createTestApp({ env: { WEB_DIR: webDir } });
    const app = await buildApp(ctx);
    try {
      const asset = (encoding?: string) =>
        app.inject({
          url: '/assets/main-AbC123.js',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const brotli = await asset('gzip, deflate, br');
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      const gzip = await asset('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await asset();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      for (const url of ['/index.html', '/league/ala']) {
        const page = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(page.headers['content-encoding'], url).toBe('br');
        expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(html);
      }
    } finally {
      await app.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
