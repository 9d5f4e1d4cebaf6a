import { z } from 'zod';

/** One entry of the viewer's that owes picks for its pool's open week. */
export const PickDueSchema = z.object({
  entry_id: z.number(),
  entry_label: z.string(),
  pool_id: z.number(),
  pool_name: z.string(),
  league_name: z.string(),
  game: z.string(),
  week: z.number(),
  /** The instant the week locks for everyone (ISO). */
  lock_at: z.string(),
  picks_held: z.number(),
  picks_asked: z.number(),
  /** Insurance would pick for the entry at the lock; it still owes its own pick. */
  insured: z.boolean(),
  /** The pool's Make Picks tab with this entry active. */
  make_picks_path: z.string(),
});
export type PickDue = z.infer<typeof PickDueSchema>;

/** GET /api/me/picks-due: the viewer's entries, across all pools, that owe picks, soonest lock first. */
export const PicksDueResponseSchema = z.object({
  /** Now on the application's clock (the demo replays a past season): countdowns count from it. */
  now: z.string(),
  due: z.array(PickDueSchema),
  /** How many running pools the viewer has entries in: none says "no entries", not "all picks in". */
  pools_entered: z.number(),
});
export type PicksDueResponse = z.infer<typeof PicksDueResponseSchema>;

export const CALENDAR_MESSAGES = {
  unknownToken: 'This calendar address is unknown or was renewed. Copy the current one from your profile.',
} as const;

/**
 * GET /api/me/calendar and POST /api/me/calendar/renew: whether the viewer has a calendar address. Only
 * its hash is kept, so the address itself is in the answer of the renewal that made it and never again.
 */
export const CalendarAddressResponseSchema = z.object({
  created_at: z.string().nullable(),
  /** The https address (only in the answer of the renewal that made it). */
  url: z.string().optional(),
  /** The same address as webcal://, which calendar apps subscribe to. */
  webcal_url: z.string().optional(),
});
export type CalendarAddressResponse = z.infer<typeof CalendarAddressResponseSchema>;
