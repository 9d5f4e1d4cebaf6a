import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildRegistration } from '../test/factories';
import { createTestApp } from '../test/harness';
import { sentMail } from '../test/mail-capture';
import { publicUrl } from './public-url';

/** Registers through the given headers and answers the confirmation link's origin. */
async function linkOrigin(env: Record<string, string>, headers: Record<string, string>): Promise<string> {
  const { app } = await createTestApp({ env });
  const response = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: buildRegistration(),
    headers,
  });
  expect(response.statusCode).toBe(201);
  const mail = sentMail(app).at(-1);
  const link = mail?.text.match(/(\S+)\/verify-email\//)?.[1];
  if (!link) throw new Error(`no link in ${mail?.text}`);
  return link;
}

describe('e-mailed links without PUBLIC_URL', () => {
  const unset = { PUBLIC_URL: '', PORT: '3000' };

  it('follow the address the user opened when it names this machine', async () => {
    expect(await linkOrigin(unset, { host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(await linkOrigin(unset, { host: 'localhost:5173' })).toBe('http://localhost:5173');
    expect(await linkOrigin(unset, { host: '[::1]:3000' })).toBe('http://[::1]:3000');
    expect(await linkOrigin(unset, { host: `${hostname()}:3000` })).toBe(
      `http://${hostname().toLowerCase()}:3000`,
    );
  });

  it('outside a request (the reminder job) follow the address the site was last opened at', async () => {
    const { app, ctx } = await createTestApp({ env: unset });
    expect(publicUrl(ctx.config)).toBe('http://localhost:3000');
    await app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1:3000' } });
    // The same rule as the confirmation mail's: a reminder's link opens where the user's session lives.
    expect(publicUrl(ctx.config)).toBe('http://127.0.0.1:3000');
    await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.example' } });
    expect(publicUrl(ctx.config)).toBe('http://127.0.0.1:3000');
  });

  it('fall back to http://localhost:PORT for any other Host, so a forged one cannot redirect a reset link', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      '127.0.0.1.evil.example',
      'localhost@evil.example',
      `${hostname()}:4444`,
    ]) {
      expect(await linkOrigin(unset, { host }), host).toBe('http://localhost:3000');
    }
    // Forwarded headers count only from a trusted proxy.
    expect(
      await linkOrigin(unset, {
        host: 'evil.example',
        'x-forwarded-host': '127.0.0.1:3000',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('http://localhost:3000');
  });

  it('take the scheme and host a trusted proxy forwards, under the same allow list', async () => {
    const proxied = { ...unset, TRUST_PROXY: '1' };
    expect(
      await linkOrigin(proxied, {
        host: 'internal:8080',
        'x-forwarded-host': 'localhost:8443',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('https://localhost:8443');
    expect(
      await linkOrigin(proxied, {
        host: '127.0.0.1:3000',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('http://localhost:3000');
  });
});

describe('e-mailed links with PUBLIC_URL', () => {
  it('always use it, whatever the request says', async () => {
    const env = { PUBLIC_URL: 'https://survivor.example/' };
    expect(await linkOrigin(env, { host: '127.0.0.1:3000' })).toBe('https://survivor.example');
    expect(await linkOrigin(env, { host: 'evil.example' })).toBe('https://survivor.example');
  });
});
