import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  BonusCadenceSchema,
  INSURANCE_OPTION,
  InsuranceOptionSchema,
  normalizeBonusCadence,
  resolveBonusOptions,
} from '../../../../core/bonus';
import { NflLockTimeSchema } from '../../../../core/calendar/locks';
import { getLiveWeek } from '../../../../core/calendar/weeks';
import {
  type ActivatePoolResponse,
  CREATION_MESSAGES,
  type CreationOptionsResponse,
  copyPoolName,
  defaultPoolName,
  type PreviousPoolsResponse,
  SeasonTypeSchema,
  startWeekMessage,
  type UpcomingSeason,
} from '../../../../core/contracts/pools';
import {
  GAME_NAMES,
  gamesPlayedOn,
  hasBonusPool,
  type PlayableGame,
  picksPlayers,
  ScheduleGameSchema,
  scheduleOf,
} from '../../../../core/games';
import { countSiblings, poolDisplayName } from '../../../../core/pool/identity';
import type { PoolSettings } from '../../../../core/pool/settings';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { leagues, pools, seasonParams } from '../../../db/schema';
import { badRequest, forbidden, unauthorized } from '../../../lib/errors';
import { requireLeagueAccess } from '../../leagues/league-access';
import { notifyNewLeaguePool } from '../../leagues/league-mail.service';
import { storedEndRule } from '../settlement/season-end.service';
import { storedNflRules } from '../store/nfl-survivor-rules';
import { recordPoolAudits } from '../store/pool-audits.repo';

type SeasonParamsRow = typeof seasonParams.$inferSelect;

/**
 * The first week still ahead (1-based): the week after the live week, with the live week counted as the
 * rest of the app counts it (NFL TD from the start of the deadline's day). Null when every week has locked.
 */
export function firstOpenWeek(deadlines: string[], now: Date, game: PlayableGame): number | null {
  const week = getLiveWeek(deadlines, now, game) + 1;
  return week > deadlines.length ? null : week;
}

/**
 * A season row as an upcoming season of a game played on it, or null when it is not playable or has no
 * week left to start.
 */
function toUpcoming(row: SeasonParamsRow, game: PlayableGame, now: Date): UpcomingSeason | null {
  const seasonType = SeasonTypeSchema.safeParse(row.seasonType);
  if (!seasonType.success || row.final || !row.active) return null;
  const week = firstOpenWeek(row.deadlines, now, game);
  if (week === null) return null;
  return {
    game,
    game_name: GAME_NAMES[game],
    season: row.season,
    season_type: seasonType.data,
    start: row.start.toISOString(),
    start_week: week,
    first_deadline: row.deadlines[week - 1],
    weeks: row.deadlines.length,
  };
}

/** Seasons a pool can be created for: active, not final, with a week still to lock; earliest first. */
async function upcomingSeasons(db: DbOrTx, now: Date): Promise<UpcomingSeason[]> {
  const rows = await db
    .select()
    .from(seasonParams)
    .where(and(eq(seasonParams.active, true), eq(seasonParams.final, false)))
    .orderBy(asc(seasonParams.start));
  return rows.flatMap((row) => {
    const schedule = ScheduleGameSchema.safeParse(row.game);
    if (!schedule.success) return [];
    return gamesPlayedOn(schedule.data).flatMap((game) => toUpcoming(row, game, now) ?? []);
  });
}

/** The page's data: upcoming seasons for everyone, and the leagues the signed-in viewer runs. */
export async function getCreationOptions(
  ctx: AppContext,
  viewer: UserRow | null,
): Promise<CreationOptionsResponse> {
  const seasons = await upcomingSeasons(ctx.db, ctx.clock.now());
  if (!viewer) return { seasons, leagues: [] };
  const mine = await ctx.db
    .select({ id: leagues.id, name: leagues.name, abb: leagues.abb })
    .from(leagues)
    .where(
      sql`exists (select 1 from jsonb_array_elements_text(${leagues.admins}) as a(name) where lower(a.name) = lower(${viewer.username}))`,
    )
    .orderBy(asc(leagues.name));
  const ids = mine.map((league) => league.id);
  const counts =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            leagueId: pools.leagueId,
            game: pools.game,
            season: pools.season,
            season_type: pools.seasonType,
            count: count(),
          })
          .from(pools)
          .where(sql`${pools.leagueId} in ${ids}`)
          .groupBy(pools.leagueId, pools.game, pools.season, pools.seasonType);
  return {
    seasons,
    leagues: mine.map((league) => ({
      ...league,
      pools: counts
        .filter((row) => row.leagueId === league.id)
        .map(({ game, season, season_type, count: n }) => ({ game, season, season_type, count: Number(n) })),
    })),
  };
}

export interface ActivatePoolInput {
  league_id: number;
  season: number;
  season_type: string;
  settings: PoolSettings;
}

/**
 * ACTIVATE POOL: a league admin opens a pool for a season still ahead. The start week is the first week
 * whose deadline has not passed; pool_idx is the next free one for (league, game, season, type). Members who
 * want new-pool e-mails are told after the commit, so a failed mail never undoes the pool.
 */
export async function activatePool(
  ctx: AppContext,
  viewer: UserRow | null,
  input: ActivatePoolInput,
): Promise<ActivatePoolResponse> {
  if (!viewer) throw unauthorized(CREATION_MESSAGES.activateLoggedOut);
  const now = ctx.clock.now();
  const { settings } = input;
  const game: PlayableGame = settings.game;
  const gameName = GAME_NAMES[game];
  const created = await ctx.db.transaction(async (tx) => {
    const access = await requireLeagueAccess(tx, input.league_id, viewer, CREATION_MESSAGES.leagueNotFound);
    if (!access.isAdmin) throw forbidden(CREATION_MESSAGES.adminsOnly);
    const [season] = await tx
      .select()
      .from(seasonParams)
      .where(
        and(
          eq(seasonParams.game, scheduleOf(game)),
          eq(seasonParams.season, input.season),
          eq(seasonParams.seasonType, input.season_type),
        ),
      )
      .limit(1);
    const upcoming = season ? toUpcoming(season, game, now) : null;
    if (!season || !upcoming) throw badRequest(CREATION_MESSAGES.noUpcoming);
    // One activation at a time per league, so two admins clicking at once get consecutive pool indexes.
    await tx.execute(sql`select id from leagues where id = ${access.league.id} for update`);
    const siblings = await tx
      .select({ poolIdx: pools.poolIdx })
      .from(pools)
      .where(
        and(
          eq(pools.leagueId, access.league.id),
          eq(pools.game, game),
          eq(pools.season, input.season),
          eq(pools.seasonType, input.season_type),
        ),
      );
    const poolIdx = siblings.reduce((next, row) => Math.max(next, row.poolIdx + 1), 0);
    const customName =
      settings.custom_name || (siblings.length > 0 ? defaultPoolName(gameName, siblings.length) : null);
    const startWeek = upcoming.start_week;
    const startAt = new Date(season.deadlines[startWeek - 1]);
    const [pool] = await tx
      .insert(pools)
      .values({
        leagueId: access.league.id,
        game,
        season: input.season,
        seasonType: input.season_type,
        poolIdx,
        customName,
        gameName,
        buyin: settings.buyin,
        rebuys: settings.rebuys,
        rebuyPrice: settings.rebuy_price,
        maxEntries: settings.max_entries,
        insurance: settings.insurance_option === INSURANCE_OPTION.none ? 0 : settings.insurance,
        insuranceOption: settings.insurance_option,
        shootMoon: settings.shoot_moon,
        bonusActive: settings.bonus_active,
        bonusCadence: settings.bonus_cadence,
        bonusShutdown: settings.bonus_shutdown,
        // Options are stored even with the bonus pool off, so turning it on later starts from the defaults.
        bonusOptions: settings.bonus_options,
        deadlines: season.deadlines,
        start: startAt,
        entryDeadline: startAt,
        startWeek,
        playersPerWeek: settings.players_per_week,
        maxPlayersPerTeam: settings.max_players_per_team,
        nflLockTime: settings.nfl_lock_time,
        nflPassTds: settings.nfl_pass_tds,
        lockAtPickStart: settings.players_per_week > 1 && settings.lock_at_pick_start,
        endWipeout: settings.end_wipeout,
        endCrowning: settings.end_crowning,
        tieRule: settings.tie_rule,
        picksPerWeek: settings.picks_per_week,
        autoPick: settings.auto_pick,
        createdAt: now,
      })
      .returning();
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'create_pool',
          summary: `Opened ${customName ?? gameName} ${input.season} from Week ${startWeek}`,
          oldValue: null,
          newValue: { season: input.season, season_type: input.season_type, start_week: startWeek, settings },
        },
      ],
      now,
    );
    return { pool, abb: access.league.abb };
  });
  const { pool, abb } = created;
  // The pool exists either way: each recipient's failure is counted in the outbox, never shown as a failed activation.
  await notifyNewLeaguePool(ctx, pool.id).catch(() => undefined);
  return {
    game,
    league_abb: abb,
    season: pool.season,
    season_type: pool.seasonType,
    pool_idx: pool.poolIdx,
    name: pool.customName ?? gameName,
    start_week: pool.startWeek,
    message: startWeekMessage(pool.startWeek, gameName),
  };
}

/**
 * GET /api/poolCreation/previousPools/{leagueId}/{game}: the league's earlier pools of the game, newest first
 * (season, then type, then the latest pool of a season), with the settings a new pool may copy. League admins
 * only: visitors 401, outsiders of a hidden league 404, members 403.
 */
export async function listPreviousPools(
  ctx: AppContext,
  viewer: UserRow | null,
  leagueId: number,
  game: PlayableGame,
): Promise<PreviousPoolsResponse> {
  if (!viewer) throw unauthorized(CREATION_MESSAGES.loggedOut);
  const access = await requireLeagueAccess(ctx.db, leagueId, viewer, CREATION_MESSAGES.leagueNotFound);
  if (!access.isAdmin) throw forbidden(CREATION_MESSAGES.adminsOnly);
  const rows = await ctx.db
    .select()
    .from(pools)
    .where(and(eq(pools.leagueId, access.league.id), eq(pools.game, game)))
    .orderBy(desc(pools.season), desc(pools.seasonType), desc(pools.poolIdx));
  const siblings = countSiblings(rows);
  return {
    pools: rows.map((pool) => ({
      id: pool.id,
      name: poolDisplayName(pool, siblings),
      season: pool.season,
      season_type: pool.seasonType,
      pool_idx: pool.poolIdx,
      settings: {
        custom_name: copyPoolName(pool.customName, pool.gameName || GAME_NAMES[game]),
        buyin: pool.buyin,
        rebuys: pool.rebuys,
        rebuy_price: pool.rebuyPrice,
        max_entries: pool.maxEntries,
        insurance_option: picksPlayers(game) ? 0 : InsuranceOptionSchema.catch(0).parse(pool.insuranceOption),
        insurance: pool.insurance,
        shoot_moon: game === 'mlb' && pool.shootMoon,
        bonus_active: hasBonusPool(game) && pool.bonusActive,
        bonus_cadence: BonusCadenceSchema.parse(normalizeBonusCadence(pool.bonusCadence)),
        bonus_shutdown: pool.bonusShutdown,
        bonus_options: resolveBonusOptions(game, pool.bonusOptions),
        players_per_week: picksPlayers(game) ? pool.playersPerWeek : 1,
        max_players_per_team: picksPlayers(game) ? pool.maxPlayersPerTeam : 1,
        nfl_pass_tds: pool.nflPassTds,
        nfl_lock_time: NflLockTimeSchema.catch('first_game').parse(pool.nflLockTime),
        lock_at_pick_start: pool.lockAtPickStart,
        ...storedEndRule(pool),
        ...storedNflRules(pool),
      },
    })),
  };
}
