import { describe, expect, it } from 'vitest';
import {
  base64UrlToBytes,
  otherDevicesText,
  type PushEnvironment,
  pushSupportOf,
  sameKey,
} from './push-support';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const full: PushEnvironment = {
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  userAgent: ANDROID,
  maxTouchPoints: 5,
  standalone: false,
  permission: 'default',
};
/** Safari in a tab on iOS: no push API. */
const iosTab: PushEnvironment = { ...full, hasPushManager: false, hasNotification: false, userAgent: IPHONE };

describe('pushSupportOf', () => {
  it('offers notifications where the browser has the push API, unless the user blocked them', () => {
    expect(pushSupportOf(full)).toBe('available');
    expect(pushSupportOf({ ...full, permission: 'granted' })).toBe('available');
    expect(pushSupportOf({ ...full, permission: 'denied' })).toBe('blocked');
    // The installed app on an iPhone has it.
    expect(pushSupportOf({ ...full, userAgent: IPHONE, standalone: true })).toBe('available');
  });

  it('asks an iPhone or iPad in a browser tab to add the app to the Home Screen first', () => {
    expect(pushSupportOf(iosTab)).toBe('install-first');
    expect(pushSupportOf({ ...iosTab, userAgent: IPAD_AS_MAC })).toBe('install-first');
    // A Mac without a touch screen is a Mac: its Safari lacking push is just unsupported.
    expect(pushSupportOf({ ...iosTab, userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe('unsupported');
  });

  it('says unsupported when any part of the push API is missing', () => {
    expect(pushSupportOf({ ...full, hasPushManager: false })).toBe('unsupported');
    expect(pushSupportOf({ ...full, hasServiceWorker: false })).toBe('unsupported');
    expect(pushSupportOf({ ...full, hasNotification: false, permission: undefined })).toBe('unsupported');
    // Installed on an old iOS without web push: adding it again would not help.
    expect(pushSupportOf({ ...iosTab, standalone: true })).toBe('unsupported');
  });
});

describe('base64UrlToBytes and sameKey', () => {
  it('decodes base64url with or without padding', () => {
    expect([...base64UrlToBytes('AQID-_8')]).toEqual([1, 2, 3, 251, 255]);
    expect([...base64UrlToBytes('AQID-_8=')]).toEqual([1, 2, 3, 251, 255]);
    const key = new Uint8Array(65).map((_, index) => (index * 37) % 256);
    const text = Buffer.from(key).toString('base64url');
    expect(base64UrlToBytes(text)).toEqual(key);
  });

  it('tells a subscription made with the same key from one made with another', () => {
    const key = base64UrlToBytes('AQID-_8');
    expect(sameKey(new Uint8Array([1, 2, 3, 251, 255]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 3, 251, 254]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});

describe('otherDevicesText', () => {
  it('counts the other devices, and says nothing of none', () => {
    expect(otherDevicesText(0, true)).toBeNull();
    expect(otherDevicesText(1, true)).toBe('Also on 1 other device.');
    expect(otherDevicesText(2, true)).toBe('Also on 2 other devices.');
    expect(otherDevicesText(2, false)).toBe('Notifications are on for 2 other devices of yours.');
  });
});
