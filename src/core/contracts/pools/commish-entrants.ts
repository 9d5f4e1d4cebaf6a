/** The API of the Commish tools' Manage Entrants and the Commish's Desk posts. */
import { z } from 'zod';
import { ENTRY_STATUS } from '../../pool/entry-status';
import { isHttpUrl } from '../auth';
import { idSchema, requiredText, withCodeName } from '../common';
import { PageInfoSchema, pageQuerySchema } from '../paging';
import { FEED_EVENT_TYPES } from './feed';
import { POOL_MESSAGES } from './sign-up';

/** Longest note a commissioner keeps on an entry. */
export const ENTRANT_NOTE_MAX = 500;
/** Longest message sent to the league with a life adjustment. */
export const LIFE_MESSAGE_MAX = 1000;
/** Most lives a commissioner may give an entry. */
export const MAX_ENTRY_LIVES = 99;
/** Longest headline and body of a Commish's Desk post. */
export const POST_HEADLINE_MAX = 200;
export const POST_BODY_MAX = 5000;
export const POST_LINK_MAX = 2000;
/** Most weeks alive a champions form may set. */
export const MAX_WEEKS_ALIVE = 60;

export const ENTRANTS_MESSAGES = {
  entryNotFound: 'That entry is not in one of your pools.',
  userRequired: 'Choose a league member to add.',
  notMember: 'Only members of your league can be added to this pool.',
  alreadyEntrant: (username: string) => `${username} is already an entrant in this pool.`,
  added: (label: string) => `${label} was added to the pool.`,
  statusRequired: 'The status must be 1 (active) or 0 (inactive).',
  statusUnchanged: (label: string, active: boolean) =>
    `${label} is already ${active ? 'active' : 'inactive'}.`,
  livesMessageRequired: 'Please include a message to your league.',
  livesMessageLong: `Your message to the league cannot be longer than ${LIFE_MESSAGE_MAX} characters.`,
  lifeActionRequired: "Choose whether to raise ('increase') or lower ('decrease') the lives.",
  livesNumber: `Lives must be a whole number from 0 to ${MAX_ENTRY_LIVES}.`,
  livesDirection: (action: 'increase' | 'decrease') =>
    action === 'increase'
      ? 'To raise lives, the new number must be above the old one.'
      : 'To lower lives, the new number must be below the old one.',
  livesStale: (label: string, lives: number) =>
    `${label} has ${lives} ${lives === 1 ? 'life' : 'lives'} now: someone changed them meanwhile. Reload and try again.`,
  noteType: 'The note must be text.',
  noteLong: `A note cannot be longer than ${ENTRANT_NOTE_MAX} characters.`,
  concluded: 'This pool is final: its entrants can no longer be changed.',
  championsRequired: 'You must select at least one champion.',
  championsAlready: 'Champions have already been processed for this pool.',
  championInactive: (label: string) => `${label} is inactive: reactivate the entry before crowning it.`,
  weeksAlive: `Weeks alive must be a whole number from 0 to ${MAX_WEEKS_ALIVE}.`,
  postBodyRequired: "You didn't include anything in the body of your post!",
  postHeadlineRequired: "You didn't include a headline for your post!",
  postTypeRequired: "You didn't select a post type!",
  postBodyLong: `Your post cannot be longer than ${POST_BODY_MAX} characters.`,
  postHeadlineLong: `Your headline cannot be longer than ${POST_HEADLINE_MAX} characters.`,
  postLink: 'The link must be a web address starting with http:// or https://.',
  posted: "Your post is on the Commish's Desk and in the news feed.",
} as const;

const entryId = idSchema(ENTRANTS_MESSAGES.entryNotFound);
const poolId = idSchema(POOL_MESSAGES.poolNotFound);

/** One entry as Manage Entrants shows it (admins only: notes and money included, never picks). */
export const AdminEntrantSchema = z.object({
  entry_id: z.number(),
  user_id: z.number(),
  username: z.string(),
  entry_num: z.number(),
  /** username, or "username [n]" for entries above 1. */
  label: z.string(),
  /** 1 active, 0 inactive. */
  status: z.number(),
  lives: z.number(),
  needs_rebuy: z.boolean(),
  /** No lives left. */
  eliminated: z.boolean(),
  weeks_alive: z.number(),
  /** Prizes awarded to the entry so far, in cents (its ledger's prize rows). */
  prizes: z.number(),
  notes: z.string().nullable(),
  champion: z.boolean(),
});
export type AdminEntrant = z.infer<typeof AdminEntrantSchema>;

/** A league member who may be added as an entrant (usernames only, never real names). */
export const AddableMemberSchema = z.object({ user_id: z.number(), username: z.string() });
export type AddableMember = z.infer<typeof AddableMemberSchema>;

/** Which entries Manage Entrants lists: all, the active, the inactive or the eliminated ones. */
export const ADMIN_ENTRANT_FILTERS = ['all', 'active', 'inactive', 'eliminated'] as const;
export type AdminEntrantFilter = (typeof ADMIN_ENTRANT_FILTERS)[number];

export const ADMIN_ENTRANTS_QUERY_MESSAGES = {
  status: `Show one of: ${ADMIN_ENTRANT_FILTERS.join(', ')}.`,
} as const;

/**
 * GET /admin/entrants/{poolId}?page=&pageSize=&q=&status=: one page of the pool's entries, by username and
 * entry number up to 10,000 matches, in sign-up order past it. `q` finds an entry by its owner's username or the commissioner's note on it.
 */
export const AdminEntrantsQuerySchema = pageQuerySchema().extend({
  status: z.enum(ADMIN_ENTRANT_FILTERS, { error: ADMIN_ENTRANTS_QUERY_MESSAGES.status }).default('all'),
});
export type AdminEntrantsQuery = z.output<typeof AdminEntrantsQuerySchema>;
/** What a client sends (every field optional: the defaults are page 1 of 50 and all entries). */
export interface AdminEntrantsRequest {
  page?: number;
  pageSize?: number;
  q?: string;
  status?: AdminEntrantFilter;
}

/** The pool's entries counted by status in SQL (every entry, whatever the page and search). */
export const AdminEntrantCountsSchema = z.object({
  entries: z.number(),
  active: z.number(),
  inactive: z.number(),
  eliminated: z.number(),
});
export type AdminEntrantCounts = z.infer<typeof AdminEntrantCountsSchema>;

/**
 * GET /admin/entrants/{poolId}: one page of the entries (`total` those matching the search and filter), the
 * pool's counts by status, and the prize money left. The members still to add are a call of their own.
 */
export const AdminEntrantsResponseSchema = PageInfoSchema.extend({
  entrants: z.array(AdminEntrantSchema),
  counts: AdminEntrantCountsSchema,
  /** The most weeks alive of any entry: the champions form's suggested default. */
  max_weeks_alive: z.number(),
  /** Champions processed: the pool is concluded and nothing here can change. */
  final: z.boolean(),
  /** Champion entry labels, as the pool stores them. */
  champions: z.array(z.string()),
  /** Cents: the prize pool as the pool page shows it, the prizes already awarded and what remains. */
  prize_pool: z.number(),
  allocated: z.number(),
  remaining_prizes: z.number(),
  /** Lives a new entry starts with (rebuys + 1). */
  starting_lives: z.number(),
});
export type AdminEntrantsResponse = z.infer<typeof AdminEntrantsResponseSchema>;

/**
 * GET /admin/entrants/{poolId}/members?page=&pageSize=&q=: league members not entrants yet, by username,
 * looked for among the newest matching members (5,000): `capped` when more members match, so a search
 * reaches the others; `total` counts the addable ones looked at.
 */
export const AddableMembersQuerySchema = pageQuerySchema(20);

export const AddableMembersResponseSchema = PageInfoSchema.extend({
  members: z.array(AddableMemberSchema),
  capped: z.boolean(),
});
export type AddableMembersResponse = z.infer<typeof AddableMembersResponseSchema>;

/** POST /admin/addEntrant: a league member who is not an entrant yet gets entry 1, charged the buy-in. */
export const AddEntrantRequestSchema = z.object({
  poolId,
  userId: idSchema(ENTRANTS_MESSAGES.userRequired),
});
export type AddEntrantRequest = z.input<typeof AddEntrantRequestSchema>;
export type AddEntrantBody = z.output<typeof AddEntrantRequestSchema>;

/** What the entrant calls answer: the message to show and the entry as it is now. */
export const EntrantChangeResponseSchema = z.object({
  message: z.string(),
  entrant: AdminEntrantSchema,
});
export type EntrantChangeResponse = z.infer<typeof EntrantChangeResponseSchema>;

/** POST /admin/toggleUserStatus: 1 active, 0 inactive (reversible). */
export const ToggleUserStatusRequestSchema = withCodeName(
  z.object({
    userSeasonId: entryId,
    updatedStatus: z.union([z.literal(ENTRY_STATUS.inactive), z.literal(ENTRY_STATUS.active)], {
      error: ENTRANTS_MESSAGES.statusRequired,
    }),
  }),
  'userSeasonId',
  'entryId',
);
export type ToggleUserStatusRequest = z.input<typeof ToggleUserStatusRequestSchema>;
export type ToggleUserStatusBody = z.output<typeof ToggleUserStatusRequestSchema>;

const livesCount = z
  .number({ error: ENTRANTS_MESSAGES.livesNumber })
  .int({ error: ENTRANTS_MESSAGES.livesNumber })
  .min(0, { error: ENTRANTS_MESSAGES.livesNumber })
  .max(MAX_ENTRY_LIVES, { error: ENTRANTS_MESSAGES.livesNumber });

/**
 * POST /admin/editUserLives: oldLives is what the commissioner saw (a stale value is refused with 409),
 * actionDesc the message posted to the league. The spec's username, game and season are accepted and ignored.
 */
export const EditUserLivesRequestSchema = withCodeName(
  z
    .object({
      userSeasonId: entryId,
      actionDesc: requiredText(ENTRANTS_MESSAGES.livesMessageRequired, {
        length: LIFE_MESSAGE_MAX,
        message: ENTRANTS_MESSAGES.livesMessageLong,
      }),
      lifeAction: z.enum(['increase', 'decrease'], { error: ENTRANTS_MESSAGES.lifeActionRequired }),
      oldLives: livesCount,
      newLives: livesCount,
    })
    .loose()
    .refine((v) => (v.lifeAction === 'increase' ? v.newLives > v.oldLives : v.newLives < v.oldLives), {
      error: (issue) => {
        const action = (issue.input as { lifeAction?: 'increase' | 'decrease' }).lifeAction ?? 'increase';
        return ENTRANTS_MESSAGES.livesDirection(action);
      },
      path: ['newLives'],
    }),
  'userSeasonId',
  'entryId',
);
export type EditUserLivesRequest = z.input<typeof EditUserLivesRequestSchema>;
export type EditUserLivesBody = z.output<typeof EditUserLivesRequestSchema>;

/** POST /admin/updateUserNotes: an empty note clears it. */
export const UpdateUserNotesRequestSchema = withCodeName(
  z.object({
    userSeasonId: entryId,
    note: z
      .string({ error: ENTRANTS_MESSAGES.noteType })
      .trim()
      .max(ENTRANT_NOTE_MAX, { error: ENTRANTS_MESSAGES.noteLong })
      .nullish()
      .transform((value) => (value ? value : null)),
  }),
  'userSeasonId',
  'entryId',
);
export type UpdateUserNotesRequest = z.input<typeof UpdateUserNotesRequestSchema>;
export type UpdateUserNotesBody = z.output<typeof UpdateUserNotesRequestSchema>;

const weeksAlive = z
  .number({ error: ENTRANTS_MESSAGES.weeksAlive })
  .int({ error: ENTRANTS_MESSAGES.weeksAlive })
  .min(0, { error: ENTRANTS_MESSAGES.weeksAlive })
  .max(MAX_WEEKS_ALIVE, { error: ENTRANTS_MESSAGES.weeksAlive });

/**
 * POST /admin/processLeagueChamps (irreversible): leagueSeason is the pool id, champions entry ids,
 * defaultWeeksAlive the weeks alive of the other entries still alive (null keeps theirs), userWeeksAlive per
 * other entry id. The spec's game, season, usersAlive and prizesRemaining are accepted and ignored: the server
 * reads them from the database.
 */
export const ProcessChampionsRequestSchema = withCodeName(
  z
    .object({
      leagueSeason: poolId,
      champions: z
        .array(entryId, { error: ENTRANTS_MESSAGES.championsRequired })
        .min(1, { error: ENTRANTS_MESSAGES.championsRequired })
        .max(1000, { error: ENTRANTS_MESSAGES.championsRequired }),
      defaultWeeksAlive: weeksAlive.nullish().transform((value) => value ?? null),
      userWeeksAlive: z
        .record(z.string().regex(/^[0-9]{1,10}$/, { error: ENTRANTS_MESSAGES.entryNotFound }), weeksAlive)
        .default({}),
    })
    .loose(),
  'leagueSeason',
  'poolId',
);
export type ProcessChampionsRequest = z.input<typeof ProcessChampionsRequestSchema>;
export type ProcessChampionsBody = z.output<typeof ProcessChampionsRequestSchema>;

export const ProcessChampionsResponseSchema = z.object({
  message: z.string(),
  /** Champion labels. */
  champions: z.array(z.string()),
  /** Cents awarded to each champion, in the order of champions. */
  awards: z.array(z.number()),
});
export type ProcessChampionsResponse = z.infer<typeof ProcessChampionsResponseSchema>;

/** Post types a commissioner may choose: 17 an alert (the default), 7 bonus-related. */
export const POST_TYPE_OPTIONS = [
  { value: FEED_EVENT_TYPES.alert, label: 'Alert' },
  { value: FEED_EVENT_TYPES.bonusPrize, label: 'Bonus-related' },
] as const;

/** POST /admin/commishPosts: a headline, a body, an optional http(s) link and a type, to the pool's feed. */
export const CommishPostRequestSchema = z.object({
  post: requiredText(ENTRANTS_MESSAGES.postBodyRequired, {
    length: POST_BODY_MAX,
    message: ENTRANTS_MESSAGES.postBodyLong,
  }),
  summary: requiredText(ENTRANTS_MESSAGES.postHeadlineRequired, {
    length: POST_HEADLINE_MAX,
    message: ENTRANTS_MESSAGES.postHeadlineLong,
  }),
  type: z.union([z.literal(FEED_EVENT_TYPES.alert), z.literal(FEED_EVENT_TYPES.bonusPrize)], {
    error: ENTRANTS_MESSAGES.postTypeRequired,
  }),
  link: z
    .string({ error: ENTRANTS_MESSAGES.postLink })
    .trim()
    .max(POST_LINK_MAX, { error: ENTRANTS_MESSAGES.postLink })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isHttpUrl(value), { error: ENTRANTS_MESSAGES.postLink }),
  activePool: poolId,
});
export type CommishPostRequest = z.input<typeof CommishPostRequestSchema>;
export type CommishPostBody = z.output<typeof CommishPostRequestSchema>;

export const CommishPostResponseSchema = z.object({ message: z.string() });
export type CommishPostResponse = z.infer<typeof CommishPostResponseSchema>;

/** The toasts of Manage Entrants and the Commish's Desk (spec 2 section 8): title and text. */
export const ENTRANTS_TOASTS = {
  livesUpdated: 'User lives updated',
  livesError: {
    title: 'Error updating user lives',
    message: 'There was an error updating the user lives. Please try again.',
  },
  added: 'User successfully added',
  addError: {
    title: 'Error adding user',
    message: 'There was an error adding the user to your pool. Please try again.',
  },
  statusUpdated: 'User status updated',
  statusError: {
    title: 'Error updating user status',
    message: 'There was an error updating the user status. Please try again.',
  },
  noteUpdated: 'User note updated',
  noteError: {
    title: 'Error updating user note',
    message: 'There was an error updating the user note. Please try again.',
  },
  championsProcessed: 'Champions processed',
  posted: 'Post published',
} as const;

export const END_RULE_MESSAGES = {
  notDecided: 'The end rule has not decided this pool yet: no week has named its champions.',
  crowned: (reason: string) => `Champions crowned by the end rule: ${reason}.`,
  already: 'This pool is already final: its champions are crowned.',
} as const;

/** POST /admin/crownByEndRule: the commissioner crowns the champions the end rule named (Commish's Desk). */
export const CrownByEndRuleRequestSchema = z.object({ poolId });
export type CrownByEndRuleBody = z.infer<typeof CrownByEndRuleRequestSchema>;
export const CrownByEndRuleResponseSchema = z.object({ message: z.string() });
export type CrownByEndRuleResponse = z.infer<typeof CrownByEndRuleResponseSchema>;
