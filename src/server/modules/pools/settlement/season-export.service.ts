import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { groupBy } from '../../../../core/group-by';
import type { Scenario } from '../../../../core/season';
import type { AppContext } from '../../../context';
import { bonusEvents, entries, nflPlayers, picks, poolWeeks, users } from '../../../db/schema';
import { conflict, forbidden } from '../../../lib/errors';
import type { UserRow } from '../../auth/sessions';
import type { PoolRecord } from '../../leagues/leagues.repo';
import { readEntryWeeks } from '../entry-weeks.repo';
import { requirePoolAccess } from '../pool-access';
import { loadWeekGames, loadWeekPlayerStats, recordWeekTeams } from './week-facts.repo';

/** Who may download a pool's season: its league's admins (it holds every pick of the settled weeks). */
export const EXPORT_MESSAGES = {
  adminsOnly: "Only the league's commissioners can download the pool's season.",
  commishPick: (entry: string, pick: string, week: number) =>
    `This season cannot be written as a scenario: the commissioner's pick ${pick} for ${entry} in week ${week} breaks a rule the scenario format checks (a team used twice, or without a game that week).`,
} as const;

/**
 * GET /api/pools/{poolId}/scenario: the pool's season so far as a scenario of `npm run simulate`
 * (docs/SIMULATE.md). Only settled weeks go in, so no pick of an open week leaves the server; the
 * command run on it reports the pool's standings (lives, status, weeks alive, bonus money, prize pool).
 */
export async function exportPoolScenario(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow,
): Promise<Scenario> {
  const { pool, isCommish } = await requirePoolAccess(ctx.db, { poolId }, viewer);
  if (!isCommish) throw forbidden(EXPORT_MESSAGES.adminsOnly);
  return buildPoolScenario(ctx, pool);
}

/** The scenario of a pool's settled weeks (see exportPoolScenario). */
export async function buildPoolScenario(ctx: AppContext, pool: PoolRecord): Promise<Scenario> {
  const db = ctx.db;
  const settled = await db
    .select()
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, pool.id), isNotNull(poolWeeks.settledAt)))
    .orderBy(asc(poolWeeks.week));
  const weekNumbers = settled.map((row) => row.week);
  const isNfl = pool.game === 'nfl-td';

  const weeks: Scenario['weeks'] = [];
  for (const row of settled) {
    const games = await loadWeekGames(db, pool, row.week);
    const events = row.bonusRunning
      ? await db
          .select({ team: bonusEvents.teamAbb, prize: bonusEvents.prize })
          .from(bonusEvents)
          .where(and(eq(bonusEvents.poolId, pool.id), eq(bonusEvents.week, row.week)))
          .orderBy(asc(bonusEvents.id))
      : [];
    weeks.push({
      week: row.week,
      teams: isNfl ? {} : recordWeekTeams(games),
      stats: isNfl ? await loadWeekPlayerStats(db, pool, row.week) : {},
      bonus_events: events,
    });
  }

  const rows = await db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(entries.poolId, pool.id), eq(entries.status, 1)))
    .orderBy(asc(entries.id));
  // The counted entries' rows, chosen by a subquery: a list of a big pool's ids would pass the
  // protocol's 65,535 parameters.
  const counted = db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.poolId, pool.id), eq(entries.status, 1)));
  const countedIds = new Set(rows.map(({ entry }) => entry.id));
  const history = (await readEntryWeeks(db, pool.id)).filter((week) => countedIds.has(week.entryId));
  const pickRows =
    weekNumbers.length === 0
      ? []
      : await db
          .select()
          .from(picks)
          .where(and(inArray(picks.entryId, counted), inArray(picks.week, weekNumbers)))
          .orderBy(asc(picks.id));

  // By entry id: filtering every entry's rows once per entry grew with the square of the pool's size.
  const picksOf = groupBy(pickRows, (pick) => pick.entryId);
  const historyOf = groupBy(history, (week) => week.entryId);
  refuseRuleBreakingCommishPicks(rows, picksOf, weeks, isNfl);

  const scenarioEntries: Scenario['entries'] = rows.map(({ entry, username }) => {
    const own = (historyOf.get(entry.id) ?? []).filter((week) => week.result !== null);
    const ownPicks: Record<string, string | string[]> = {};
    for (const pick of picksOf.get(entry.id) ?? []) {
      const key = String(pick.week);
      if (isNfl) ownPicks[key] = [...((ownPicks[key] as string[] | undefined) ?? []), pick.pickId];
      else ownPicks[key] = pick.pickId;
    }
    // One auto-rebuy setting for the season when it never changed; otherwise each automatic rebuy is
    // written as a rebuy made before the next week, which ends in the same lives and rebuys.
    const autoAlways = own.length > 0 && own.every((week) => week.autoRebuy);
    const rebuyBefore: number[] = [];
    for (let i = 0; i < own.length; i++) {
      const week = own[i];
      const before = own[i - 1];
      if (before?.status === 'needs-rebuy' && week.result !== 'no-rebuy') rebuyBefore.push(week.week);
      if (!autoAlways && week.autoRebuy && week.rebuysBought > 0 && week.status === 'alive') {
        rebuyBefore.push(week.week + 1);
      }
    }
    return {
      id: entry.entryNum > 1 ? `${username} [${entry.entryNum}]` : username,
      auto_rebuy: autoAlways,
      insured: entry.insurancePurchased,
      picks: ownPicks,
      rebuy_before_weeks: rebuyBefore,
      bonus_weeks: own.filter((week) => week.inBonus).map((week) => week.week),
    };
  });

  const playerIds = isNfl ? [...new Set(pickRows.map((pick) => pick.pickId))] : [];
  const players =
    playerIds.length === 0
      ? []
      : await db
          .select({ id: nflPlayers.id, team: nflPlayers.teamAbb, position: nflPlayers.position })
          .from(nflPlayers)
          .where(inArray(nflPlayers.id, playerIds));
  return {
    pool: {
      game: pool.game as 'nba' | 'mlb' | 'nfl-td',
      buyin: pool.buyin,
      rebuys: pool.rebuys,
      rebuy_price: pool.rebuyPrice,
      ala_pct: pool.alaPct,
      shoot_moon: pool.shootMoon,
      insurance_option: isNfl ? 0 : (pool.insuranceOption as 0 | 1 | 2),
      insurance: pool.insurance,
      players_per_week: pool.playersPerWeek,
      max_players_per_team: pool.maxPlayersPerTeam,
      nfl_pass_tds: pool.nflPassTds,
    },
    players,
    weeks,
    entries: scenarioEntries,
    seed: pool.id,
  };
}

/**
 * Edit Picks lets a commissioner bypass the game rules (docs/RULES.md), which the scenario format does not: such a
 * pick in a settled week makes the season impossible to write as a scenario, and the export says so (409).
 */
function refuseRuleBreakingCommishPicks(
  rows: readonly { entry: { id: number; entryNum: number }; username: string }[],
  picksOf: ReadonlyMap<number, readonly (typeof picks.$inferSelect)[]>,
  weeks: Scenario['weeks'],
  isNfl: boolean,
): void {
  for (const { entry, username } of rows) {
    const own = picksOf.get(entry.id) ?? [];
    for (const pick of own) {
      if (!pick.byCommish) continue;
      const usedTwice = own.some((other) => other.id !== pick.id && other.pickId === pick.pickId);
      const teams = weeks.find((week) => week.week === pick.week)?.teams ?? {};
      const noGame = !isNfl && !(pick.pickId in teams);
      if (usedTwice || noGame) {
        const label = entry.entryNum > 1 ? `${username} [${entry.entryNum}]` : username;
        throw conflict(EXPORT_MESSAGES.commishPick(label, pick.pickId, pick.week));
      }
    }
  }
}
