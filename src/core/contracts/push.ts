import { z } from 'zod';
import { ReminderChoiceSchema } from './reminders';

/** The API of web push (issue 44): a player's devices and what each is pushed. */

export const PUSH_MESSAGES = {
  badSubscription:
    'The browser sent a push subscription this server cannot use. Turn notifications off and on again.',
  badEndpoint: 'That push subscription is not an address of a push service this server sends to.',
  notThisDevice: 'Notifications are not on for this device. Turn them on first.',
  saved: 'Notifications are on for this device.',
  removed: 'Notifications are off for this device.',
  testSent: 'A test notification is on its way to this device.',
  testFailed: 'The push service refused the test notification. Turn notifications off and on again.',
} as const;

/** What a device is pushed: pick reminders (the mail's choices), results, champions and nudges. */
export const PushChoicesSchema = z.object({
  /** Pick reminders before each lock, as for mail (the pool mutes of the profile apply too). */
  reminders: ReminderChoiceSchema,
  /** When a week settles: each of the user's entries advanced, lost a life, needs a rebuy or is out. */
  results: z.boolean({ error: 'Say whether results are pushed (true or false).' }),
  /** When a pool of the user's ends: its champions. */
  champions: z.boolean({ error: 'Say whether champions are pushed (true or false).' }),
  /** A commissioner's nudge about a missing pick. */
  nudges: z.boolean({ error: 'Say whether nudges are pushed (true or false).' }),
});
export type PushChoices = z.infer<typeof PushChoicesSchema>;

/** What a device gets when notifications are first turned on. */
export const DEFAULT_PUSH_CHOICES: PushChoices = {
  reminders: 'both',
  results: true,
  champions: true,
  nudges: true,
};

/** One device of the user with notifications on. */
export const PushDeviceSchema = PushChoicesSchema.extend({
  /** The push service address of the device: the browser's `PushSubscription.endpoint` (the user's own). */
  endpoint: z.string(),
  /** The browser that turned it on, as it named itself. */
  user_agent: z.string(),
  created_at: z.string(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

/** GET /api/push: the server's VAPID public key (base64url) and the user's devices with notifications on. */
export const PushStateResponseSchema = z.object({
  public_key: z.string(),
  devices: z.array(PushDeviceSchema),
});
export type PushStateResponse = z.infer<typeof PushStateResponseSchema>;

const endpointSchema = z
  .string({ error: PUSH_MESSAGES.badEndpoint })
  .max(1000, { error: PUSH_MESSAGES.badEndpoint })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: PUSH_MESSAGES.badEndpoint,
  });

/** A base64url key of a push subscription. */
const keySchema = z
  .string({ error: PUSH_MESSAGES.badSubscription })
  .min(16, { error: PUSH_MESSAGES.badSubscription })
  .max(200, { error: PUSH_MESSAGES.badSubscription })
  .regex(/^[A-Za-z0-9_-]+=*$/, { error: PUSH_MESSAGES.badSubscription });

/**
 * PUT /api/push/subscription: turns notifications on for this device (or changes its choices), with the
 * browser's subscription as `PushSubscription.toJSON()` gives it. The device belongs to the signing-in
 * session: signing out of it turns its notifications off.
 */
export const PushSubscribeRequestSchema = z.object({
  subscription: z.object(
    {
      endpoint: endpointSchema,
      keys: z.object({ p256dh: keySchema, auth: keySchema }, { error: PUSH_MESSAGES.badSubscription }),
    },
    { error: PUSH_MESSAGES.badSubscription },
  ),
  choices: PushChoicesSchema,
});
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequestSchema>;

export const PushSubscribeResponseSchema = z.object({
  message: z.string(),
  device: PushDeviceSchema,
});
export type PushSubscribeResponse = z.infer<typeof PushSubscribeResponseSchema>;

/**
 * DELETE /api/push/subscription: turns notifications off for this device (a device already off answers
 * success too). POST /api/push/test: sends this device a test notification now.
 */
export const PushEndpointRequestSchema = z.object({ endpoint: endpointSchema });
export type PushEndpointRequest = z.infer<typeof PushEndpointRequestSchema>;

export const PushMessageResponseSchema = z.object({ message: z.string() });

/** What a push carries to the app's service worker (src/web/sw.ts): never another entry's pick. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the site the notification opens. */
  url: z.string(),
  /** A repeated tag replaces the earlier notification: a push sent twice shows once. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
