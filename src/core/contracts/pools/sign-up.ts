import { z } from 'zod';
import { idSchema } from '../common';

export const POOL_MESSAGES = {
  poolNotFound: 'No pool was found matching these parameters.',
  deadlinePassed: 'The entry deadline for this pool has passed.',
  concluded: 'This pool has concluded.',
  membersOnly: 'Only members of this league can join its pools. Ask the commissioner to let you in.',
  /** A private league's pool read by someone outside the league (decision 035). */
  privatePool:
    "This pool belongs to a private league: only its members can see it. Ask the league's commissioner to let you in.",
  maxEntries: (max: number) =>
    `You already have the maximum of ${max} ${max === 1 ? 'entry' : 'entries'} in this pool.`,
  registered: "You're in! Good luck this season.",
  badRequestKey: 'The request key must be 8 to 64 letters, digits, dashes or underscores.',
} as const;

/** POST /user/regForGame: sign up (or add an entry) for a pool; options are for NBA and MLB pools only. */
export const RegisterEntryRequestSchema = z.object({
  pool_id: idSchema(POOL_MESSAGES.poolNotFound),
  bonus: z.boolean().default(false),
  insurance_purchased: z.boolean().default(false),
  /** One per confirm dialog: a repeat of the request (a double submit) answers with the entry it made. */
  request_key: z
    .string({ error: POOL_MESSAGES.badRequestKey })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: POOL_MESSAGES.badRequestKey })
    .optional(),
});
export type RegisterEntryRequest = z.input<typeof RegisterEntryRequestSchema>;
export type RegisterEntryBody = z.output<typeof RegisterEntryRequestSchema>;

export const RegisterEntryResponseSchema = z.object({
  game: z.string(),
  season: z.number(),
  league_abb: z.string(),
  pool_idx: z.number(),
  season_type: z.string(),
  league_id: z.number(),
  league_season: z.number(),
  entry_num: z.number(),
  username: z.string(),
  path: z.string(),
  message: z.string(),
});
export type RegisterEntryResponse = z.infer<typeof RegisterEntryResponseSchema>;
