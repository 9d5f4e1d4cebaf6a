import { z } from 'zod';
import { idSchema } from './common';

/** Which pick reminders a user gets before each lock. */
export const REMINDER_CHOICES = ['both', '24h', '2h', 'off'] as const;
export const ReminderChoiceSchema = z.enum(REMINDER_CHOICES, {
  error: 'Choose off, 24 hours, 2 hours or both.',
});
export type ReminderChoice = z.infer<typeof ReminderChoiceSchema>;

export const REMINDER_CHOICE_LABELS: Record<ReminderChoice, string> = {
  both: '24 h and 2 h before',
  '24h': '24 h before',
  '2h': '2 h before',
  off: 'Off',
};

/** One of the user's running pools, with whether its reminders are muted. */
export const ReminderPoolSchema = z.object({
  pool_id: z.number(),
  pool_name: z.string(),
  league_name: z.string(),
  muted: z.boolean(),
});
export type ReminderPool = z.infer<typeof ReminderPoolSchema>;

/** GET /user/reminders: the user's choice and their running pools (at most MAX_REMINDER_POOLS). */
export const ReminderSettingsResponseSchema = z.object({
  reminders: ReminderChoiceSchema,
  /** False until the user confirms their address: reminders go only to confirmed addresses. */
  email_confirmed: z.boolean(),
  pools: z.array(ReminderPoolSchema),
});
export type ReminderSettingsResponse = z.infer<typeof ReminderSettingsResponseSchema>;

/** POST /user/reminders */
export const ReminderChoiceRequestSchema = z.object({ reminders: ReminderChoiceSchema });

/** POST /user/reminders/mutes/{poolId} */
export const ReminderMuteParamsSchema = z.object({
  poolId: idSchema('You have no entry in that pool, so it sends you no reminders.'),
});
export const ReminderMuteRequestSchema = z.object({
  muted: z.boolean({ error: 'Say whether the pool is muted (true or false).' }),
});
export const ReminderMuteResponseSchema = z.object({ pool_id: z.number(), muted: z.boolean() });

/** The unsubscribe link's query. */
export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'The unsubscribe link has no token.' })
    .min(1, 'The unsubscribe link has no token.')
    .max(200),
});

export const MAX_REMINDER_POOLS = 200;
