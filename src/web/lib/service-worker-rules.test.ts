import { describe, expect, it } from 'vitest';
import { API_PREFIXES } from '../../core/contracts/api-paths';
import { mayKeep, notificationTarget, OFFLINE_PAGE, readPushMessage } from './service-worker-rules';

describe('mayKeep', () => {
  it("keeps the build's hashed code and styles, the icons and the offline page", () => {
    expect(mayKeep('/assets/index-BHsi4cdE.js')).toBe(true);
    expect(mayKeep('/assets/index-Bp-CpzYm.css')).toBe(true);
    expect(mayKeep('/assets/route-preload-D1x2y3z4.js')).toBe(true);
    expect(mayKeep('/icons/icon-192.png')).toBe(true);
    expect(mayKeep(OFFLINE_PAGE)).toBe(true);
    expect(mayKeep('/offline.js')).toBe(true);
  });

  it('never keeps an API answer, whatever its name', () => {
    for (const prefix of API_PREFIXES) {
      expect(mayKeep(prefix)).toBe(false);
      expect(mayKeep(`${prefix}assets/x.js`)).toBe(false);
      expect(mayKeep(`${prefix}icons/x.png`)).toBe(false);
    }
    expect(mayKeep('/api/loadPool/mlb/ala/2023/0/reg')).toBe(false);
    expect(mayKeep('/api/live/4')).toBe(false);
  });

  it("never keeps a page's HTML, nor the worker or the manifest", () => {
    for (const page of [
      '/',
      '/index.html',
      '/mlb/ala/2023/reg/0',
      '/mlb/ala/2023/reg/0/makepicks',
      '/league/ala',
      '/leagues/allpools',
      '/assets/',
      '/assets/page.html',
      '/assets/nested/x.js',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      expect(mayKeep(page), page).toBe(false);
    }
  });
});

describe('readPushMessage', () => {
  it('reads the server’s message as it is', () => {
    const message = {
      title: 'Picks due',
      body: 'Week 3 locks at 7 PM',
      url: '/mlb/ala/2023/reg/0',
      tag: 'due-4',
    };
    expect(readPushMessage(message)).toEqual(message);
  });

  it('shows the app’s own notification for a message it cannot read', () => {
    expect(readPushMessage(undefined)).toEqual({ title: 'ALA Survivor', body: '', url: '/', tag: 'ala' });
    expect(readPushMessage('text')).toEqual({ title: 'ALA Survivor', body: '', url: '/', tag: 'ala' });
    expect(readPushMessage({ title: 3, body: ' ', url: null, tag: 'x' })).toEqual({
      title: 'ALA Survivor',
      body: '',
      url: '/',
      tag: 'x',
    });
  });
});

describe('notificationTarget', () => {
  const origin = 'https://survivor.example';

  it('opens a path of this site, with its query and hash', () => {
    expect(notificationTarget('/mlb/ala/2023/reg/0/makepicks?entry=2#week', origin)).toBe(
      `${origin}/mlb/ala/2023/reg/0/makepicks?entry=2#week`,
    );
    expect(notificationTarget(`${origin}/league/ala`, origin)).toBe(`${origin}/league/ala`);
  });

  it('opens the home page for anything that would leave the site', () => {
    for (const url of [
      'https://elsewhere.example/phish',
      '//elsewhere.example/phish',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'http://survivor.example/plain-http',
      42,
      undefined,
    ]) {
      expect(notificationTarget(url, origin), String(url)).toBe(`${origin}/`);
    }
  });
});
