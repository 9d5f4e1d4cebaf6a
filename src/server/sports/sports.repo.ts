import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { nflPlayers, seasonParams, teams } from '../db/schema';
import type { SeasonCalendar } from './calendar';
import type { FactsRecord, GameRecord, NflPlayerRecord, NflWeekStatRecord } from './model';
import { RETURNED_TO_FEED } from './sanity';
import type { TeamRecord } from './teams';

export interface UpsertGamesResult {
  /** Game id by gid for every game written or already stored as a manual result. */
  ids: Map<string, number>;
  changed: number;
}

/**
 * Writes games in one statement (unnest of array parameters). A stored game is updated only when
 * something changed, it is not a result a site admin entered by hand, and a final game is only
 * replaced by another final (a feed going backwards never un-finals a result); final follows the status.
 * A game a site admin returned to the feed takes the feed's record as it is, once.
 */
export async function upsertGames(
  db: DbOrTx,
  records: readonly GameRecord[],
  provider: string,
  now: Date,
): Promise<UpsertGamesResult> {
  if (records.length === 0) return { ids: new Map(), changed: 0 };
  const col = <T>(pick: (g: GameRecord) => T) => sql.param(records.map(pick));
  const result = await db.execute(sql`
    insert into games as g (game, gid, season, season_type, week, home, away, start_time, status,
      home_score, away_score, periods, final, postponed, provider, updated_at)
    select t.game, t.gid, t.season, t.season_type, t.week, t.home, t.away, t.start_time, t.status,
      t.home_score, t.away_score, t.periods, t.status = 'final', t.status = 'postponed', ${provider}, ${now.toISOString()}::timestamptz
    from unnest(
      ${col((g) => g.game)}::text[], ${col((g) => g.gid)}::text[], ${col((g) => g.season)}::int[],
      ${col((g) => g.seasonType)}::text[], ${col((g) => g.week)}::int[], ${col((g) => g.home)}::text[],
      ${col((g) => g.away)}::text[], ${col((g) => g.startTime.toISOString())}::timestamptz[],
      ${col((g) => g.status)}::text[], ${col((g) => g.homeScore)}::int[], ${col((g) => g.awayScore)}::int[],
      ${col((g) => g.periods)}::int[]
    ) as t(game, gid, season, season_type, week, home, away, start_time, status, home_score, away_score, periods)
    on conflict (game, gid) do update set
      season = excluded.season, season_type = excluded.season_type,
      week = coalesce(excluded.week, g.week), home = excluded.home, away = excluded.away,
      start_time = excluded.start_time, status = excluded.status, home_score = excluded.home_score,
      away_score = excluded.away_score, periods = excluded.periods, final = excluded.final,
      postponed = excluded.postponed, provider = excluded.provider, updated_at = excluded.updated_at
    where g.provider <> 'manual' and (g.provider = ${RETURNED_TO_FEED} or (
      (not g.final or excluded.status = 'final') and (g.status, g.home_score, g.away_score, g.periods, g.start_time, g.week)
      is distinct from (excluded.status, excluded.home_score, excluded.away_score, excluded.periods,
        excluded.start_time, coalesce(excluded.week, g.week))))
    returning id, gid`);
  const changedRows = rowsOf<{ id: number; gid: string }>(result);
  const ids = new Map(changedRows.map((r) => [r.gid, r.id]));
  const missing = records.filter((r) => !ids.has(r.gid));
  if (missing.length > 0) {
    const existing = await db.execute(sql`
      select id, gid from games
      where game = ${records[0].game} and gid = any(${sql.param(missing.map((r) => r.gid))}::text[])`);
    for (const row of rowsOf<{ id: number; gid: string }>(existing)) ids.set(row.gid, row.id);
  }
  return { ids, changed: changedRows.length };
}

/** Writes game facts for games already stored (by gid), in one statement. */
export async function upsertGameFacts(
  db: DbOrTx,
  records: readonly FactsRecord[],
  ids: Map<string, number>,
  now: Date,
): Promise<number> {
  const rows = records.filter((r) => ids.has(r.gid));
  if (rows.length === 0) return 0;
  await db.execute(sql`
    insert into game_facts as f (game_id, facts, missing, source, updated_at)
    select t.game_id, t.facts::jsonb, t.missing::jsonb, t.source, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(rows.map((r) => ids.get(r.gid)))}::int[],
      ${sql.param(rows.map((r) => JSON.stringify(r.facts)))}::text[],
      ${sql.param(rows.map((r) => JSON.stringify(r.missing)))}::text[],
      ${sql.param(rows.map((r) => r.source))}::text[]
    ) as t(game_id, facts, missing, source)
    on conflict (game_id) do update set facts = excluded.facts, missing = excluded.missing,
      source = excluded.source, updated_at = excluded.updated_at
    where f.facts is distinct from excluded.facts`);
  return rows.length;
}

/** Writes the clubs of a game (idempotent). */
export async function upsertTeams(db: DbOrTx, records: readonly TeamRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(teams)
    .values(
      records.map(({ game, abb, name, city, colorOne, colorTwo, espnId }) => ({
        game,
        abb,
        name,
        city,
        colorOne,
        colorTwo,
        espnId,
      })),
    )
    .onConflictDoUpdate({
      target: [teams.game, teams.abb],
      set: {
        name: sql`excluded.name`,
        city: sql`excluded.city`,
        colorOne: sql`excluded.color_one`,
        colorTwo: sql`excluded.color_two`,
        espnId: sql`excluded.espn_id`,
      },
    });
}

/** Writes a season's span and calendar (idempotent on game, season, type). */
export async function upsertSeasonParams(
  db: DbOrTx,
  season: { game: string; season: number; seasonType: string; active: boolean; final: boolean },
  calendar: SeasonCalendar,
  now: Date,
): Promise<void> {
  const values = {
    ...season,
    start: calendar.start,
    end: calendar.end,
    deadlines: calendar.deadlines,
    dashedDateArrays: calendar.dashedDateArrays,
    updatedAt: now,
  };
  await db
    .insert(seasonParams)
    .values(values)
    .onConflictDoUpdate({
      target: [seasonParams.game, seasonParams.season, seasonParams.seasonType],
      set: values,
    });
}

/** Sets the pool week of stored games from their gids, in one statement. */
export async function setGameWeeks(
  db: DbOrTx,
  game: string,
  weeks: ReadonlyArray<[string, number | null]>,
): Promise<void> {
  if (weeks.length === 0) return;
  await db.execute(sql`
    update games set week = t.week
    from unnest(${sql.param(weeks.map(([gid]) => gid))}::text[], ${sql.param(weeks.map(([, w]) => w))}::int[]) as t(gid, week)
    where games.game = ${game} and games.gid = t.gid`);
}

/** Writes NFL players (idempotent on id). */
export async function upsertNflPlayers(db: DbOrTx, records: readonly NflPlayerRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += 500) {
    const chunk = records.slice(i, i + 500);
    await db
      .insert(nflPlayers)
      .values(chunk.map((p) => ({ ...p, simulated: p.simulated ?? false })))
      .onConflictDoUpdate({
        target: nflPlayers.id,
        set: {
          name: sql`excluded.name`,
          displayName: sql`excluded.display_name`,
          shortName: sql`excluded.short_name`,
          position: sql`excluded.position`,
          teamAbb: sql`excluded.team_abb`,
          depthRank: sql`excluded.depth_rank`,
          headshot: sql`excluded.headshot`,
          simulated: sql`excluded.simulated`,
        },
      });
  }
}

const STAT_COLUMNS = [
  'pass_cmp',
  'pass_att',
  'pass_yds',
  'pass_td',
  'pass_int',
  'rush_att',
  'rush_yds',
  'rush_td',
  'rec',
  'rec_yds',
  'rec_td',
  'st_td',
  'def_td',
] as const;

/** Writes NFL week stat lines in one statement (idempotent on player, season, week). */
export async function upsertNflWeekStats(db: DbOrTx, records: readonly NflWeekStatRecord[]): Promise<void> {
  if (records.length === 0) return;
  const arrays = STAT_COLUMNS.map((c) => sql`${sql.param(records.map((r) => r[c]))}::int[]`);
  const names = sql.raw(STAT_COLUMNS.join(', '));
  const updates = sql.raw(STAT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '));
  await db.execute(sql`
    insert into nfl_player_week_stats (player_id, season, week, simulated, ${names})
    select * from unnest(
      ${sql.param(records.map((r) => r.player_id))}::text[], ${sql.param(records.map((r) => r.season))}::int[],
      ${sql.param(records.map((r) => r.week))}::int[], ${sql.param(records.map((r) => r.simulated))}::boolean[],
      ${sql.join(arrays, sql`, `)})
    on conflict (player_id, season, week) do update set simulated = excluded.simulated, ${updates}`);
}
