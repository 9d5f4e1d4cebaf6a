import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  ResultsResponse,
  ScheduleGame,
  SeasonParamsResponse,
  SeasonPath,
  SeasonSummary,
  TeamDetailsResponse,
  TeamSchedulesResponse,
} from '../../../core/contracts/sports';
import type { GameStatus } from '../../../core/facts';
import { type PlayableGame, scheduleOf } from '../../../core/games';
import type { AppContext } from '../../context';
import { games, nflPlayers, nflPlayerWeekStats, seasonParams, teams } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { countPassedDeadlines } from '../../sports/calendar';

type SeasonRow = typeof seasonParams.$inferSelect;
type GameRow = typeof games.$inferSelect;

const PENDING_MARGIN_MS = 7 * 24 * 60 * 60 * 1000;

function toSummary(row: SeasonRow, now: Date): SeasonSummary {
  return {
    id: row.id,
    game: row.game,
    season: row.season,
    season_type: row.seasonType,
    active: row.active,
    final: row.final,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    // Pending: pools can still be created (not final, and more than a week before its end).
    pending: !row.final && row.end.getTime() - PENDING_MARGIN_MS > now.getTime(),
  };
}

/** Every season the site knows, newest first. */
export async function listSeasonParams(ctx: AppContext): Promise<SeasonSummary[]> {
  const rows = await ctx.db.select().from(seasonParams).orderBy(desc(seasonParams.start));
  const now = ctx.clock.now();
  return rows.map((row) => toSummary(row, now));
}

async function findSeason(ctx: AppContext, path: SeasonPath): Promise<SeasonRow> {
  const [row] = await ctx.db
    .select()
    .from(seasonParams)
    .where(
      and(
        eq(seasonParams.game, scheduleOf(path.game)),
        eq(seasonParams.season, path.season),
        eq(seasonParams.seasonType, path.seasonType),
      ),
    );
  if (!row) throw notFound(`No ${path.game} ${path.season} ${path.seasonType} season was found.`);
  return row;
}

/** A season's params with its deadlines, the week dates (filler dropped) and the live week per the clock. */
export async function getSeasonParams(ctx: AppContext, path: SeasonPath): Promise<SeasonParamsResponse> {
  const row = await findSeason(ctx, path);
  const liveWeek = countPassedDeadlines(row.deadlines, ctx.clock.now());
  return {
    ...toSummary(row, ctx.clock.now()),
    deadlines: row.deadlines,
    dashed_date_arrays: row.dashedDateArrays.slice(1),
    liveWeek,
    activeGameWeek: liveWeek,
  };
}

/** The live week of a season: how many of its deadlines have passed. */
export async function getActiveWeek(ctx: AppContext, path: SeasonPath): Promise<{ activeGameWeek: number }> {
  const row = await findSeason(ctx, path);
  return { activeGameWeek: countPassedDeadlines(row.deadlines, ctx.clock.now()) };
}

/** A game's clubs, abbreviations in alphabetical order, with names, cities and colours. */
export async function getTeamDetails(ctx: AppContext, game: PlayableGame): Promise<TeamDetailsResponse> {
  const rows = await ctx.db
    .select()
    .from(teams)
    .where(eq(teams.game, scheduleOf(game)))
    .orderBy(asc(teams.abb));
  return {
    abbs: rows.map((t) => t.abb),
    data: Object.fromEntries(
      rows.map((t) => [
        t.abb,
        { abb: t.abb, n: t.name, c: t.city, color_one: t.colorOne, color_two: t.colorTwo },
      ]),
    ),
  };
}

interface VisibleGame {
  row: GameRow;
  status: GameStatus;
  final: boolean;
  homeScore: number | null;
  awayScore: number | null;
  periods: number | null;
}

/**
 * What may be shown of a game at now: a game that has not started per the clock shows no score
 * (the replay database already holds the season's results).
 */
function visible(row: GameRow, now: Date): VisibleGame {
  if (row.startTime.getTime() > now.getTime() && row.status !== 'postponed') {
    return { row, status: 'scheduled', final: false, homeScore: null, awayScore: null, periods: null };
  }
  return {
    row,
    status: row.status as GameStatus,
    final: row.final,
    homeScore: row.homeScore,
    awayScore: row.awayScore,
    periods: row.periods,
  };
}

async function seasonGames(ctx: AppContext, path: SeasonPath, week?: number): Promise<VisibleGame[]> {
  await findSeason(ctx, path);
  const conditions = [
    eq(games.game, scheduleOf(path.game)),
    eq(games.season, path.season),
    eq(games.seasonType, path.seasonType),
  ];
  if (week !== undefined) conditions.push(eq(games.week, week));
  const rows = await ctx.db
    .select()
    .from(games)
    .where(and(...conditions))
    .orderBy(asc(games.startTime), asc(games.gid));
  const now = ctx.clock.now();
  return rows.map((row) => visible(row, now));
}

function toScheduleGame(g: VisibleGame): ScheduleGame {
  return {
    gid: g.row.gid,
    week: g.row.week,
    home: g.row.home,
    away: g.row.away,
    utc: g.row.startTime.toISOString(),
    status: g.status,
    final: g.final,
    score_home: g.homeScore,
    score_away: g.awayScore,
    periods: g.periods,
    ...(g.row.provider === 'manual' ? { manual: true as const } : {}),
  };
}

/** The games of one week of a season, by start time. */
export async function getWeekSchedule(
  ctx: AppContext,
  path: SeasonPath,
  week: number,
): Promise<ScheduleGame[]> {
  return (await seasonGames(ctx, path, week)).map(toScheduleGame);
}

/** Every club's games per week ("vs. OPP" at home, "@ OPP" away). */
export async function getTeamSchedules(
  ctx: AppContext,
  path: SeasonPath,
  /** Only this week's games, when given. */
  onlyWeek?: number,
): Promise<TeamSchedulesResponse> {
  const out: TeamSchedulesResponse = {};
  for (const g of await seasonGames(ctx, path)) {
    if (g.row.week === null || (onlyWeek !== undefined && g.row.week !== onlyWeek)) continue;
    const week = String(g.row.week);
    for (const [team, matchup] of [
      [g.row.home, `vs. ${g.row.away}`],
      [g.row.away, `@ ${g.row.home}`],
    ]) {
      out[team] ??= {};
      out[team][week] ??= [];
      out[team][week].push({ matchup, utc: g.row.startTime.toISOString(), gid: g.row.gid, status: g.status });
    }
  }
  return out;
}

/** Per club per week: [wins, losses] of final games (postponed ones never count) and each game's [for, against]. */
export async function getResults(ctx: AppContext, path: SeasonPath): Promise<ResultsResponse> {
  const records: ResultsResponse['records'] = {};
  const scores: ResultsResponse['scores'] = {};
  for (const g of await seasonGames(ctx, path)) {
    if (!g.final || g.row.week === null || g.homeScore === null || g.awayScore === null) continue;
    const week = String(g.row.week);
    for (const [team, forScore, against] of [
      [g.row.home, g.homeScore, g.awayScore],
      [g.row.away, g.awayScore, g.homeScore],
    ] as const) {
      records[team] ??= {};
      scores[team] ??= {};
      const record = records[team][week] ?? [0, 0];
      if (forScore > against) record[0] += 1;
      else if (forScore < against) record[1] += 1;
      records[team][week] = record;
      scores[team][week] ??= [];
      scores[team][week].push([forScore, against]);
    }
  }
  return { records, scores };
}

/** The NFL TD player pool, by team and depth. */
export async function listNflPlayers(ctx: AppContext) {
  const rows = await ctx.db
    .select()
    .from(nflPlayers)
    .orderBy(
      asc(nflPlayers.teamAbb),
      asc(nflPlayers.position),
      sql`${nflPlayers.depthRank} nulls last`,
      asc(nflPlayers.name),
    );
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    display_name: p.displayName,
    short_name: p.shortName,
    position: p.position,
    team_abb: p.teamAbb,
    depth_rank: p.depthRank,
    headshot: p.headshot,
    simulated: p.simulated,
  }));
}

/**
 * Player stat lines of one week of the current NFL TD season (the newest active one, unless a
 * season is given); a week whose deadline has not passed per the clock shows no lines yet.
 */
export async function listNflWeekStats(ctx: AppContext, week: number, season?: number) {
  const [current] = await ctx.db
    .select()
    .from(seasonParams)
    .where(
      and(
        eq(seasonParams.game, 'nfl-td'),
        eq(seasonParams.seasonType, 'reg'),
        season === undefined ? eq(seasonParams.active, true) : eq(seasonParams.season, season),
      ),
    )
    .orderBy(desc(seasonParams.season))
    .limit(1);
  if (!current) throw notFound('No NFL season was found.');
  const deadline = current.deadlines[week - 1];
  if (!deadline || Date.parse(deadline) > ctx.clock.now().getTime()) return [];
  const rows = await ctx.db
    .select()
    .from(nflPlayerWeekStats)
    .where(and(eq(nflPlayerWeekStats.season, current.season), eq(nflPlayerWeekStats.week, week)))
    .orderBy(asc(nflPlayerWeekStats.playerId));
  return rows.map((r) => ({
    player_id: r.playerId,
    season: r.season,
    week: r.week,
    pass_cmp: r.passCmp,
    pass_att: r.passAtt,
    pass_yds: r.passYds,
    pass_td: r.passTd,
    pass_int: r.passInt,
    rush_att: r.rushAtt,
    rush_yds: r.rushYds,
    rush_td: r.rushTd,
    rec: r.rec,
    rec_yds: r.recYds,
    rec_td: r.recTd,
    st_td: r.stTd,
    def_td: r.defTd,
    simulated: r.simulated,
  }));
}
