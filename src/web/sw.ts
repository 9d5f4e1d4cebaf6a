/// <reference lib="webworker" />
/**
 * The web app's service worker (docs/decisions/041-installable-app.md), built by vite-plugin-pwa to /sw.js
 * with the list of the build's files to keep. It keeps the app's code, styles, icons and offline page for
 * fast repeat visits; every page and every API answer comes from the network, and a page the network cannot
 * bring is answered with the offline page. It also shows the server's push messages.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { API_PREFIXES } from '../core/contracts/api-paths';
import {
  mayKeep,
  notificationTarget,
  OFFLINE_PAGE,
  readPushMessage,
  SKIP_WAITING,
} from './lib/service-worker-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const entryPath = (entry: PrecacheEntry | string) =>
  new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname;

// The build lists what to keep (vite.config.ts); the rule holds here too, whatever the list says. No
// directory index or clean URLs: a page's address never matches a kept file.
precacheAndRoute(
  self.__WB_MANIFEST.filter((entry) => mayKeep(entryPath(entry))),
  { directoryIndex: '', cleanURLs: false },
);
cleanupOutdatedCaches();

// A page from the network, as if there were no worker (the preloaded answer when the browser started it
// while the worker woke up); the offline page only when the network fails. API addresses opened as pages
// (sign-in callbacks, calendar files) are left to the browser altogether.
const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    {
      denylist: API_PREFIXES.map((prefix) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
    },
  ),
);

// Where the browser can (Chrome's static routes), API requests skip the worker altogether: it is not even
// woken for them.
self.addEventListener('install', (event) => {
  const routed = event as ExtendableEvent & { addRoutes?: (rules: unknown[]) => Promise<void> };
  if (!routed.addRoutes) return;
  const rules = API_PREFIXES.map((prefix) => ({
    condition: { urlPattern: `${prefix}*` },
    source: 'network',
  }));
  event.waitUntil(routed.addRoutes(rules).catch(() => undefined));
});

// A new worker waits until every tab of the old one is closed, or until the player asks for the new version
// (src/web/shell/app-updates.tsx): a tab is never switched to new code mid-action.
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The page's request starts while the worker wakes up instead of after.
      await self.registration.navigationPreload?.enable();
      // The tab that installed the first worker uses it too (its later chunks, offline).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  const message = readPushMessage(data);
  // renotify is not in TypeScript's notification options yet.
  const options: NotificationOptions & { renotify: boolean } = {
    body: message.body,
    tag: message.tag,
    data: { url: message.url },
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    renotify: false,
  };
  event.waitUntil(self.registration.showNotification(message.title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationTarget(event.notification.data?.url, self.location.origin);
  event.waitUntil(openApp(url));
});

/** Brings a window of the app to the front at this address, or opens one there. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Brought to the front at once, while the tap still allows it, and sent to the address meanwhile: a
    // window's navigation does not wait on its focus. A window this worker does not control refuses the
    // address: a new window then.
    const focusing = open.focus().catch(() => undefined);
    const navigated = await open.navigate(url).catch(() => null);
    await focusing;
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}
