import { sql } from 'drizzle-orm';
import { getLiveWeek, toPacificDate } from '../../../../core/calendar';
import {
  type NflStatLine,
  type PlayerCard,
  SCOREBOARD_MESSAGES,
  type ScoreboardEntry,
  type ScoreboardPath,
  type ScoreboardQuery,
  type ScoreboardResponse,
} from '../../../../core/contracts/pools';
import { type Game, picksPlayers } from '../../../../core/games';
import { groupBy } from '../../../../core/group-by';
import { isPlayerAdvancing } from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import type { NflStatsRecord, PickRecord, PoolRecord, UserRow } from '../../../db/schema';
import { entries as entriesTable } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { requirePoolAccess } from '../access/pool-access';
import { keptForBigPool, readEntryPage, readOwnEntries } from '../store/entry-pages.repo';
import { readDistribution } from '../store/pick-distribution.repo';
import { entryLabel, listPicks, type NamedEntry } from '../store/pool-entries.repo';
import { loadPoolWeeks } from '../store/pool-weeks.repo';
import { describeMatchup, toCellStatus, toTeamGameCell } from './game-cells';
import {
  isWeekSettled,
  loadEntryWeeks,
  loadNflPlayers,
  loadNflStats,
  loadTeamNames,
  loadWeekDays,
  loadWeekGames,
  type WeekGameWithFacts,
} from './scoreboard.repo';

/** The selector's bounds and opening week (spec 1, Scoreboard). */
export function getScoreboardWeeks(
  pool: Pick<PoolRecord, 'deadlines' | 'startWeek' | 'final' | 'game'>,
  /** The highest weeks alive among the counted entries (read only for a final pool). */
  highest: number,
  now: Date,
): { first: number; last: number; fallback: number } {
  const weekCount = Math.max(1, pool.deadlines.length);
  const clamp = (week: number, low: number) => Math.min(weekCount, Math.max(low, week));
  const first = clamp(pool.startWeek, 1);
  const last = pool.final ? weekCount : clamp(getLiveWeek(pool.deadlines, now, pool.game as Game), first);
  // A final pool opens on the last week anyone played: the highest weeks alive among its entrants.
  const fallback = pool.final ? Math.min(last, clamp(highest, first)) : last;
  return { first, last, fallback };
}

/** The highest weeks alive among the pool's counted entries: max() in SQL, kept for a big pool. */
async function readHighestWeeksAlive(ctx: AppContext, poolId: number): Promise<number> {
  const read = async (db: DbOrTx) => {
    const [row] = await db
      .select({
        highest: sql<number | null>`max(${entriesTable.weeksAlive})`,
        n: sql<string>`count(*)`,
      })
      .from(entriesTable)
      .where(sql`${entriesTable.poolId} = ${poolId} and ${entriesTable.status} = ${ENTRY_STATUS_SQL.active}`);
    return { highest: Number(row?.highest ?? 0), n: Number(row?.n ?? 0) };
  };
  const found = await keptForBigPool(
    ctx,
    poolId,
    'highest-weeks-alive',
    () => read(ctx.db),
    (v) => v.n,
  );
  return found.highest;
}

/**
 * GET /api/scoreboard/{poolId}/{week}: a page of the counted entries and the viewer's own, each with
 * its pick of the week and how it is doing. Another entry's pick of a week that has not locked is never
 * read: only the viewer's own entries' picks are queried then.
 */
export async function getScoreboard(
  ctx: AppContext,
  path: ScoreboardPath,
  query: ScoreboardQuery,
  viewer: UserRow | null,
): Promise<ScoreboardResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId: path.poolId }, viewer);
  const now = ctx.clock.now();
  const highest = pool.final ? await readHighestWeeksAlive(ctx, pool.id) : 0;
  const bounds = getScoreboardWeeks(pool, highest, now);
  const week = path.week === 'default' ? bounds.fallback : path.week;
  if (week > Math.max(1, pool.deadlines.length)) throw badRequest(SCOREBOARD_MESSAGES.weekNotInPool(week));

  const [page, own] = await Promise.all([
    readEntryPage(ctx, pool.id, { ...query, countedOnly: true }),
    readOwnEntries(ctx, pool.id, viewer?.id, true),
  ]);
  const weeks = await loadPoolWeeks(ctx.db, pool, week);
  const isPublic = weeks.isWeekPublic(week, now);
  const mine = new Set(own.map((named) => named.entry.id));
  const pageIds = page.rows.map((named) => named.entry.id);
  const readable = isPublic ? [...new Set([...pageIds, ...mine])] : [...mine];
  const picks = await listPicks(ctx.db, readable, [week]);
  const weekGames = await loadWeekGames(ctx.db, pool, week);
  const settled = await isWeekSettled(ctx.db, pool.id, week);
  // Only the listed entries' judged weeks: a page, and the viewer's own not on it (each a bounded list).
  const ownOffPage = [...mine].filter((id) => !pageIds.includes(id));
  const judged = [
    ...(await loadEntryWeeks(ctx.db, pool.id, week, pageIds)),
    ...(await loadEntryWeeks(ctx.db, pool.id, week, ownOffPage)),
  ];
  const results = new Map(judged.filter((row) => row.result !== null).map((row) => [row.entryId, row]));
  const calendarDays = await loadWeekDays(ctx.db, pool, week);
  const days = [
    ...new Set([...calendarDays, ...weekGames.map((row) => toPacificDate(row.game.startTime))]),
  ].sort();

  const describe = picksPlayers(pool.game)
    ? await describeNflPicks(ctx, pool, week, picks, weekGames)
    : await describeTeamPicks(ctx, pool, picks, weekGames);

  // By entry id: filtering the week's picks once per entry grew with the square of the page's size.
  const picksOf = groupBy(picks, (pick) => pick.entryId);
  const toEntry = (named: NamedEntry): ScoreboardEntry => {
    const ownPicks = picksOf.get(named.entry.id) ?? [];
    const shownAllowed = isPublic || mine.has(named.entry.id);
    const result = results.get(named.entry.id);
    return {
      entry_id: named.entry.id,
      label: entryLabel(named.username, named.entry.entryNum),
      mine: mine.has(named.entry.id),
      lives: named.entry.lives,
      status: entryStatus(named),
      pick: ownPicks.length > 0 ? 'shown' : shownAllowed ? 'none' : 'hidden',
      ...describe(ownPicks),
      week_result: result?.result
        ? { result: result.result, lives: result.lives, status: result.status }
        : null,
    };
  };

  return {
    game: pool.game,
    week,
    first_week: bounds.first,
    last_week: bounds.last,
    default_week: bounds.fallback,
    public: isPublic,
    settled,
    final: pool.final,
    days,
    nfl_pass_tds: pool.nflPassTds,
    pick_counts:
      pool.game === 'nfl' && isPublic
        ? Object.fromEntries(
            (await readDistribution(ctx, pool.id, pool.game, week)).rows.map((row) => [
              row.pick_id,
              row.count,
            ]),
          )
        : null,
    entries: page.rows.map(toEntry),
    mine: own.map(toEntry),
    page: query.page,
    pageSize: query.pageSize,
    total: page.total,
  };
}

function entryStatus(named: NamedEntry): ScoreboardEntry['status'] {
  if (named.entry.lives <= 0) return 'eliminated';
  return named.entry.needsRebuy ? 'needs-rebuy' : 'alive';
}

type PickDescriber = (own: PickRecord[]) => Pick<ScoreboardEntry, 'team' | 'players'>;

async function describeTeamPicks(
  ctx: AppContext,
  pool: PoolRecord,
  picks: PickRecord[],
  weekGames: WeekGameWithFacts[],
): Promise<PickDescriber> {
  const names = await loadTeamNames(ctx.db, pool.game, [...new Set(picks.map((pick) => pick.pickId))]);
  return (own) => {
    // nba and mlb hold one team a week.
    const pick = own[0];
    if (!pick) return { team: null, players: [] };
    return {
      team: {
        abb: pick.pickId,
        name: names.get(pick.pickId) ?? pick.pickId,
        by_insurance: pick.byInsurance,
        games: weekGames
          .filter((row) => row.game.home === pick.pickId || row.game.away === pick.pickId)
          .map((row) => toTeamGameCell(row, pool.game, pick.pickId)),
      },
      players: [],
    };
  };
}

async function describeNflPicks(
  ctx: AppContext,
  pool: PoolRecord,
  week: number,
  picks: PickRecord[],
  weekGames: WeekGameWithFacts[],
): Promise<PickDescriber> {
  const ids = [...new Set(picks.map((pick) => pick.pickId))];
  const players = await loadNflPlayers(ctx.db, ids);
  const stats = await loadNflStats(ctx.db, pool.season, week, ids);
  return (own) => ({
    team: null,
    players: own.map((pick): PlayerCard => {
      const player = players.get(pick.pickId);
      const teamAbb = pick.teamAbb || player?.teamAbb || '';
      const row = weekGames.find((item) => item.game.home === teamAbb || item.game.away === teamAbb);
      const line = stats.get(pick.pickId);
      const gameStatus = row ? toCellStatus(row.game) : null;
      const statLine = line ? toStatLine(line) : null;
      const advancing = isPlayerAdvancing(statLine ?? undefined, pool.nflPassTds);
      return {
        player_id: pick.pickId,
        found: player !== undefined,
        name: player?.displayName ?? SCOREBOARD_MESSAGES.playerNotFound,
        position: player?.position ?? null,
        team_abb: teamAbb,
        headshot: player?.headshot ?? null,
        matchup: row ? describeMatchup(row.game, teamAbb) : null,
        game_status: gameStatus,
        kickoff: row ? row.game.startTime.toISOString() : null,
        stats: statLine,
        status: advancing ? 'advancing' : gameStatus === 'final' ? 'eliminated' : 'pending',
      };
    }),
  });
}

function toStatLine(line: NflStatsRecord): NflStatLine {
  return {
    pass_cmp: line.passCmp,
    pass_att: line.passAtt,
    pass_yds: line.passYds,
    pass_td: line.passTd,
    pass_int: line.passInt,
    rush_att: line.rushAtt,
    rush_yds: line.rushYds,
    rush_td: line.rushTd,
    rec: line.rec,
    rec_yds: line.recYds,
    rec_td: line.recTd,
    st_td: line.stTd,
    def_td: line.defTd,
  };
}
