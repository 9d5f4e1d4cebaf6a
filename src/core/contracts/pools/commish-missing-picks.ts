import { z } from 'zod';
import { PageInfoSchema, pageQuerySchema } from '../paging';

/** The API of the Commish tools' Missing Picks: the entries that owe a pick for the open week, and NUDGE. */

/** At most one nudge per pool in this many minutes (decision 017). */
export const NUDGE_INTERVAL_MINUTES = 60;

/**
 * How deep the list pages: its first 10,000 entries (name order up to that many, then sign-up order). Past them
 * a search narrows the list, so no page skips more than this many owing entries (decision 017).
 */
export const MISSING_PICKS_MAX_OFFSET = 10_000;

export const MISSING_PICKS_MESSAGES = {
  noOpenWeek:
    'This pool has no open week: every week has locked or the pool is final. There is nobody to nudge.',
  everyoneHasPicked: (week: number) =>
    `Every entry has made its Week ${week} pick. There is nobody to nudge.`,
  tooDeep: `Only the first ${MISSING_PICKS_MAX_OFFSET.toLocaleString('en-US')} entries of the list can be paged: search a username to find the others.`,
  badRequestKey: 'The request key must be 8 to 64 letters, digits, dashes or underscores.',
  tooSoon: (minutes: number) =>
    `This pool was nudged less than ${NUDGE_INTERVAL_MINUTES} minutes ago. The next nudge can be sent in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  sent: (players: number, entries: number, week: number) =>
    `Nudge sent: ${players.toLocaleString('en-US')} player${players === 1 ? '' : 's'} (${entries.toLocaleString('en-US')} entr${entries === 1 ? 'y' : 'ies'}) reminded to make their Week ${week} pick.`,
} as const;

/** GET /api/pools/{poolId}/commish/missingPicks?page=&pageSize=&q=: the q searches usernames. */
export const MissingPicksQuerySchema = pageQuerySchema(50);
export type MissingPicksQuery = z.output<typeof MissingPicksQuerySchema>;
export interface MissingPicksRequest {
  page?: number;
  pageSize?: number;
  q?: string;
}

/** One entry that owes a pick: who, its lives and insurance, never what anyone picked. */
export const MissingPickRowSchema = z.object({
  entry_id: z.number(),
  username: z.string(),
  entry_num: z.number(),
  /** "username" or "username [n]". */
  label: z.string(),
  lives: z.number(),
  /** Insured entries owe a pick too: insurance would pick for them at the lock. */
  insured: z.boolean(),
  /** How many picks the entry holds for the week (nfl-td: fewer than `picks_per_week`; otherwise 0). */
  picks_made: z.number(),
});
export type MissingPickRow = z.infer<typeof MissingPickRowSchema>;

/** Whether NUDGE may be sent now, and when the last one went. */
export const NudgeStateSchema = z.object({
  /** ISO instant (the application's clock, as the audit log dates it) of the last nudge, or null. */
  last_sent_at: z.string().nullable(),
  /** Seconds until the next nudge may be sent; 0 when it may be sent now. */
  wait_seconds: z.number(),
});
export type NudgeState = z.infer<typeof NudgeStateSchema>;

export const MissingPicksResponseSchema = PageInfoSchema.extend({
  /** The pool's open week (its first week whose lock is still ahead), or null when it has none. */
  week: z.number().nullable(),
  /** ISO instant the open week locks, or null. */
  deadline: z.string().nullable(),
  /** How many picks a week asks of an entry (nfl-td: the pool's players per week; otherwise 1). */
  picks_per_week: z.number(),
  /**
   * One page of the entries that owe a pick for the open week, matching the search: in name order up to
   * 10,000 matches, in sign-up order past it (`total` counts them all).
   */
  rows: z.array(MissingPickRowSchema),
  nudge: NudgeStateSchema,
});
export type MissingPicksResponse = z.infer<typeof MissingPicksResponseSchema>;

/**
 * POST /api/pools/{poolId}/commish/nudge: e-mails the owner of every entry that owes a pick. `request_key`
 * (one random key per opened confirm dialog) makes a repeat of the same request answer the first result.
 */
export const NudgeRequestSchema = z.object({
  request_key: z
    .string({ error: MISSING_PICKS_MESSAGES.badRequestKey })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: MISSING_PICKS_MESSAGES.badRequestKey })
    .optional(),
});
export type NudgeRequest = z.input<typeof NudgeRequestSchema>;
export type NudgeBody = z.output<typeof NudgeRequestSchema>;

export const NudgeResponseSchema = z.object({
  message: z.string(),
  week: z.number(),
  /** Entries that owed a pick when the nudge was sent. */
  entries: z.number(),
  /** Players mailed (one mail each, listing their entries). */
  players: z.number(),
  /** Mails the mail server refused. */
  failed: z.number(),
  /** True when this answers a repeat of the same request: nothing was sent again. */
  repeat: z.boolean(),
  nudge: NudgeStateSchema,
});
export type NudgeResponse = z.infer<typeof NudgeResponseSchema>;
