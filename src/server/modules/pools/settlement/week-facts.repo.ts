import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type BonusEvent as DetectedBonus,
  detectWeekBonuses,
  filterActiveBonusEvents,
  findBonusOption,
  resolveBonusOptions,
} from '../../../../core/bonus';
import { type MlbGameFacts, MlbGameFactsSchema } from '../../../../core/facts/mlb-facts';
import { type NbaGameFacts, NbaGameFactsSchema } from '../../../../core/facts/nba-facts';
import type { WeekTeamRecord } from '../../../../core/facts/week-records';
import { scheduleOfKey } from '../../../../core/games';
import type { PlayerStats, TeamRecord } from '../../../../core/season';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { gameFacts, games, nflPlayerWeekStats } from '../../../db/schema';

/** One game of a pool week as settlement reads it. */
export interface SettlementGame {
  id: number;
  gid: string;
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
  startTime: Date;
  final: boolean;
  postponed: boolean;
}

/** The week's games of the pool's game and season, postponed ones included (they count for nothing). */
export async function loadWeekGames(db: DbOrTx, pool: PoolRecord, week: number): Promise<SettlementGame[]> {
  return db
    .select({
      id: games.id,
      gid: games.gid,
      home: games.home,
      away: games.away,
      homeScore: games.homeScore,
      awayScore: games.awayScore,
      startTime: games.startTime,
      final: games.final,
      postponed: games.postponed,
    })
    .from(games)
    .where(
      and(
        eq(games.game, scheduleOfKey(pool.game)),
        eq(games.season, pool.season),
        eq(games.seasonType, pool.seasonType),
        eq(games.week, week),
      ),
    )
    .orderBy(asc(games.startTime), asc(games.gid));
}

/**
 * Whether a week can be judged: it has games and every game that is not postponed is final. A late
 * or failing feed leaves a week waiting, so nobody is judged on partial results.
 */
export function isWeekComplete(
  weekGames: readonly Pick<SettlementGame, 'final' | 'postponed' | 'homeScore' | 'awayScore'>[],
): boolean {
  const played = weekGames.filter((game) => !game.postponed);
  return (
    played.length > 0 &&
    played.every((game) => game.final && game.homeScore !== null && game.awayScore !== null)
  );
}

/**
 * Each team's [wins, losses] in the week's final games. Every scheduled team is listed (a team whose
 * games were all postponed is 0-0, which advances), so a pick made while its game was on stays valid.
 */
export function recordWeekTeams(weekGames: readonly SettlementGame[]): Record<string, TeamRecord> {
  const teams: Record<string, TeamRecord> = {};
  for (const game of weekGames) {
    teams[game.home] ??= [0, 0];
    teams[game.away] ??= [0, 0];
    if (game.postponed || !game.final || game.homeScore === null || game.awayScore === null) continue;
    if (game.homeScore === game.awayScore) {
      // A tie is kept as a third count: NFL Survivor's tie rule judges it; the other games ignore it.
      for (const team of [game.home, game.away]) {
        const [wins, losses, ties = 0] = teams[team];
        teams[team] = [wins, losses, ties + 1];
      }
      continue;
    }
    const [winner, loser] = game.homeScore > game.awayScore ? [game.home, game.away] : [game.away, game.home];
    teams[winner] = add(teams[winner], 1, 0);
    teams[loser] = add(teams[loser], 0, 1);
  }
  return teams;
}

/** A record with wins and losses added, its ties (if any) kept. */
function add(record: TeamRecord, wins: number, losses: number): TeamRecord {
  const [w, l, ties] = record;
  return ties === undefined ? [w + wins, l + losses] : [w + wins, l + losses, ties];
}

/** nfl-td: each player's touchdowns in the week, from the stored weekly lines. */
export async function loadWeekPlayerStats(
  db: DbOrTx,
  pool: PoolRecord,
  week: number,
): Promise<Record<string, PlayerStats>> {
  const rows = await db
    .select({
      playerId: nflPlayerWeekStats.playerId,
      passTd: nflPlayerWeekStats.passTd,
      rushTd: nflPlayerWeekStats.rushTd,
      recTd: nflPlayerWeekStats.recTd,
      stTd: nflPlayerWeekStats.stTd,
      defTd: nflPlayerWeekStats.defTd,
    })
    .from(nflPlayerWeekStats)
    .where(and(eq(nflPlayerWeekStats.season, pool.season), eq(nflPlayerWeekStats.week, week)));
  const stats: Record<string, PlayerStats> = {};
  for (const row of rows) {
    stats[row.playerId] = {
      pass_td: row.passTd,
      rush_td: row.rushTd,
      rec_td: row.recTd,
      st_td: row.stTd,
      def_td: row.defTd,
    };
  }
  return stats;
}

/** A bonus the pool pays this week: what was detected, with the pool's prize and the game it came from. */
export interface PoolWeekBonus {
  detected: DetectedBonus;
  prize: number;
  longName: string;
  label: string;
  game: SettlementGame | null;
}

/**
 * The week's bonuses for a pool (nba, mlb): detected from the stored game facts by the rules engine,
 * kept when the pool has the option switched on, each with the pool's prize.
 */
export async function detectPoolWeekBonuses(
  db: DbOrTx,
  pool: PoolRecord,
  week: number,
  weekGames: readonly SettlementGame[],
  teams: Record<string, TeamRecord>,
): Promise<PoolWeekBonus[]> {
  if (pool.game !== 'nba' && pool.game !== 'mlb') return [];
  const finals = weekGames.filter((game) => game.final && !game.postponed);
  const factRows =
    finals.length === 0
      ? []
      : await db
          .select({ gameId: gameFacts.gameId, facts: gameFacts.facts })
          .from(gameFacts)
          .where(
            inArray(
              gameFacts.gameId,
              finals.map((game) => game.id),
            ),
          );
  const records: WeekTeamRecord[] = Object.entries(teams).map(([team_abb, [wins, losses]]) => ({
    week,
    team_abb,
    wins,
    losses,
  }));
  const byGid = new Map(weekGames.map((game) => [game.gid, game]));
  let detected: DetectedBonus[];
  if (pool.game === 'nba') {
    const facts = factRows
      .map((row) => NbaGameFactsSchema.safeParse(row.facts))
      .filter((parsed) => parsed.success)
      .map((parsed) => parsed.data as NbaGameFacts);
    detected = detectWeekBonuses({ game: 'nba', week, games: facts, records });
  } else {
    const facts = factRows
      .map((row) => MlbGameFactsSchema.safeParse(row.facts))
      .filter((parsed) => parsed.success)
      .map((parsed) => parsed.data as MlbGameFacts);
    detected = detectWeekBonuses({ game: 'mlb', week, games: facts, records });
  }
  const options = resolveBonusOptions(pool.game, pool.bonusOptions);
  return filterActiveBonusEvents(detected, options).map((event) => {
    const definition = findBonusOption(pool.game as 'nba' | 'mlb', event.bonus_id);
    const setting = options[String(event.bonus_id)];
    return {
      detected: event,
      prize: setting?.prize ?? 0,
      longName: setting?.bonus_long_name || definition?.bonus_long_name || `Bonus ${event.bonus_id}`,
      label: definition?.bonus_name ?? `BONUS ${event.bonus_id}`,
      game: event.gid ? (byGid.get(event.gid) ?? null) : null,
    };
  });
}

/**
 * A digest of what judging a pool's weeks reads: each game's scores, status and stored facts (and, for
 * nfl-td, the week's player lines). Stored when a week is settled; a different digest later means a
 * corrected result, whichever clock wrote it.
 */
export async function digestWeekResults(
  db: DbOrTx,
  pool: Pick<PoolRecord, 'game' | 'season' | 'seasonType'>,
  weeks?: readonly number[],
): Promise<Map<number, string>> {
  const weekFilter = weeks ? sql`and g.week = any(${sql.param([...weeks])}::int[])` : sql``;
  const result = await db.execute(sql`
    select g.week as week, md5(string_agg(
      concat_ws('|', g.gid, g.home_score, g.away_score, g.final, g.postponed, md5(coalesce(f.facts::text, ''))),
      ',' order by g.gid)) as digest
    from games g left join game_facts f on f.game_id = g.id
    where g.game = ${scheduleOfKey(pool.game)} and g.season = ${pool.season} and g.season_type = ${pool.seasonType}
      and g.week is not null ${weekFilter}
    group by g.week`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    week: number;
    digest: string;
  }>;
  const digests = new Map(rows.map((row) => [Number(row.week), row.digest]));
  if (pool.game === 'nfl-td') {
    const stats = await db.execute(sql`
      select week, md5(string_agg(concat_ws('|', player_id, pass_td, rush_td, rec_td, st_td, def_td), ',' order by player_id)) as digest
      from nfl_player_week_stats where season = ${pool.season} group by week`);
    const statRows = (Array.isArray(stats) ? stats : (stats as { rows: unknown[] }).rows) as Array<{
      week: number;
      digest: string;
    }>;
    for (const row of statRows) {
      const week = Number(row.week);
      if (digests.has(week)) digests.set(week, `${digests.get(week)}:${row.digest}`);
    }
  }
  return digests;
}

/** A week's results as judging reads them. */
export interface WeekResults {
  games: SettlementGame[];
  teams: Record<string, TeamRecord>;
  /** nfl-td's player lines of the week (none for the other games). */
  stats: Record<string, PlayerStats>;
  /** The digest of these results, stored with the judged week (a different one later is a correction). */
  digest: string | null;
}

/** The results of a week, or null while any of its games is not final. */
export async function readWeekResults(
  db: DbOrTx,
  pool: PoolRecord,
  week: number,
): Promise<WeekResults | null> {
  const weekGames = await loadWeekGames(db, pool, week);
  if (!isWeekComplete(weekGames)) return null;
  const stats = pool.game === 'nfl-td' ? await loadWeekPlayerStats(db, pool, week) : {};
  const [digest] = (await digestWeekResults(db, pool, [week])).values();
  return { games: weekGames, teams: recordWeekTeams(weekGames), stats, digest: digest ?? null };
}
