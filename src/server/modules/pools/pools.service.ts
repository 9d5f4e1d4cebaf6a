import { and, eq } from 'drizzle-orm';
import { BonusGameSchema, listBonusOptions } from '../../../core/bonus';
import { getLiveWeek, getPoolState, isOpenForEntry } from '../../../core/calendar';
import type {
  BonusOptionsResponse,
  EntrantsResponse,
  LoadPoolResponse,
  PickDistribution,
  PickRow,
  PoolDetails,
  SelectionsAllResponse,
} from '../../../core/contracts/pools';
import type { Game, PlayableGame } from '../../../core/games';
import { poolPrizePool } from '../../../core/season';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { pools, seasonParams } from '../../db/schema';
import type { UserRow } from '../auth/sessions';
import type { PoolRecord } from '../leagues/leagues.repo';
import { countSiblings, poolDisplayName } from '../leagues/pool-rows';
import { type PoolAccess, type PoolRef, requirePoolAccess } from './pool-access';
import {
  entryLabel,
  isExtinct,
  listPicks,
  listPoolEntries,
  loadMyEntries,
  loadPickNames,
  type NamedEntry,
  toEntrant,
  toPickRow,
} from './pool-entries.repo';
import { loadPoolWeeks } from './pool-weeks';

/** The platform's own league, whose pools are the global public pools. */
export const GLOBAL_LEAGUE_ABB = 'ala';

/** GET /api/loadPool: the pool's settings and counts, and the viewer's own entries with all their picks. */
export async function loadPool(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<LoadPoolResponse> {
  const found = await requirePoolAccess(ctx.db, ref, viewer);
  const now = ctx.clock.now();
  const all = await listPoolEntries(ctx.db, found.pool.id);
  const pool = await describePool(ctx, found, all, now);
  const mine = viewer ? await loadMyEntries(ctx.db, found.pool.game, found.pool.id, viewer.id) : [];
  const mayJoin = found.access.isMember || found.league.joinable;
  return {
    pool,
    viewer: {
      signed_in: viewer !== null,
      username: viewer?.username ?? null,
      is_member: found.access.isMember,
      is_league_admin: found.access.isAdmin,
      can_register:
        viewer !== null && mayJoin && isOpenForEntry(found.pool, now) && mine.length < found.pool.maxEntries,
      entries: mine,
    },
  };
}

/** The pools the pool's league has of its game, season and type, counted for its "#n" name (poolDisplayName). */
export async function countPoolSiblings(db: DbOrTx, pool: PoolRecord): Promise<Map<string, number>> {
  const siblings = await db
    .select()
    .from(pools)
    .where(
      and(
        eq(pools.leagueId, pool.leagueId),
        eq(pools.game, pool.game),
        eq(pools.season, pool.season),
        eq(pools.seasonType, pool.seasonType),
      ),
    );
  return countSiblings(siblings);
}

async function describePool(
  ctx: AppContext,
  found: PoolAccess,
  all: NamedEntry[],
  now: Date,
): Promise<PoolDetails> {
  const { pool, league } = found;
  const siblings = await countPoolSiblings(ctx.db, pool);
  const [season] = await ctx.db
    .select({ end: seasonParams.end })
    .from(seasonParams)
    .where(
      and(
        eq(seasonParams.game, pool.game),
        eq(seasonParams.season, pool.season),
        eq(seasonParams.seasonType, pool.seasonType),
      ),
    )
    .limit(1);
  const counted = all.filter((named) => named.entry.status === 1).map((named) => named.entry);
  return {
    id: pool.id,
    game: pool.game,
    season: pool.season,
    season_type: pool.seasonType,
    league_id: league.id,
    league_abb: league.abb,
    league_name: league.name,
    is_global: league.abb.toLowerCase() === GLOBAL_LEAGUE_ABB,
    pool_idx: pool.poolIdx,
    name: poolDisplayName(pool, siblings),
    custom_name: pool.customName,
    game_name: pool.gameName,
    buyin: pool.buyin,
    rebuys: pool.rebuys,
    lives: pool.rebuys + 1,
    rebuy_price: pool.rebuyPrice,
    max_entries: pool.maxEntries,
    ala_pct: pool.alaPct,
    insurance: pool.insurance,
    insurance_option: pool.insuranceOption,
    shoot_moon: pool.shootMoon,
    bonus_active: pool.bonusActive,
    bonus_disabled: pool.bonusDisabled,
    bonus_cadence: pool.bonusCadence,
    bonus_entry_weeks: pool.bonusEntryWeeks,
    deadlines: pool.deadlines,
    entry_deadline: pool.entryDeadline.toISOString(),
    start: pool.start.toISOString(),
    start_week: pool.startWeek,
    season_end: season ? season.end.toISOString() : null,
    final: pool.final,
    champions: pool.champions,
    players_per_week: pool.playersPerWeek,
    max_players_per_team: pool.maxPlayersPerTeam,
    nfl_lock_time: pool.nflLockTime,
    nfl_pass_tds: pool.nflPassTds,
    lock_at_pick_start: pool.lockAtPickStart,
    state: getPoolState(pool, now),
    live_week: getLiveWeek(pool.deadlines, now, pool.game as Game),
    week_count: pool.deadlines.length,
    entrants: counted.length,
    alive: counted.filter((entry) => !isExtinct(entry)).length,
    prize_pool: poolPrizePool(pool, {
      entrants: counted.length,
      insured: counted.filter((entry) => entry.insurancePurchased).length,
      rebuys: counted.reduce((sum, entry) => sum + entry.rebuysMade, 0),
    }),
  };
}

/** GET /api/gameEntrants and /api/poolEntrants: the pool's entries, never their picks. */
export async function listEntrants(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<EntrantsResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const all = await listPoolEntries(ctx.db, pool.id);
  return { entrants: all.map(toEntrant) };
}

/**
 * GET /api/selections/all: per week the pick distribution and every entry's picks, for locked
 * weeks only, whoever asks (owners read their own open picks from loadPool). The picks of an open
 * week are never read from the database here.
 */
export async function listSelections(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<SelectionsAllResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const now = ctx.clock.now();
  const weeks = await loadPoolWeeks(ctx.db, pool);
  const publicWeeks = weeks.publicWeeks(now);
  const all = await listPoolEntries(ctx.db, pool.id);
  const rows = await listPicks(
    ctx.db,
    all.map((named) => named.entry.id),
    publicWeeks,
  );
  const names = await loadPickNames(ctx.db, pool.game, rows);
  const shown = rows.map((row) => ({ entryId: row.entryId, pick: toPickRow(row, names) }));
  const isPublic = new Set(publicWeeks);
  return {
    weeks: Array.from({ length: weeks.weekCount }, (_, index) => {
      const week = index + 1;
      if (!isPublic.has(week)) return { week, locked: false, total: 0, distribution: null };
      const weekPicks = shown.filter((item) => item.pick.week === week).map((item) => item.pick);
      return { week, locked: true, total: weekPicks.length, distribution: distribute(weekPicks) };
    }),
    entries: all.map((named) => {
      const byWeek: Record<string, PickRow[]> = {};
      for (const item of shown) {
        if (item.entryId !== named.entry.id) continue;
        byWeek[String(item.pick.week)] ??= [];
        byWeek[String(item.pick.week)].push(item.pick);
      }
      return {
        entry_id: named.entry.id,
        label: entryLabel(named.username, named.entry.entryNum),
        lives: named.entry.lives,
        extinct: isExtinct(named.entry),
        picks: byWeek,
      };
    }),
  };
}

/** Counts per choice, most picked first, with whole-number percentages of the week's picks. */
function distribute(weekPicks: PickRow[]): PickDistribution[] {
  const byId = new Map<string, PickDistribution>();
  for (const pick of weekPicks) {
    const row = byId.get(pick.pick_id) ?? {
      pick_id: pick.pick_id,
      team_abb: pick.team_abb,
      name: pick.name,
      count: 0,
      pct: 0,
    };
    row.count += 1;
    byId.set(pick.pick_id, row);
  }
  return [...byId.values()]
    .map((row) => ({ ...row, pct: Math.round((row.count * 100) / weekPicks.length) }))
    .sort((a, b) => b.count - a.count || a.pick_id.localeCompare(b.pick_id));
}

/** GET /api/bonus/options/{game}: the game's bonus options with default prizes (none for nfl-td). */
export function getBonusOptions(game: Game | PlayableGame): BonusOptionsResponse {
  const parsed = BonusGameSchema.safeParse(game);
  if (!parsed.success) return { options: [] };
  return {
    options: listBonusOptions(parsed.data).map((option) => ({
      bonus_id: option.bonus_id,
      bonus_name: option.bonus_name,
      bonus_long_name: option.bonus_long_name,
      prize: option.prize_default,
      active: true,
    })),
  };
}
