import { getLiveWeek, toPacificDate } from '../../../../core/calendar';
import {
  type NflStatLine,
  type PlayerCard,
  SCOREBOARD_MESSAGES,
  type ScoreboardEntry,
  type ScoreboardPath,
  type ScoreboardResponse,
} from '../../../../core/contracts/pools';
import type { Game } from '../../../../core/games';
import { groupBy } from '../../../../core/group-by';
import { isPlayerAdvancing } from '../../../../core/season';
import type { AppContext } from '../../../context';
import { badRequest } from '../../../lib/errors';
import type { UserRow } from '../../auth/sessions';
import type { PoolRecord } from '../../leagues/leagues.repo';
import { requirePoolAccess } from '../pool-access';
import {
  entryLabel,
  listPicks,
  listPoolEntries,
  type NamedEntry,
  type PickRecord,
} from '../pool-entries.repo';
import { loadPoolWeeks } from '../pool-weeks';
import { describeMatchup, toCellStatus, toTeamGameCell } from './game-cells';
import {
  isWeekSettled,
  loadEntryWeeks,
  loadNflPlayers,
  loadNflStats,
  loadTeamNames,
  loadWeekDays,
  loadWeekGames,
  type NflStatsRecord,
  type WeekGameWithFacts,
} from './scoreboard.repo';

/** The selector's bounds and opening week (spec 1, Scoreboard). */
export function getScoreboardWeeks(
  pool: Pick<PoolRecord, 'deadlines' | 'startWeek' | 'final' | 'game'>,
  counted: readonly { weeksAlive: number }[],
  now: Date,
): { first: number; last: number; fallback: number } {
  const weekCount = Math.max(1, pool.deadlines.length);
  const clamp = (week: number, low: number) => Math.min(weekCount, Math.max(low, week));
  const first = clamp(pool.startWeek, 1);
  const last = pool.final ? weekCount : clamp(getLiveWeek(pool.deadlines, now, pool.game as Game), first);
  // A final pool opens on the last week anyone played: the highest weeks alive among its entrants.
  const highest = Math.max(0, ...counted.map((entry) => entry.weeksAlive));
  const fallback = pool.final ? Math.min(last, clamp(highest, first)) : last;
  return { first, last, fallback };
}

/**
 * GET /api/scoreboard/{poolId}/{week}: every counted entry with its pick of the week and how it is
 * doing. Another entry's pick of a week that has not locked is never read: only the viewer's own
 * entries' picks are queried then.
 */
export async function getScoreboard(
  ctx: AppContext,
  path: ScoreboardPath,
  viewer: UserRow | null,
): Promise<ScoreboardResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId: path.poolId }, viewer);
  const now = ctx.clock.now();
  const all = await listPoolEntries(ctx.db, pool.id);
  const counted = all.filter((named) => named.entry.status === 1);
  const bounds = getScoreboardWeeks(
    pool,
    counted.map((named) => named.entry),
    now,
  );
  const week = path.week === 'default' ? bounds.fallback : path.week;
  if (week > Math.max(1, pool.deadlines.length)) throw badRequest(SCOREBOARD_MESSAGES.weekNotInPool(week));

  const weeks = await loadPoolWeeks(ctx.db, pool, week);
  const isPublic = weeks.isWeekPublic(week, now);
  const mine = new Set(
    counted
      .filter((named) => viewer !== null && named.entry.userId === viewer.id)
      .map((named) => named.entry.id),
  );
  const readable = isPublic ? counted.map((named) => named.entry.id) : [...mine];
  const picks = await listPicks(ctx.db, readable, [week]);
  const weekGames = await loadWeekGames(ctx.db, pool, week);
  const settled = await isWeekSettled(ctx.db, pool.id, week);
  const results = new Map(
    (await loadEntryWeeks(ctx.db, pool.id, week))
      .filter((row) => row.result !== null)
      .map((row) => [row.entryId, row]),
  );
  const calendarDays = await loadWeekDays(ctx.db, pool, week);
  const days = [
    ...new Set([...calendarDays, ...weekGames.map((row) => toPacificDate(row.game.startTime))]),
  ].sort();

  const describe =
    pool.game === 'nfl-td'
      ? await describeNflPicks(ctx, pool, week, picks, weekGames)
      : await describeTeamPicks(ctx, pool, picks, weekGames);

  // By entry id: filtering the week's picks once per entry grew with the square of the pool's size.
  const picksOf = groupBy(picks, (pick) => pick.entryId);
  const entries: ScoreboardEntry[] = counted.map((named) => {
    const own = picksOf.get(named.entry.id) ?? [];
    const shownAllowed = isPublic || mine.has(named.entry.id);
    const result = results.get(named.entry.id);
    return {
      entry_id: named.entry.id,
      label: entryLabel(named.username, named.entry.entryNum),
      mine: mine.has(named.entry.id),
      lives: named.entry.lives,
      status: entryStatus(named),
      pick: own.length > 0 ? 'shown' : shownAllowed ? 'none' : 'hidden',
      ...describe(own),
      week_result: result?.result
        ? { result: result.result, lives: result.lives, status: result.status }
        : null,
    };
  });

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
    entries,
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
