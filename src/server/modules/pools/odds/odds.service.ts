import { asc, eq } from 'drizzle-orm';
import { getLiveWeek, getNflPickLock, toInstant } from '../../../../core/calendar';
import {
  ODDS_MESSAGES as M,
  ODDS_PLAYER_ROWS,
  type OddsKind,
  type OddsPopularity,
  type OddsQuery,
  type OddsResponse,
  type OddsRow,
  type Plan,
  type PlannerResponse,
} from '../../../../core/contracts/pools';
import { type Game, playsNflWeeks } from '../../../../core/games';
import {
  ELO_PARAMS,
  entryAdvanceProbability,
  type FixedPick,
  type OddsGame,
  type PlannedPick,
  type PlannerWeek,
  type PlanRules,
  plannableOptions,
  planSeason,
  playersSeasonToDate,
  playerWeekOdds,
  poolSeasonOdds,
  type Ratings,
  RESULT_KNOWN_AFTER_MS,
  ratingsAtSeasonStart,
} from '../../../../core/odds';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import type { AppContext } from '../../../context';
import type { PoolRecord, UserRow } from '../../../db/schema';
import { entries, picks } from '../../../db/schema';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { loadNflEloHistory } from '../../../sports/replay/replay-data';
import { requireEntryPoolAccess, requirePoolAccess } from '../access/pool-access';
import { readDistribution } from '../store/pick-distribution.repo';
import { loadPoolWeeks, PoolWeeks } from '../store/pool-weeks.repo';
import { loadNflSeasonLines, loadOddsGames, loadTeamNames } from './odds.repo';
import { type Expiring, readKeptOdds } from './odds-cache';

/** One option's odds for one week. */
interface OptionOdds {
  survival: number;
  advance: number;
  moon: number | null;
  games: number | null;
}

/** What a pool's odds are, for every week: computed once, then read by every viewer. */
export interface PoolOdds {
  kind: OddsKind;
  /** weeks[n - 1]: week n's options (teams, or players who play that week) and their odds. */
  weeks: Map<string, OptionOdds>[];
  /** weeks[n - 1]'s options by survival odds, best first (ties by id), as the Planner reads them. */
  ranked: [string, number][][];
  /** Each week's answer rows, best first, made by the week's first request and kept with the odds. */
  rows: (OddsRow[] | undefined)[];
  /** Display of each option: name, team, position. */
  labels: Map<string, { name: string; teamAbb: string; position: string | null }>;
  /** The season's calendar (kickoffs and locks), read with the odds: a request reads no schedule. */
  calendar: PoolWeeks;
}

const kindOf = (pool: PoolRecord): OddsKind => (pool.game === 'nfl-td' ? 'players' : 'teams');
const sportOf = (pool: PoolRecord) => (pool.game === 'nba' ? 'nba' : pool.game === 'nfl' ? 'nfl' : 'mlb');

/**
 * The pool's odds of every week: kept per pool until its results change (odds-cache.ts), so a request
 * computes nothing the pool's earlier requests computed.
 */
export async function readPoolOdds(ctx: AppContext, pool: PoolRecord): Promise<PoolOdds> {
  const now = ctx.clock.now();
  const compute = () => computePoolOdds(ctx, pool, now);
  return readKeptOdds(ctx, pool.id, now.getTime(), compute);
}

/** Computes the pool's odds as they stand at `now`, with the instant they stop holding. */
export async function computePoolOdds(
  ctx: AppContext,
  pool: PoolRecord,
  now: Date,
): Promise<Expiring<PoolOdds>> {
  if (kindOf(pool) === 'players') return computePlayerOdds(ctx, pool);
  const [games, names] = await Promise.all([loadOddsGames(ctx.db, pool), loadTeamNames(ctx.db, pool.game)]);
  const sport = sportOf(pool);
  const season = poolSeasonOdds({
    params: ELO_PARAMS[sport],
    games,
    initial: sport === 'nfl' ? nflRatingsBefore(games, pool.season) : undefined,
    season: pool.season,
    deadlines: pool.deadlines,
    seasonEnd: now,
    now,
    shootMoon: pool.shootMoon,
    byGameWeek: true,
  });
  const gameCounts = countWeekGames(games, pool.season);
  const weeks = season.map(({ week, teams }) => {
    const options = new Map<string, OptionOdds>();
    for (const [team, odds] of teams)
      options.set(team, {
        survival: odds.survival,
        advance: odds.advance,
        moon: odds.moon,
        games: gameCounts.get(`${week}:${team}`) ?? 0,
      });
    return options;
  });
  const labels = new Map<string, { name: string; teamAbb: string; position: string | null }>();
  for (const options of weeks)
    for (const team of options.keys())
      labels.set(team, { name: names.get(team) ?? team, teamAbb: team, position: null });
  const calendar = new PoolWeeks(
    pool,
    games
      .filter((game) => game.season === pool.season && !game.postponed && typeof game.week === 'number')
      .map((game) => ({
        week: game.week as number,
        home: game.home,
        away: game.away,
        startTime: toInstant(game.utc),
      })),
  );
  return {
    value: { kind: 'teams', weeks, ranked: rankOf(weeks), rows: [], labels, calendar },
    validUntil: nextResultKnown(games, now),
  };
}

/** Ratings at the start of a season from the bundled NFL history, by season: the file is read once. */
const nflSeasonStarts = new Map<number, Ratings>();

/**
 * The ratings an NFL pool's games start from (issue 43: not level): every bundled game of the seasons
 * before the first one the pool's games hold, carried into it as `npm run calibrate` scores them.
 */
function nflRatingsBefore(games: readonly { season: number }[], season: number): Ratings {
  const first = games.reduce((earliest, game) => Math.min(earliest, game.season), season);
  let ratings = nflSeasonStarts.get(first);
  if (!ratings) {
    ratings = ratingsAtSeasonStart(ELO_PARAMS.nfl, loadNflEloHistory(), first);
    nflSeasonStarts.set(first, ratings);
  }
  return ratings;
}

function rankOf(weeks: readonly Map<string, OptionOdds>[]): [string, number][][] {
  return weeks.map((options) =>
    [...options]
      .map(([id, odds]): [string, number] => [id, odds.survival])
      .sort(([a, p], [b, q]) => q - p || (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** The next instant a final result the model has not counted yet becomes known to it (6 h after its start). */
function nextResultKnown(games: readonly OddsGame[], now: Date): number {
  let next = Number.POSITIVE_INFINITY;
  for (const game of games) {
    if (game.homeScore === null || game.awayScore === null || game.postponed) continue;
    const known = toInstant(game.utc).getTime() + RESULT_KNOWN_AFTER_MS;
    if (known > now.getTime() && known < next) next = known;
  }
  return next;
}

function countWeekGames(games: readonly OddsGame[], season: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const game of games) {
    if (game.season !== season || game.postponed || game.week === null || game.week === undefined) continue;
    for (const team of [game.home, game.away]) {
      const key = `${game.week}:${team}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** NFL TD: each week's player odds from the season's lines of the weeks before it. */
async function computePlayerOdds(ctx: AppContext, pool: PoolRecord): Promise<Expiring<PoolOdds>> {
  const [calendar, { players, lines }] = await Promise.all([
    loadPoolWeeks(ctx.db, pool),
    loadNflSeasonLines(ctx.db, pool.season),
  ]);
  const teamOf = new Map(players.map((player) => [player.id, player.teamAbb]));
  const weeks = Array.from({ length: calendar.weekCount }, (_, index) => {
    const week = index + 1;
    const playing = new Set(calendar.games(week).flatMap((game) => [game.home, game.away]));
    const odds = playerWeekOdds(
      playersSeasonToDate(players, lines, week),
      (player) => playing.has(teamOf.get(player.id) ?? ''),
      pool.nflPassTds,
    );
    const options = new Map<string, OptionOdds>();
    for (const { id, advance } of odds)
      if (playing.has(teamOf.get(id) ?? ''))
        options.set(id, { survival: advance, advance, moon: null, games: null });
    return options;
  });
  const labels = new Map(
    players.map((player) => [
      player.id,
      { name: player.name, teamAbb: player.teamAbb, position: player.position },
    ]),
  );
  // Player lines come with the week's settlement and ingest; the cache's time limit bounds the rest.
  return {
    value: { kind: 'players', weeks, ranked: rankOf(weeks), rows: [], labels, calendar },
    validUntil: Number.POSITIVE_INFINITY,
  };
}

/** The week a viewer opens by default: the first one not locked yet, or the last. */
function defaultWeek(pool: PoolRecord, now: Date): number {
  const live = getLiveWeek(pool.deadlines, now, pool.game as Game);
  return Math.max(1, Math.min(pool.deadlines.length, live + 1));
}

/** The popularity of `week` once locked, else of the latest locked week before it (never of an open week). */
async function readPopularity(
  ctx: AppContext,
  pool: PoolRecord,
  isPublic: (week: number) => boolean,
  week: number,
): Promise<OddsPopularity | null> {
  let shown: number | null = null;
  for (let w = Math.min(week, pool.deadlines.length); w >= 1 && shown === null; w--)
    if (isPublic(w)) shown = w;
  if (shown === null) return null;
  const counted = await readDistribution(ctx, pool.id, pool.game, shown);
  return {
    week: shown,
    total: counted.total,
    rows: counted.rows.map((row) => ({ pick_id: row.pick_id, count: row.count, pct: row.pct })),
  };
}

/** The week's rows, best first, with each option's future value: made once per kept odds. */
function weekRows(odds: PoolOdds, week: number): OddsRow[] {
  const kept = odds.rows[week - 1];
  if (kept) return kept;
  const later = odds.weeks.slice(week);
  const rows: OddsRow[] = [...odds.weeks[week - 1]].map(([id, o]) => {
    const label = odds.labels.get(id);
    let futureValue = 0;
    for (const options of later) futureValue = Math.max(futureValue, options.get(id)?.survival ?? 0);
    return {
      pick_id: id,
      team_abb: label?.teamAbb ?? id,
      name: label?.name ?? id,
      position: label?.position ?? null,
      survival: o.survival,
      advance: o.advance,
      moon: o.moon,
      future_value: futureValue,
      games: o.games,
    };
  });
  rows.sort((a, b) => b.survival - a.survival || a.pick_id.localeCompare(b.pick_id));
  odds.rows[week - 1] = rows;
  return rows;
}

/**
 * GET /api/odds/{poolId}?week=: the week's odds of every team that plays in it (nfl-td: the likeliest
 * players), each with its future value, and the popularity of a locked week. Public to whoever sees the pool.
 */
export async function getPoolOdds(
  ctx: AppContext,
  poolId: number,
  query: OddsQuery,
  viewer: UserRow | null,
): Promise<OddsResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId }, viewer);
  const now = ctx.clock.now();
  const weekCount = pool.deadlines.length;
  const week = query.week ?? defaultWeek(pool, now);
  if (weekCount === 0)
    return {
      pool_id: pool.id,
      week: 0,
      week_count: 0,
      kind: kindOf(pool),
      locked: false,
      shoot_moon: pool.shootMoon,
      rows: [],
      total: 0,
      popularity: null,
    };
  if (week > weekCount) throw new AppError(400, M.weekOutOfRange);
  const odds = await readPoolOdds(ctx, pool);
  const isPublic = (w: number) => pool.final || odds.calendar.isWeekPublic(w, now);
  const all = weekRows(odds, week);
  const rows = odds.kind === 'players' ? all.slice(0, ODDS_PLAYER_ROWS) : all;
  return {
    pool_id: pool.id,
    week,
    week_count: weekCount,
    kind: odds.kind,
    locked: isPublic(week),
    shoot_moon: pool.shootMoon,
    rows,
    total: all.length,
    popularity: await readPopularity(ctx, pool, isPublic, week),
  };
}

/**
 * GET /api/planner/{entryId}: the owner's entry planned over the weeks not locked yet. An unknown entry,
 * and one of a pool the viewer cannot see, are not found (one message: ids cannot be probed); someone
 * else's entry in a pool the viewer sees is forbidden. Reads the entry's own picks and nobody else's.
 */
export async function getEntryPlan(
  ctx: AppContext,
  user: UserRow,
  entryId: number,
): Promise<PlannerResponse> {
  const [entry] = await ctx.db.select().from(entries).where(eq(entries.id, entryId));
  if (!entry) throw notFound(M.entryNotFound);
  const { pool } = await requireEntryPoolAccess(ctx.db, entry, user, M.entryNotFound);
  if (entry.userId !== user.id) throw forbidden(M.notYourEntry);
  const now = ctx.clock.now();
  const kind = kindOf(pool);
  const perWeek = kind === 'players' ? Math.max(1, pool.playersPerWeek) : 1;
  const empty = { weeks: [], survival: 1, expected_weeks: 0 };
  const answer = (
    fromWeek: number | null,
    plan: { best: Plan; greedy: Plan },
    used: number,
    notice: string | null,
  ): PlannerResponse => ({
    entry_id: entry.id,
    kind,
    from_week: fromWeek,
    picks_per_week: perWeek,
    used,
    ...plan,
    notice,
  });
  if (entry.status !== ENTRY_STATUS.active)
    return answer(
      null,
      { best: empty, greedy: empty },
      0,
      'This entry has been deactivated by the commissioner.',
    );
  if (entry.lives <= 0) return answer(null, { best: empty, greedy: empty }, 0, 'This entry is out of lives.');
  const odds = await readPoolOdds(ctx, pool);
  const weekCount = pool.deadlines.length;
  let fromWeek: number | null = null;
  if (!pool.final)
    for (let week = Math.max(1, pool.startWeek); week <= weekCount && fromWeek === null; week++)
      if (!odds.calendar.isWeekPublic(week, now)) fromWeek = week;
  if (fromWeek === null)
    return answer(null, { best: empty, greedy: empty }, 0, 'The season has no weeks left to plan.');
  const usedRows = await ctx.db
    .select({ week: picks.week, pickId: picks.pickId })
    .from(picks)
    .where(eq(picks.entryId, entry.id))
    .orderBy(asc(picks.week));
  const start = fromWeek;
  const used = usedRows.filter((row) => row.week < start).map((row) => row.pickId);
  const teamOf = (id: string) => odds.labels.get(id)?.teamAbb ?? id;
  const held = usedRows.filter((row) => row.week === start).map((row) => row.pickId);
  // The NFL games lock each pick at its kickoff, so the first week may be under way (NFL Survivor plans
  // one team a week, its multi-pick weeks' further teams left to the entrant).
  const { fixed, pickable } = playsNflWeeks(pool.game)
    ? weekUnderWay(pool, odds.calendar, start, held.slice(0, perWeek), teamOf, now)
    : { fixed: [], pickable: () => true };
  const rules: PlanRules = {
    perWeek,
    maxPerTeam: kind === 'players' ? pool.maxPlayersPerTeam : 1,
    teamOf,
    fixed,
  };
  // Only the options a best plan can hold (plannableOptions) are planned: a long NFL TD list is cut to
  // each week's best few per team before planning.
  const taken = new Set([...used, ...fixed.map((f) => f.pick)]);
  const places = (weekCount - start + 1) * perWeek - fixed.length;
  const weeks: PlannerWeek[] = [];
  for (let week = start; week <= weekCount; week++) {
    const open = odds.ranked[week - 1].filter(([id]) => !taken.has(id) && (week !== start || pickable(id)));
    const planned = new Map(
      plannableOptions(open, places, { perWeek, maxPerTeam: rules.maxPerTeam ?? 1, teamOf }),
    );
    for (const f of fixed)
      if (f.week === week) planned.set(f.pick, odds.weeks[week - 1].get(f.pick)?.survival ?? 0);
    weeks.push({ week, odds: planned });
  }
  const plan = planSeason(weeks, used, rules);
  const name = (id: string) => odds.labels.get(id)?.name ?? id;
  return answer(
    start,
    { best: toPlan(plan.best.picks, name), greedy: toPlan(plan.greedy.picks, name) },
    used.length,
    null,
  );
}

/**
 * NFL TD and NFL Survivor: the first week planned is not locked for everyone, yet some of its games may have started (a
 * lock at the last game or a slate). A pick the entry holds there that can no longer change stays as it
 * is, and no player whose game started can be picked: the same lock as Make Picks (getNflPickLock).
 */
function weekUnderWay(
  pool: PoolRecord,
  calendar: PoolWeeks,
  week: number,
  held: readonly string[],
  teamOf: (id: string) => string,
  now: Date,
): { fixed: FixedPick[]; pickable: (id: string) => boolean } {
  const kickoffs = new Map<string, Date | null>();
  const kickoff = (id: string) => {
    const team = teamOf(id);
    if (!kickoffs.has(team)) kickoffs.set(team, calendar.teamKickoff(week, team));
    return kickoffs.get(team) ?? null;
  };
  const weekLockAt = calendar.weekLockAt(week);
  const selectionKickoffs = held.map(kickoff);
  const locked = (id: string) =>
    getNflPickLock({
      weekLockAt,
      playerKickoff: kickoff(id),
      selectionKickoffs,
      lockAtPickStart: pool.lockAtPickStart,
      now,
    }) !== null;
  return {
    fixed: held.filter(locked).map((pick) => ({ week, pick })),
    pickable: (id) => !locked(id),
  };
}

/** A path's rows grouped by week: a week survives when any of its picks does. */
function toPlan(rows: readonly PlannedPick[], name: (id: string) => string): Plan {
  const byWeek = new Map<number, PlannedPick[]>();
  for (const row of rows) byWeek.set(row.week, [...(byWeek.get(row.week) ?? []), row]);
  let alive = 1;
  let expected = 0;
  const weeks = [...byWeek].map(([week, chosen]) => {
    const made = chosen.filter((row) => row.pick !== null);
    const probability = entryAdvanceProbability(made.map((row) => row.probability));
    alive *= probability;
    expected += alive;
    return {
      week,
      picks: made.map((row) => ({
        pick_id: row.pick ?? '',
        name: name(row.pick ?? ''),
        probability: row.probability,
      })),
      probability,
      alive,
    };
  });
  return { weeks, survival: weeks.length === 0 ? 1 : alive, expected_weeks: expected };
}
