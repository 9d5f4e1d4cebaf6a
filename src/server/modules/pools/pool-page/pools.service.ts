import { and, desc, eq, lt } from 'drizzle-orm';
import { BonusGameSchema, listBonusOptions, resolveBonusOptions } from '../../../../core/bonus';
import { getLiveWeek, getPoolState, isOpenForEntry } from '../../../../core/calendar';
import type {
  BonusOptionsResponse,
  EntrantsQuery,
  EntrantsResponse,
  LoadPoolResponse,
  PickRow,
  PoolDetails,
  SelectionsAllResponse,
  SelectionsEntry,
  SelectionsQuery,
} from '../../../../core/contracts/pools';
import { type Game, type PlayableGame, playsNflWeeks, scheduleOfKey } from '../../../../core/games';
import { poolDisplayName } from '../../../../core/pool/identity';
import { poolPrizePool } from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { PickRecord, UserRow } from '../../../db/schema';
import { pools, seasonParams } from '../../../db/schema';
import { type PoolAccess, type PoolRef, requirePoolAccess } from '../access/pool-access';
import { readPoolEnd, storedEndRule } from '../settlement/season-end.service';
import { readEntryPage, readOwnEntries, readPoolCounts } from '../store/entry-pages.repo';
import { storedNflRules } from '../store/nfl-survivor-rules';
import { readDistribution } from '../store/pick-distribution.repo';
import {
  entryLabel,
  isExtinct,
  listPicks,
  loadMyEntries,
  loadPickNames,
  type NamedEntry,
  type PoolCounts,
  toEntrant,
  toPickRow,
} from '../store/pool-entries.repo';
import { loadPoolWeeks } from '../store/pool-weeks.repo';
import { countPoolSiblings } from '../store/pools.repo';

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
  const counts = await readPoolCounts(ctx, found.pool.id);
  const pool = await describePool(ctx, found, counts, now);
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

async function describePool(
  ctx: AppContext,
  found: PoolAccess,
  counts: PoolCounts,
  now: Date,
): Promise<PoolDetails> {
  const { pool, league } = found;
  const siblings = await countPoolSiblings(ctx.db, pool);
  const [season] = await ctx.db
    .select({ end: seasonParams.end })
    .from(seasonParams)
    .where(
      and(
        eq(seasonParams.game, scheduleOfKey(pool.game)),
        eq(seasonParams.season, pool.season),
        eq(seasonParams.seasonType, pool.seasonType),
      ),
    )
    .limit(1);
  // Home links to last season only when there is one: a guessed season would be a page not found.
  const [previous] = await ctx.db
    .select({ season: pools.season })
    .from(pools)
    .where(
      and(
        eq(pools.leagueId, pool.leagueId),
        eq(pools.game, pool.game),
        eq(pools.seasonType, pool.seasonType),
        eq(pools.poolIdx, pool.poolIdx),
        lt(pools.season, pool.season),
      ),
    )
    .orderBy(desc(pools.season))
    .limit(1);
  const end = await readPoolEnd(ctx.db, pool.id);
  // An NFL week locks by the pool's lock mode over its kickoffs, not at its deadline.
  const weekLocks = playsNflWeeks(pool.game)
    ? (await loadPoolWeeks(ctx.db, pool)).weekLocks()
    : pool.deadlines;
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
    bonus_options: resolveBonusOptions(pool.game, pool.bonusOptions),
    deadlines: pool.deadlines,
    week_locks: weekLocks,
    entry_deadline: pool.entryDeadline.toISOString(),
    start: pool.start.toISOString(),
    start_week: pool.startWeek,
    season_end: season ? season.end.toISOString() : null,
    previous_season: previous ? previous.season : null,
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
    entrants: counts.entrants,
    alive: counts.alive,
    prize_pool: poolPrizePool(pool, counts),
    ...storedEndRule(pool),
    ...storedNflRules(pool),
    ended: end && {
      week: end.week,
      kind: end.kind,
      reason: end.reason,
      champions: end.champions,
      crowned_at: end.crownedAt?.toISOString() ?? null,
      corrected_at: end.correctedAt?.toISOString() ?? null,
    },
  };
}

/** GET /api/gameEntrants and /api/poolEntrants: a page of the pool's entries and the viewer's own, never their picks. */
export async function listEntrants(
  ctx: AppContext,
  ref: PoolRef,
  query: EntrantsQuery,
  viewer: UserRow | null,
): Promise<EntrantsResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const [page, own] = await Promise.all([
    readEntryPage(ctx, pool.id, query),
    readOwnEntries(ctx, pool.id, viewer?.id),
  ]);
  return {
    entrants: page.rows.map(toEntrant),
    mine: own.map(toEntrant),
    page: query.page,
    pageSize: query.pageSize,
    total: page.total,
  };
}

/**
 * GET /api/selections/all: each week's state, the pick distribution of one locked week (counted in the
 * database), a page of the entries and the viewer's own entries with their picks of locked weeks,
 * whoever asks (owners read their own open picks from loadPool). The picks of an open week are never
 * read from the database here.
 */
export async function listSelections(
  ctx: AppContext,
  ref: PoolRef,
  query: SelectionsQuery,
  viewer: UserRow | null,
): Promise<SelectionsAllResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const now = ctx.clock.now();
  const weeks = await loadPoolWeeks(ctx.db, pool);
  const publicWeeks = weeks.publicWeeks(now);
  const isPublic = new Set(publicWeeks);
  // The week asked for when it is public; else the latest public week (an open week stays hidden).
  const shown =
    query.week !== undefined && isPublic.has(query.week) ? query.week : (publicWeeks.at(-1) ?? null);
  const [distribution, page, own] = await Promise.all([
    shown === null ? null : readDistribution(ctx, pool.id, pool.game, shown),
    readEntryPage(ctx, pool.id, query),
    readOwnEntries(ctx, pool.id, viewer?.id),
  ]);
  const listed = [...page.rows, ...own];
  const rows = await listPicks(ctx.db, [...new Set(listed.map((named) => named.entry.id))], publicWeeks);
  const names = await loadPickNames(ctx.db, pool.game, rows);
  const toEntry = selectionsEntry(rows, names);
  return {
    week: shown,
    weeks: Array.from({ length: weeks.weekCount }, (_, index) => {
      const week = index + 1;
      if (!isPublic.has(week)) return { week, locked: false, total: 0, distribution: null };
      if (week !== shown || !distribution) return { week, locked: true, total: 0, distribution: null };
      return { week, locked: true, total: distribution.total, distribution: distribution.rows };
    }),
    entries: page.rows.map(toEntry),
    mine: own.map(toEntry),
    page: query.page,
    pageSize: query.pageSize,
    total: page.total,
  };
}

/** An entry of Pool Selections with its picks among `rows` (the locked weeks' picks of the listed entries). */
function selectionsEntry(rows: PickRecord[], names: Map<string, string>) {
  const byEntry = new Map<number, Record<string, PickRow[]>>();
  for (const row of rows) {
    const byWeek = byEntry.get(row.entryId) ?? {};
    byWeek[String(row.week)] ??= [];
    byWeek[String(row.week)].push(toPickRow(row, names));
    byEntry.set(row.entryId, byWeek);
  }
  return (named: NamedEntry): SelectionsEntry => ({
    entry_id: named.entry.id,
    label: entryLabel(named.username, named.entry.entryNum),
    lives: named.entry.lives,
    extinct: isExtinct(named.entry),
    picks: byEntry.get(named.entry.id) ?? {},
  });
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
