/**
 * What the profile's notification card can offer on this browser, worked out from what the browser has:
 * pure, so that the card's choices are tested without a browser.
 */

/** The browser facts the card decides on (push-settings-card.tsx reads them from the browser). */
export interface PushEnvironment {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  userAgent: string;
  /** An iPad's Safari names itself a Mac: its touch screen tells them apart. */
  maxTouchPoints: number;
  /** Running as the installed app (from the Home Screen), not in a browser tab. */
  standalone: boolean;
  /** Notification.permission, when the browser has notifications. */
  permission?: NotificationPermission;
}

/**
 * `available`: the card offers to turn notifications on; `blocked`: the user blocked them for the site;
 * `install-first`: an iPhone or iPad gets web push only in the app added to the Home Screen;
 * `unsupported`: this browser cannot get them at all.
 */
export type PushSupport = 'available' | 'blocked' | 'install-first' | 'unsupported';

/** True on an iPhone, iPod or iPad (iPadOS Safari names itself a Mac with a touch screen). */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupportOf(environment: PushEnvironment): PushSupport {
  if (environment.hasServiceWorker && environment.hasPushManager && environment.hasNotification) {
    return environment.permission === 'denied' ? 'blocked' : 'available';
  }
  // iOS hides the push API from Safari's tabs and shows it to the installed app only.
  if (isAppleMobile(environment.userAgent, environment.maxTouchPoints) && !environment.standalone) {
    return 'install-first';
  }
  return 'unsupported';
}

/** The bytes of a base64url text (the server's VAPID public key), as PushManager.subscribe takes them. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * True when a subscription was made with this key: one made with another key (the server's key was
 * replaced) cannot be pushed to, and the browser refuses a new subscription until it is dropped.
 */
export function sameKey(subscriptionKey: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!subscriptionKey || subscriptionKey.byteLength !== key.length) return false;
  const bytes = new Uint8Array(subscriptionKey);
  return bytes.every((byte, index) => byte === key[index]);
}

/** The line about the user's other devices with notifications on; none when there are none. */
export function otherDevicesText(count: number, thisDeviceOn: boolean): string | null {
  if (count <= 0) return null;
  const devices = count === 1 ? '1 other device' : `${count} other devices`;
  return thisDeviceOn ? `Also on ${devices}.` : `Notifications are on for ${devices} of yours.`;
}
