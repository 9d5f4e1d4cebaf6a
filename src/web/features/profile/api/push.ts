import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PUSH_CHOICES,
  type PushChoices,
  type PushDevice,
  PushMessageResponseSchema,
  type PushStateResponse,
  PushStateResponseSchema,
  type PushSubscribeRequest,
  PushSubscribeResponseSchema,
} from '../../../../core/contracts/push';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { profileKeys } from '../../../lib/query-keys';
import { base64UrlToBytes, type PushEnvironment, sameKey } from '../push-support';

/** The server's answer, with the push address of this browser's subscription (null when it has none). */
export type PushState = PushStateResponse & { endpoint: string | null };

/** How long turning on waits for the app's service worker before saying it never came. */
const WORKER_WAIT_MS = 10_000;

const NO_WORKER =
  "The app's background worker did not start on this device, so it cannot get notifications. Reload the page and try again.";

/** What this browser has for web push (support is decided by pushSupportOf). */
export function readPushEnvironment(): PushEnvironment {
  if (typeof window === 'undefined') {
    return {
      hasServiceWorker: false,
      hasPushManager: false,
      hasNotification: false,
      userAgent: '',
      maxTouchPoints: 0,
      standalone: false,
    };
  }
  const hasNotification = 'Notification' in window;
  return {
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    permission: hasNotification ? Notification.permission : undefined,
  };
}

/** This browser's push subscription, if it has one; asks no permission and starts no worker. */
async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The app's service worker once it runs, or a clear error when none starts. */
function workerReady(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(NO_WORKER)), WORKER_WAIT_MS);
    navigator.serviceWorker.ready.then(
      (registration) => {
        clearTimeout(timer);
        resolve(registration);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The subscription as the server takes it: `PushSubscription.toJSON()`'s address and keys. */
function subscriptionBody(subscription: PushSubscription): PushSubscribeRequest['subscription'] {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** This browser's subscription for the server's key: the one it has, or a new one. */
async function subscribe(publicKey: string): Promise<PushSubscription> {
  const registration = await workerReady();
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    return (
      subscription ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
    );
  } catch (error) {
    throw new Error(
      `This browser could not turn on notifications: ${error instanceof Error ? error.message : error}`,
    );
  }
}

function putDevice(subscription: PushSubscription, choices: PushChoices) {
  return apiFetch('/api/push/subscription', {
    method: 'PUT',
    body: { subscription: subscriptionBody(subscription), choices },
    schema: PushSubscribeResponseSchema,
  });
}

/** The device saved (turned on or its choices changed) in the cached state, as this browser's. */
function withDevice(old: PushState | undefined, device: PushDevice): PushState | undefined {
  return (
    old && {
      ...old,
      endpoint: device.endpoint,
      devices: [...old.devices.filter((each) => each.endpoint !== device.endpoint), device],
    }
  );
}

/**
 * The server's VAPID key and the user's devices with notifications on, and which of them this browser is.
 * Asked only where the browser can get notifications (the card asks for it there alone).
 */
export function usePushState() {
  return useQuery<PushState>({
    queryKey: profileKeys.push,
    queryFn: async () => {
      const [answer, subscription] = await Promise.all([
        apiFetch('/api/push', { schema: PushStateResponseSchema }),
        browserSubscription().catch(() => null),
      ]);
      return { ...answer, endpoint: subscription?.endpoint ?? null };
    },
  });
}

/**
 * Turns notifications on for this device with the default choices. The permission is asked by the tap
 * itself (Safari grants the prompt only to a user's gesture) and handed in; anything but granted answers
 * that permission and subscribes nothing.
 */
export function useTurnOnPush() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (input: { publicKey: string; permission: Promise<NotificationPermission> }) => {
      const permission = await input.permission;
      if (permission !== 'granted') return { permission, device: null };
      const subscription = await subscribe(input.publicKey);
      const answer = await putDevice(subscription, DEFAULT_PUSH_CHOICES);
      return { permission, device: answer.device };
    },
    onSuccess: ({ device }) => {
      if (device) client.setQueryData<PushState>(profileKeys.push, (old) => withDevice(old, device));
    },
  });
}

/** Saves what this device is pushed. */
export function useSavePushChoices() {
  const client = useQueryClient();
  return useSubmitMutation({
    // One save at a time, in the order made: each carries every choice, so the last one made wins.
    scope: { id: 'pushChoices' },
    mutationFn: async (choices: PushChoices) => {
      const subscription = await browserSubscription();
      if (!subscription) {
        // The browser dropped it (site data cleared): the card offers to turn on again.
        void client.invalidateQueries({ queryKey: profileKeys.push });
        throw new Error(
          'This browser no longer has its notification subscription. Turn notifications on again.',
        );
      }
      return putDevice(subscription, choices);
    },
    onSuccess: ({ device }) =>
      client.setQueryData<PushState>(profileKeys.push, (old) => withDevice(old, device)),
  });
}

/** Sends this device a test notification. */
export function useSendTestPush() {
  return useSubmitMutation({
    mutationFn: (endpoint: string) =>
      apiFetch('/api/push/test', { body: { endpoint }, schema: PushMessageResponseSchema }),
  });
}

/** Turns notifications off for this device: the browser drops its subscription, then the server. */
export function useTurnOffPush() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (endpoint: string) => {
      const subscription = await browserSubscription();
      if (subscription?.endpoint === endpoint) await subscription.unsubscribe();
      return apiFetch('/api/push/subscription', {
        method: 'DELETE',
        body: { endpoint },
        schema: PushMessageResponseSchema,
      });
    },
    onSuccess: (_answer, endpoint) =>
      client.setQueryData<PushState>(
        profileKeys.push,
        (old) =>
          old && {
            ...old,
            endpoint: null,
            devices: old.devices.filter((device) => device.endpoint !== endpoint),
          },
      ),
  });
}
