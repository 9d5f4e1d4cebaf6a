import { getLiveWeek } from '../../../../core/calendar';
import {
  livesKey,
  type PoolHealthResponse,
  STANDINGS_MESSAGES,
  STANDINGS_PAGE_SIZE,
  type StandingsCell,
  type StandingsQuery,
  type StandingsResponse,
  type StandingsRow,
  type StandingsStatus,
  type StandingsView,
  WeekResultSchema,
} from '../../../../core/contracts/pools';
import { type Game, picksPlayers } from '../../../../core/games';
import { poolPrizePool } from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { requirePoolAccess } from '../access/pool-access';
import { CACHED_POOL_MIN_ENTRIES, standingsCacheOf } from '../store/kept-reads';
import { entryLabel } from '../store/pool-entries.repo';
import { loadPoolWeeks } from '../store/pool-weeks.repo';
import { readRanking, readStandingsIds, type StoredTiles } from './pool-rankings';
import {
  loadHealthCounts,
  loadPickLabels,
  loadStandingsPage,
  loadTileCounts,
  type PageOptions,
  type PageRow,
  type TileCounts,
} from './standings.repo';
import { withDayGames } from './standings-day';

const NFL_VIEWS: readonly StandingsView[] = ['qualifiers', 'positions', 'quickview', 'standings'];
const TEAM_VIEWS: readonly StandingsView[] = [
  'week',
  'day',
  'all',
  'team',
  'bonus',
  'quickview',
  'standings',
];
/** Views that show lives and status only, without week columns. */
const NO_CELLS: readonly StandingsView[] = ['bonus', 'quickview', 'standings'];

/**
 * GET /api/standings/{poolId}: the stat tiles and one page of the counted entries. Others' picks are
 * read only for weeks that have locked; the viewer's own entries show all of theirs.
 */
export async function getStandings(
  ctx: AppContext,
  poolId: number,
  query: StandingsQuery,
  viewer: UserRow | null,
): Promise<StandingsResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId }, viewer);
  const isNfl = picksPlayers(pool.game);
  const view = query.view ?? (isNfl ? 'qualifiers' : 'week');
  if (isNfl && !NFL_VIEWS.includes(view)) throw badRequest(STANDINGS_MESSAGES.nflView);
  if (!isNfl && !TEAM_VIEWS.includes(view)) throw badRequest(STANDINGS_MESSAGES.teamView);
  // The standings view is its ranking: lives, then weeks alive.
  const sort = view === 'standings' ? 'lives' : query.sort;
  const weekCount = pool.deadlines.length;
  if (query.week !== undefined && query.week > Math.max(weekCount, 1)) {
    throw badRequest(`This pool has weeks 1 to ${Math.max(weekCount, 1)}.`);
  }

  const now = ctx.clock.now();
  const liveWeek = getLiveWeek(pool.deadlines, now, pool.game as Game);
  const poolWeeks = await loadPoolWeeks(ctx.db, pool);
  const publicWeeks = poolWeeks.publicWeeks(now);
  const weeks = shownWeeks(view, query.week, publicWeeks, Math.max(1, pool.startWeek), weekCount);

  const options: PageOptions = {
    poolId: pool.id,
    week: liveWeek,
    sort,
    bonusOnly: view === 'bonus',
    withPicks: weeks.length > 0,
    publicWeeks,
    viewerId: viewer?.id ?? null,
    limit: STANDINGS_PAGE_SIZE,
    offset: (query.page - 1) * STANDINGS_PAGE_SIZE,
  };
  const { counts, rows } = await readCountsAndPage(ctx, options);
  const pickIds = new Set(rows.flatMap((row) => (row.picks ?? []).map((pick) => pick.pick_id)));
  const labels = await loadPickLabels(ctx.db, pool.game, [...pickIds]);
  const champions = new Set(pool.champions.map((name) => name.toLowerCase()));

  const standings: StandingsResponse = {
    view,
    sort,
    page: query.page,
    page_size: STANDINGS_PAGE_SIZE,
    total: view === 'bonus' ? counts.inBonus : counts.entrants,
    weeks,
    public_weeks: publicWeeks,
    tiles: {
      entrants: counts.entrants,
      alive: counts.alive,
      in_bonus: counts.inBonus,
      rebuys: counts.rebuys,
      prize_pool: poolPrizePool(pool, counts),
      bonuses_earned: counts.bonusesEarned,
    },
    rows: rows.map((row) => toRow(row, weeks, labels, champions, viewer)),
  };
  return view === 'day' ? withDayGames(ctx.db, pool, standings) : standings;
}

/**
 * The tiles and one page, read side by side (two connections: each is a scan of the pool's entries). A
 * big pool's tiles and which entries make the page are kept between requests (standings-cache); the
 * page's rows are read afresh every time.
 */
async function readCountsAndPage(
  ctx: AppContext,
  options: PageOptions,
): Promise<{ counts: TileCounts; rows: PageRow[] }> {
  const loadCounts = async () =>
    (await readStoredTiles(ctx, options.poolId, options.week)) ??
    loadTileCounts(ctx.db, options.poolId, options.week);
  // The standings order of every counted entry is stored after each settle (pool-rankings): a page of it
  // is a slice of a stored chunk, where choosing it afresh sorts the whole pool.
  const choosePage = async () => {
    const stored =
      options.sort === 'lives' && !options.bonusOnly
        ? await readStandingsIds(ctx.db, options.poolId, options.offset, options.limit)
        : undefined;
    return loadStandingsPage(ctx.db, stored ? { ...options, ids: stored } : options);
  };
  const cache = standingsCacheOf(ctx);
  if (!cache) {
    const [counts, rows] = await Promise.all([loadCounts(), choosePage()]);
    return { counts, rows };
  }
  const isBig = (counts: TileCounts) => counts.entrants >= CACHED_POOL_MIN_ENTRIES;
  const countsRead = cache.read(options.poolId, `tiles:${options.week}`, loadCounts, isBig);
  let fresh: PageRow[] | null = null;
  let big = false;
  const pageKey = `page:${options.week}:${options.sort}:${options.bonusOnly}:${options.offset}`;
  const ids = await cache.read(
    options.poolId,
    pageKey,
    async () => {
      const [rows, counts] = await Promise.all([choosePage(), countsRead]);
      fresh = rows;
      big = isBig(counts);
      return rows.map((row) => row.id);
    },
    () => big,
  );
  const counts = await countsRead;
  return { counts, rows: fresh ?? (await loadStandingsPage(ctx.db, { ...options, ids })) };
}

/** The tiles from the stored rankings while current: the bonus pool's members as in force in `week`. */
async function readStoredTiles(
  ctx: AppContext,
  poolId: number,
  week: number,
): Promise<TileCounts | undefined> {
  const stored = await readRanking<StoredTiles>(ctx.db, poolId, 'tiles');
  if (!stored) return undefined;
  const tiles = stored.data;
  // Tiles stored before the prize pool was read from the ledger lack its money: read afresh until stored again.
  if (tiles.paidIn === undefined) return undefined;
  let inBonus = 0;
  for (const group of tiles.bonusGroups)
    if (week >= Number(group.effWeek) ? group.bonus : group.prev) inBonus += Number(group.count);
  return {
    entrants: Number(tiles.entrants),
    alive: Number(tiles.alive),
    inBonus,
    rebuys: Number(tiles.rebuys),
    insured: Number(tiles.insured),
    paidIn: Number(tiles.paidIn),
    bonusesEarned: Number(tiles.bonusesEarned),
  };
}

/**
 * The week columns of a view: the week and day views show one week (the asked one, else the latest
 * locked one); the others show every week from the pool's start through the first one still open.
 */
function shownWeeks(
  view: StandingsView,
  asked: number | undefined,
  publicWeeks: readonly number[],
  startWeek: number,
  weekCount: number,
): number[] {
  if (NO_CELLS.includes(view) || weekCount === 0) return [];
  const lastPublic = publicWeeks.at(-1) ?? 0;
  if (view === 'week' || view === 'day') {
    return [asked ?? Math.min(weekCount, Math.max(lastPublic, startWeek))];
  }
  const last = Math.min(weekCount, Math.max(lastPublic + 1, startWeek));
  const weeks: number[] = [];
  for (let week = Math.min(startWeek, last); week <= last; week++) weeks.push(week);
  return weeks;
}

function toRow(
  row: PageRow,
  weeks: readonly number[],
  labels: Map<string, { name: string; position: string | null }>,
  champions: Set<string>,
  viewer: UserRow | null,
): StandingsRow {
  const cells: StandingsCell[] = weeks.map((week) => {
    const found = row.results?.find((item) => item.week === week)?.result;
    const result = WeekResultSchema.safeParse(found);
    return {
      week,
      picks: (row.picks ?? [])
        .filter((pick) => pick.week === week)
        .map((pick) => ({
          pick_id: pick.pick_id,
          team_abb: pick.team_abb,
          name: labels.get(pick.pick_id)?.name ?? pick.pick_id,
          position: labels.get(pick.pick_id)?.position ?? null,
          by_insurance: pick.by_insurance,
        })),
      result: result.success ? result.data : null,
    };
  });
  return {
    entry_id: row.id,
    label: entryLabel(row.username, row.entry_num),
    username: row.username,
    mine: viewer !== null && row.user_id === viewer.id,
    lives: row.lives,
    status: statusOf(row, champions),
    weeks_alive: row.weeks_alive,
    rebuys: row.rebuys_made,
    bonus: row.bonus,
    in_bonus: row.in_bonus,
    cells,
  };
}

/** Champions are stored as entry labels ("alice", "alice [2]"), as Finances and Manage Entrants read them. */
function statusOf(row: PageRow, champions: Set<string>): StandingsStatus {
  if (champions.has(entryLabel(row.username, row.entry_num).toLowerCase())) return 'champion';
  if (row.lives <= 0) return 'eliminated';
  return row.needs_rebuy ? 'needs-rebuy' : 'alive';
}

/** GET /api/poolHealth/{poolId}: per settled week, the counted entries alive after it by their lives. */
export async function getPoolHealth(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
): Promise<PoolHealthResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId }, viewer);
  const counts = await loadHealthCounts(ctx.db, pool.id);
  const maxLives = Math.max(pool.rebuys + 1, ...counts.map((row) => row.lives ?? 0));
  const keys = Array.from({ length: maxLives }, (_, index) => livesKey(index + 1));
  const byWeek = new Map<number, { week: number } & Record<string, number>>();
  for (const row of counts) {
    let point = byWeek.get(row.week);
    if (!point) {
      point = { week: row.week, ...Object.fromEntries(keys.map((key) => [key, 0])) };
      byWeek.set(row.week, point);
    }
    if (row.lives !== null) point[livesKey(row.lives)] = row.count;
  }
  return { keys, weeks: [...byWeek.values()] };
}
