import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ENTRY_STATUS } from '../../../core/pool/entry-status';
import { ENTRY_STATUS_SQL } from '../entry-status';
import { leagues } from './leagues';
import { users } from './users';

/** A byte string; node-postgres reads it as a Buffer, PGlite as a Uint8Array (see asBuffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A league's pool for one season of one game (the spec's "league season"). Money in cents. */
export const pools = pgTable(
  'pools',
  {
    id: serial('id').primaryKey(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    season: integer('season').notNull(),
    seasonType: text('season_type').notNull().default('reg'),
    poolIdx: integer('pool_idx').notNull().default(0),
    customName: text('custom_name'),
    gameName: text('game_name').notNull(),
    buyin: integer('buyin').notNull().default(5000),
    rebuys: integer('rebuys').notNull().default(2),
    rebuyPrice: integer('rebuy_price').notNull().default(2500),
    maxEntries: integer('max_entries').notNull().default(1),
    /** Fraction of the prize pool kept for running the site (0.05 = 5%). */
    alaPct: doublePrecision('ala_pct').notNull().default(0),
    insurance: integer('insurance').notNull().default(0),
    /** 0 none, 1 most popular pick, 2 random pick. */
    insuranceOption: integer('insurance_option').notNull().default(0),
    shootMoon: boolean('shoot_moon').notNull().default(false),
    bonusActive: boolean('bonus_active').notNull().default(false),
    bonusDisabled: boolean('bonus_disabled').notNull().default(false),
    /** 1 anytime, 2 monthly, 3 (or 0) preseason. */
    bonusCadence: integer('bonus_cadence').notNull().default(2),
    bonusShutdown: integer('bonus_shutdown').notNull().default(5),
    bonusEntryWeeks: jsonb('bonus_entry_weeks').$type<number[]>().notNull().default([]),
    bonusOptions: jsonb('bonus_options')
      .$type<Record<string, { active: boolean; prize: number; bonus_long_name: string }>>()
      .notNull()
      .default({}),
    /** Week n locks at deadlines[n-1] (ISO instants, UTC). */
    deadlines: jsonb('deadlines').$type<string[]>().notNull().default([]),
    entryDeadline: timestamp('entry_deadline', { withTimezone: true }).notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    startWeek: integer('start_week').notNull().default(1),
    final: boolean('final').notNull().default(false),
    champions: jsonb('champions').$type<string[]>().notNull().default([]),
    playersPerWeek: integer('players_per_week').notNull().default(1),
    maxPlayersPerTeam: integer('max_players_per_team').notNull().default(1),
    nflLockTime: text('nfl_lock_time').notNull().default('first_game'),
    nflPassTds: integer('nfl_pass_tds').notNull().default(2),
    lockAtPickStart: boolean('lock_at_pick_start').notNull().default(false),
    /** The end rule (spec 4, part 2): what a wipeout does, 'split' or 'revive'. */
    endWipeout: text('end_wipeout').notNull().default('split'),
    /**
     * Who crowns the champions the end rule names: 'automatic' or 'commissioner'. New pools choose
     * (automatic by default); pools made before the end rule keep their commissioner's crowning
     * (decision 039), which is what this column default gives them.
     */
    endCrowning: text('end_crowning').notNull().default('commissioner'),
    /** nfl: how a tied game counts for the teams picked in it, 'loss' or 'win'. */
    tieRule: text('tie_rule').notNull().default('loss'),
    /** nfl: the multi-pick weeks, week number -> picks asked (2 or 3); every other week asks for 1. */
    picksPerWeek: jsonb('picks_per_week').$type<Record<string, number>>().notNull().default({}),
    /** nfl: a missed pick not filled by insurance takes the week's unused favourite(s). */
    autoPick: boolean('auto_pick').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pools_league_season_idx').on(t.leagueId, t.game, t.season, t.seasonType, t.poolIdx)],
);
/** A pool as stored. */
export type PoolRecord = typeof pools.$inferSelect;

/**
 * The end rule's decision of a pool (spec 4, part 2), written in the transaction that judged the deciding
 * week: which week, why, and its champions by slot. Crowning (automatic, or the commissioner's button)
 * takes it, crowns, then sets `crowned_at` in its own transaction: a crash between the two leaves the
 * row for the next pass to finish, and a second crowning finds it done.
 */
export const poolEnds = pgTable('pool_ends', {
  poolId: integer('pool_id')
    .primaryKey()
    .references(() => pools.id, { onDelete: 'cascade' }),
  week: integer('week').notNull(),
  /** last-survivor, wipeout-split or season-end. */
  kind: text('kind').notNull(),
  /** In words, for the news and the pages: "last survivor after week 9". */
  reason: text('reason').notNull(),
  champions: integer('champions').notNull(),
  /** One byte per slot of the pool's entries, 1 for a champion (decision 009: one parameter, not a list). */
  championSlots: bytea('champion_slots').notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  crownedAt: timestamp('crowned_at', { withTimezone: true }),
  /** A corrected result re-judged the pool after its crowning and would have decided otherwise. */
  correctedAt: timestamp('corrected_at', { withTimezone: true }),
});

/** One entry of a user in a pool (the spec's "user season"). */
export const entries = pgTable(
  'entries',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryNum: integer('entry_num').notNull().default(1),
    /** ENTRY_STATUS: active (counted), or inactive (deactivated by the commissioner). */
    status: integer('status').notNull().default(ENTRY_STATUS.active),
    lives: integer('lives').notNull(),
    rebuysMade: integer('rebuys_made').notNull().default(0),
    needsRebuy: boolean('needs_rebuy').notNull().default(false),
    autoRebuy: boolean('auto_rebuy').notNull().default(false),
    bonus: boolean('bonus').notNull().default(false),
    insurancePurchased: boolean('insurance_purchased').notNull().default(false),
    /** Cents of prizes awarded (mirrors its 'prize' ledger rows): bigint, a big pool's prize passes 2^31. */
    prizes: bigint('prizes', { mode: 'number' }).notNull().default(0),
    weeksAlive: integer('weeks_alive').notNull().default(0),
    /**
     * Bonus opt-in and auto-rebuy changes take effect at live week + 1: from `*EffWeek` on the current
     * value holds, before it the `*Prev` one (docs/RULES.md, "Settlement").
     */
    bonusPrev: boolean('bonus_prev').notNull().default(false),
    bonusEffWeek: integer('bonus_eff_week').notNull().default(0),
    autoRebuyPrev: boolean('auto_rebuy_prev').notNull().default(false),
    autoRebuyEffWeek: integer('auto_rebuy_eff_week').notNull().default(0),
    finalRank: integer('final_rank'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The entry's place in its pool, 0 and up in sign-up order: where its judged weeks find their kind in
     * pool_weeks.entry_kinds. Inserted as -1, it is given the pool's next one by a trigger (migration 0025).
     */
    slot: integer('slot').notNull().default(-1),
    /**
     * The key the sign-up request carried (one per confirm dialog): a repeat of that request, a double
     * submit, answers with this entry instead of making another (decision 006, repeats).
     */
    signUpKey: text('sign_up_key'),
    /**
     * The row's version, for a pick's compare-and-set (picks.repo.ts): every update of the row moves it,
     * one that does not set it itself by a trigger (migration 0039). A change of an entry's picks sets it.
     */
    version: integer('version').notNull().default(0),
    /**
     * The client (a browser's id) and its time of the last pick change written (decision 033): an
     * older change from the same client is refused, so a late request never undoes a newer pick.
     */
    lastChangeClient: text('last_change_client'),
    lastChangeAt: bigint('last_change_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('entries_pool_user_num_idx').on(t.poolId, t.userId, t.entryNum),
    uniqueIndex('entries_pool_slot_idx').on(t.poolId, t.slot),
    // The few entries a commissioner deactivated: the Pool Health Report takes them out of its counts.
    // `status` is never written by settling, so the settle's updates stay in place (HOT).
    index('entries_inactive_idx').on(t.poolId).where(sql`${t.status} <> ${ENTRY_STATUS_SQL.active}`),
    // The paged lists of a big pool (entrants, Pool Selections, the scoreboard) skip to a page in sign-up
    // order along this index alone; neither column is written by settling, so its updates stay HOT.
    index('entries_pool_status_slot_idx').on(t.poolId, t.status, t.slot),
    // The few entries a commissioner wrote a note on: Manage Entrants' search reads them, not the whole pool.
    index('entries_noted_idx').on(t.poolId).where(sql`${t.notes} is not null`),
    // A user's own entries across pools (profile, activity, transactions): never a scan of a big pool.
    index('entries_user_idx').on(t.userId),
    // The few entries that won prizes: a league's members sorted by prizes won read only these.
    index('entries_prizes_idx').on(t.poolId, t.userId).where(sql`${t.prizes} <> 0`),
  ],
);
/** An entry as stored. */
export type EntryRecord = typeof entries.$inferSelect;

/**
 * One pick of an entry: a team (nba, mlb) or an NFL player (nfl-td) for one week. A team or player
 * is used once per season (unique per entry among the entrant's own picks); how many picks a week may
 * hold is checked under the entry's row lock (nfl-td allows several). A commissioner's Edit Picks
 * bypasses the game rules, so its picks are left out of the unique index (they still count as used
 * when the entrant picks).
 */
export const picks = pgTable(
  'picks',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    /** Team abbreviation, or the NFL player id. */
    pickId: text('pick_id').notNull(),
    /** The team (for a player: the player's team when picked). */
    teamAbb: text('team_abb').notNull(),
    /** Assigned by the pool's insurance rather than picked by the entrant. */
    byInsurance: boolean('by_insurance').notNull().default(false),
    /** Placed by a commissioner's Edit Picks (game rules bypassed). */
    byCommish: boolean('by_commish').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The entry's pool and slot, copied from it by a trigger on every insert (whatever the insert says;
     * migration 0029): judging a big pool's week reads its picks by pool and week, without joining a
     * million entries.
     */
    poolId: integer('pool_id').notNull().default(0),
    slot: integer('slot').notNull().default(-1),
  },
  (t) => [
    uniqueIndex('picks_entry_pick_idx').on(t.entryId, t.pickId).where(sql`not by_commish`),
    index('picks_entry_week_idx').on(t.entryId, t.week),
    index('picks_pool_week_idx').on(t.poolId, t.week),
    // Pool Selections counts a locked week's picks per choice (GROUP BY pick_id) from this index alone.
    index('picks_pool_week_pick_idx').on(t.poolId, t.week, t.pickId, t.teamAbb),
  ],
);
/** A pick as stored. */
export type PickRecord = typeof picks.$inferSelect;

/** Every change of a pick: who, when, the old and the new value (append-only). */
export const pickAudits = pgTable(
  'pick_audits',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    /** confirm, cancel, replace (nba/mlb swap), insurance, migrate. */
    action: text('action').notNull(),
    oldPickId: text('old_pick_id'),
    newPickId: text('new_pick_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pick_audits_entry_idx').on(t.entryId, t.week)],
);

/**
 * The pool's money ledger, append-only, in cents, signed from the entry's side as Finances adds it
 * up: buy-ins, rebuys, insurance and prizes paid to others are negative; payments received, prizes
 * and bonus prizes positive; bonus payouts negative. Every total is a sum of rows.
 */
export const ledger = pgTable(
  'ledger',
  {
    // The pool and entry are checked once per statement, not by foreign keys (docs/decisions/009): a
    // big pool's week appends 100,000 rows, which row-by-row key checks would check and lock one by one.
    // Triggers of migration 0021 refuse a row whose pool or entry does not exist, or whose entry is
    // another pool's, and delete a deleted pool's or entry's rows as the keys' cascade did.
    id: serial('id').primaryKey(),
    poolId: integer('pool_id').notNull(),
    entryId: integer('entry_id'),
    /** buyin, rebuy, insurance, bonus, payment, prize, prize_paid_to. */
    kind: text('kind').notNull(),
    /** Signed cents; bigint: one prize of a big pool (a champion's, a split's) passes 2^31. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    week: integer('week'),
    /** The bonus event a 'bonus' row pays or charges. */
    bonusEventId: integer('bonus_event_id'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_pool_idx').on(t.poolId, t.entryId),
    // One bonus's rows (its details, recalculation), without reading the whole pool's ledger.
    index('ledger_bonus_event_idx').on(t.bonusEventId).where(sql`${t.bonusEventId} is not null`),
    // The few payment and prize-paid rows of a pool, newest first (Finances' payments), without reading
    // the pool's buy-ins, rebuys and bonus rows; settling never writes them.
    index('ledger_payments_idx')
      .on(t.poolId, t.createdAt, t.id)
      .where(sql`${t.kind} in ('payment', 'prize_paid_to')`),
    // A pool's prizes awarded (the prize pool's remainder), read from the index alone.
    index('ledger_prizes_idx').on(t.poolId, t.entryId, t.amount).where(sql`${t.kind} = 'prize'`),
  ],
);

/** A pool's news feed event (sign-ups, insurance, commissioner posts, bonus news). Never a pick of an open week. */
export const poolEvents = pgTable(
  'pool_events',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Spec event type (1 to 31). */
    type: integer('type').notNull(),
    desc: text('desc').notNull(),
    summary: text('summary').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pool_events_pool_idx').on(t.poolId, t.createdAt)],
);

/**
 * A pool week's settlement. Locking (at the week's lock: insurance picks assigned, bonus pool fixed)
 * and settling (once every game of the week is final) each happen once; a row with settled_at set
 * makes settling again a no-op.
 */
export const poolWeeks = pgTable(
  'pool_weeks',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    /** Counted entries in play when the week locked. */
    aliveAtLock: integer('alive_at_lock').notNull(),
    /** Whether the bonus pool ran this week (active, not disabled, not shut down). */
    bonusRunning: boolean('bonus_running').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A digest of the week's results and facts as judged: a different digest later means a correction. */
    resultsDigest: text('results_digest'),
    /**
     * The entries alive after the judged week by their lives ({ "3": 120, "2": 40 }), written with the
     * judgement: the Pool Health Report reads these instead of counting every judged entry of every week.
     */
    health: jsonb('health').$type<Record<string, number>>(),
    /**
     * Each entry's week as its kind (entry_week_kinds.kind), KIND_BYTES bytes per entry slot, 0 for an
     * entry not in play; null until the week locks. Stored uncompressed (storage external), so that one
     * entry's kind is read without the rest (docs/decisions/009).
     */
    entryKinds: bytea('entry_kinds'),
  },
  (t) => [uniqueIndex('pool_weeks_pool_week_idx').on(t.poolId, t.week)],
);

/**
 * The different entry weeks of a pool's week: an entry's week is fixed at the lock (bonus pool, auto-rebuy,
 * the state it locks with) and judged at settlement. A week of a million entries holds a few hundred
 * kinds; which kind each entry's week is lives in pool_weeks.entry_kinds, so a week writes no row per entry
 * (docs/decisions/009).
 */
export const entryWeekKinds = pgTable(
  'entry_week_kinds',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    /** 1 and up within the week. */
    kind: integer('kind').notNull(),
    inBonus: boolean('in_bonus').notNull(),
    autoRebuy: boolean('auto_rebuy').notNull(),
    /** The entry as the week locked (after any rebuy paid before it): where judging the week starts. */
    livesBefore: integer('lives_before').notNull().default(0),
    rebuysBefore: integer('rebuys_before').notNull().default(0),
    needsRebuyBefore: boolean('needs_rebuy_before').notNull().default(false),
    weeksAliveBefore: integer('weeks_alive_before').notNull().default(0),
    /** advance, loss, moon, no-pick, no-rebuy; null until settled. */
    result: text('result'),
    /** Lives and status (alive, needs-rebuy, eliminated) after the week; null until settled. */
    lives: integer('lives'),
    status: text('status'),
    rebuysBought: integer('rebuys_bought').notNull().default(0),
    bonusNet: integer('bonus_net').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.week, t.kind] })],
);

/** A bonus a pool paid out: detected from a game's facts, its prize and who won it (entry ids). */
export const bonusEvents = pgTable(
  'bonus_events',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    /** Detection key (week, bonus, game, team, player, occurrence): one row per pool. */
    key: text('key').notNull(),
    bonusId: integer('bonus_id').notNull(),
    bonusLongName: text('bonus_long_name').notNull(),
    bonusName: text('bonus_name').notNull(),
    teamAbb: text('team_abb').notNull(),
    player: text('player'),
    desc: text('desc').notNull(),
    gid: text('gid'),
    gameSummary: text('game_summary'),
    bonusDate: timestamp('bonus_date', { withTimezone: true }).notNull(),
    /** Cents each winner receives; total = prize x winners, charged to the week's other bonus entries. */
    prize: integer('prize').notNull(),
    /** prize x winners: bigint, many winners of a big pool pass 2^31 cents. */
    total: bigint('total', { mode: 'number' }).notNull(),
    winners: jsonb('winners').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when a corrected result re-judged the week and the bonus no longer stands (its money reversed). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bonus_events_pool_key_idx').on(t.poolId, t.key).where(sql`voided_at is null`),
    index('bonus_events_pool_week_idx').on(t.poolId, t.week),
  ],
);
/** A bonus event as stored. */
export type BonusEventRecord = typeof bonusEvents.$inferSelect;

/**
 * Every commissioner change of a pool (settings, entrants' lives, status and notes, champions, posts, edited
 * picks, bonus pools, payments, prize splits, e-mails): who, when, what, the old and the new value. Append-only;
 * the Commish tools' audit log reads it.
 */
export const poolAudits = pgTable(
  'pool_audits',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    /** The entry changed, when the change is an entry's. */
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** settings, add_entrant, status, lives, notes, champions, post, picks, bonus_pool, recalculate, payment, prize_split, email. */
    action: text('action').notNull(),
    /** One line a commissioner reads in the log. */
    summary: text('summary').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('pool_audits_pool_idx').on(t.poolId, t.createdAt),
    // A pool's last nudge (once an hour), found without reading a big pool's million sign-up rows.
    index('pool_audits_nudge_idx').on(t.poolId, t.id).where(sql`${t.action} = 'nudge'`),
  ],
);

/**
 * A pool's rank version: bumped (by triggers, and once by a bulk write of every entry) in every transaction
 * that changes what the stored rankings are computed from: its ledger, its entries, their lives, status or
 * bonus pool. A stored ranking is current while its version equals this one (decision 013).
 */
export const poolRankVersions = pgTable('pool_rank_versions', {
  poolId: integer('pool_id')
    .primaryKey()
    .references(() => pools.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * What a big pool's reads would otherwise compute from every entry, computed once after a settle, re-judge or
 * money change: the bonus leaderboard, Finances' totals and bonus order, the standings' tiles and order (a
 * chunk of entry ids a row), the first slots of the filtered lists' pages. Small rows; `version` is the pool's
 * rank version it was computed at.
 */
export const poolRankings = pgTable(
  'pool_rankings',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    /** What it holds: 'bonus-leaderboard', 'finances', 'tiles', 'marks', an order's marker ('standings',
     * 'bonus-order') and its rows of ids ('standings:<n>', 'bonus-order:<n>'). */
    view: text('view').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    data: jsonb('data'),
    ids: integer('ids').array(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.view] })],
);

/**
 * Counts of a big pool that picks move without a version to tell (Missing Picks' owing entries of a week):
 * the last one computed, served while a fresher one is computed in the background. `key` names the count.
 */
export const poolKeptCounts = pgTable(
  'pool_kept_counts',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.key] })],
);
