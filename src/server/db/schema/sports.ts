import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** One season of one game: its span, its weekly deadlines and the dates each week covers. */
export const seasonParams = pgTable(
  'season_params',
  {
    id: serial('id').primaryKey(),
    game: text('game').notNull(),
    season: integer('season').notNull(),
    seasonType: text('season_type').notNull().default('reg'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    final: boolean('final').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Week n locks at deadlines[n-1] (ISO instants, UTC). */
    deadlines: jsonb('deadlines').$type<string[]>().notNull().default([]),
    /** Per week, the calendar dates it covers (YYYY-MM-DD, US Eastern); element 0 is the preseason filler. */
    dashedDateArrays: jsonb('dashed_date_arrays').$type<string[][]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('season_params_game_season_type_idx').on(t.game, t.season, t.seasonType)],
);

/** A club of one game; abbreviations are the site's canonical ones (providers' aliases map onto them). */
export const teams = pgTable(
  'teams',
  {
    game: text('game').notNull(),
    abb: text('abb').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    colorOne: text('color_one').notNull(),
    colorTwo: text('color_two').notNull(),
    espnId: text('espn_id'),
  },
  (t) => [primaryKey({ columns: [t.game, t.abb] })],
);

/** A scheduled game; scores stay null until the game starts, final only after a final status. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    game: text('game').notNull(),
    /** The provider's game id, unique within the game key. */
    gid: text('gid').notNull(),
    season: integer('season').notNull(),
    seasonType: text('season_type').notNull().default('reg'),
    /** League week for NFL; pool week for NBA/MLB once the calendar is built (null before). */
    week: integer('week'),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** scheduled | in_progress | final | postponed */
    status: text('status').notNull().default('scheduled'),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    /** Periods (NBA, NFL quarters) or innings (MLB) played so far. */
    periods: integer('periods'),
    final: boolean('final').notNull().default(false),
    postponed: boolean('postponed').notNull().default(false),
    provider: text('provider').notNull().default('manual'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_game_gid_idx').on(t.game, t.gid),
    index('games_season_start_idx').on(t.game, t.season, t.seasonType, t.startTime),
    // A week's games (every pick reads them): without it, a pick scanned its whole season's games.
    index('games_season_week_idx').on(t.game, t.season, t.seasonType, t.week),
  ],
);
/** A game as stored. */
export type GameRecord = typeof games.$inferSelect;

/** Normalized facts of one game (NBA/MLB/NFL fact types of src/core/facts and src/server/sports/facts). */
export const gameFacts = pgTable('game_facts', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
  /** Facts the source could not provide (e.g. 'plays' when only a game log was available). */
  missing: jsonb('missing').$type<string[]>().notNull().default([]),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An NFL player who can be picked in NFL TD pools. */
export const nflPlayers = pgTable(
  'nfl_players',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    shortName: text('short_name').notNull(),
    /** QB, RB, WR or TE. */
    position: text('position').notNull(),
    teamAbb: text('team_abb').notNull(),
    depthRank: integer('depth_rank'),
    headshot: text('headshot'),
    /** True for a player the demo's replay generated (name and all), never one a feed delivered. */
    simulated: boolean('simulated').notNull().default(false),
  },
  (t) => [index('nfl_players_team_idx').on(t.teamAbb)],
);
/** An NFL player as stored. */
export type NflPlayerRecord = typeof nflPlayers.$inferSelect;

/** One player's box line for one week; simulated rows come from the demo generator, never a feed. */
export const nflPlayerWeekStats = pgTable(
  'nfl_player_week_stats',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => nflPlayers.id, { onDelete: 'cascade' }),
    season: integer('season').notNull(),
    week: integer('week').notNull(),
    passCmp: integer('pass_cmp').notNull().default(0),
    passAtt: integer('pass_att').notNull().default(0),
    passYds: integer('pass_yds').notNull().default(0),
    passTd: integer('pass_td').notNull().default(0),
    passInt: integer('pass_int').notNull().default(0),
    rushAtt: integer('rush_att').notNull().default(0),
    rushYds: integer('rush_yds').notNull().default(0),
    rushTd: integer('rush_td').notNull().default(0),
    rec: integer('rec').notNull().default(0),
    recYds: integer('rec_yds').notNull().default(0),
    recTd: integer('rec_td').notNull().default(0),
    stTd: integer('st_td').notNull().default(0),
    defTd: integer('def_td').notNull().default(0),
    simulated: boolean('simulated').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.season, t.week] }),
    index('nfl_stats_week_idx').on(t.season, t.week),
  ],
);
/** An NFL player's week stats as stored. */
export type NflStatsRecord = typeof nflPlayerWeekStats.$inferSelect;

/**
 * One poll of a sports feed, kept for the feeds health page. The error of a failed poll says why;
 * on a successful one it lists the games the poll rejected (left out alone), one a line.
 */
export const feedFetches = pgTable(
  'feed_fetches',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    game: text('game').notNull(),
    url: text('url').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    gamesSeen: integer('games_seen').notNull().default(0),
    gamesChanged: integer('games_changed').notNull().default(0),
    durationMs: integer('duration_ms').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('feed_fetches_provider_idx').on(t.provider, t.fetchedAt)],
);

/** Who changed a game result by hand, when, and from what to what. */
export const resultAudits = pgTable('result_audits', {
  id: serial('id').primaryKey(),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  oldValue: jsonb('old_value').$type<Record<string, unknown> | null>(),
  newValue: jsonb('new_value').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The demo's replay clock, one row shared by every instance (docs/decisions/034): the replayed instant
 * `replayed_at` was the replayed time at the database's time `real_at`, and replayed time runs at `speed`
 * from there. The leader writes it again on each beat (same line, a fresh `real_at`); an instance that
 * starts when no other runs pauses it at the last beat.
 */
export const replayClock = pgTable('replay_clock', {
  id: smallint('id').primaryKey(),
  replayedAt: timestamp('replayed_at', { withTimezone: true }).notNull(),
  realAt: timestamp('real_at', { withTimezone: true }).notNull(),
  speed: doublePrecision('speed').notNull(),
});
