import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BonusCadenceSchema,
  type BonusOptionsMap,
  INSURANCE_OPTION,
  INSURANCE_OPTION_LABELS,
  InsuranceOptionSchema,
  listBonusOptions,
  NFL_LOCK_TIME_LABELS,
  normalizeBonusCadence,
  resolveBonusOptions,
} from '../../../../../core/bonus';
import {
  getDeadlineCutoff,
  getLiveWeek,
  getWeekLockAt,
  NflLockTimeSchema,
} from '../../../../../core/calendar';
import {
  FEED_EVENT_TYPES,
  type PoolSettingsValues,
  type PoolSettingsView,
  SETTINGS_MESSAGES,
  type UpdatePoolSettingsRequestSchema,
} from '../../../../../core/contracts/pools';
import {
  GAME_NAMES,
  hasBonusPool,
  type PlayableGame,
  PlayableGameSchema,
  playsNflWeeks,
} from '../../../../../core/games';
import { formatDollars } from '../../../../../core/money';
import { poolDisplayName } from '../../../../../core/pool/identity';
import { findLockedSettingChanges, type PoolSettingsEdit } from '../../../../../core/pool/settings';
import type { AppContext } from '../../../../context';
import type { DbOrTx } from '../../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../../db/entry-status';
import type { PoolRecord, UserRow } from '../../../../db/schema';
import { entries, pools, poolWeeks } from '../../../../db/schema';
import { badRequest } from '../../../../lib/errors';
import { lockPoolForCommish, requirePoolCommish } from '../../access/pool-access';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { storedEndRule } from '../../settlement/season-end.service';
import { appendLedger } from '../../store/ledger.repo';
import { storedNflRules } from '../../store/nfl-survivor-rules';
import { type PoolAuditInput, recordPoolAudits } from '../../store/pool-audits.repo';
import { loadPoolWeeks, type PoolWeeks } from '../../store/pool-weeks.repo';
import { countPoolSiblings } from '../../store/pools.repo';
import { rankChangeOfPool } from '../../store/rank-versions.repo';

type UpdateInput = z.output<typeof UpdatePoolSettingsRequestSchema>;

/** The pool's game; a stored game the app does not play reads as mlb (never happens for a created pool). */
function gameOf(pool: PoolRecord): PlayableGame {
  const parsed = PlayableGameSchema.safeParse(pool.game);
  return parsed.success ? parsed.data : 'mlb';
}

/** The stored settings as the form edits them. A stored bonus cadence 0 behaves as preseason (3), so it reads as 3. */
function toValues(pool: PoolRecord): PoolSettingsValues {
  return {
    game: gameOf(pool),
    custom_name: pool.customName,
    buyin: pool.buyin,
    rebuys: pool.rebuys,
    rebuy_price: pool.rebuyPrice,
    max_entries: pool.maxEntries,
    insurance_option: InsuranceOptionSchema.catch(0).parse(pool.insuranceOption),
    insurance: pool.insurance,
    shoot_moon: pool.shootMoon,
    bonus_active: pool.bonusActive,
    bonus_disabled: pool.bonusDisabled,
    bonus_cadence: BonusCadenceSchema.parse(normalizeBonusCadence(pool.bonusCadence)),
    bonus_shutdown: pool.bonusShutdown,
    bonus_options: resolveBonusOptions(pool.game, pool.bonusOptions),
    players_per_week: pool.playersPerWeek,
    max_players_per_team: pool.maxPlayersPerTeam,
    nfl_pass_tds: pool.nflPassTds,
    nfl_lock_time: NflLockTimeSchema.catch('first_game').parse(pool.nflLockTime),
    lock_at_pick_start: pool.lockAtPickStart,
    start_week: pool.startWeek,
    deadlines: pool.deadlines,
    ...storedEndRule(pool),
    ...storedNflRules(pool),
  };
}

/**
 * Weeks that have locked, whose deadlines may no longer move: the deadline has passed (NFL TD from the start of
 * its Pacific day, as the live week counts it), the week's lock under the pool's mode has passed (NFL TD's first
 * kickoff), or settlement has already locked it.
 */
function findLockedWeeks(pool: PoolRecord, weeks: PoolWeeks, settled: Set<number>, now: Date): number[] {
  const game = gameOf(pool);
  const locked: number[] = [];
  pool.deadlines.forEach((deadline, index) => {
    const week = index + 1;
    const lock = weeks.weekLockAt(week);
    if (
      settled.has(week) ||
      getDeadlineCutoff(deadline, game).getTime() <= now.getTime() ||
      (lock !== null && lock.getTime() <= now.getTime())
    )
      locked.push(week);
  });
  return locked;
}

async function settledWeeks(db: DbOrTx, poolId: number): Promise<Set<number>> {
  const rows = await db.select({ week: poolWeeks.week }).from(poolWeeks).where(eq(poolWeeks.poolId, poolId));
  return new Set(rows.map((row) => row.week));
}

async function describeSettings(db: DbOrTx, pool: PoolRecord, now: Date): Promise<PoolSettingsView> {
  const game = gameOf(pool);
  const siblings = await countPoolSiblings(db, pool);
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      counted: sql<number>`count(*) filter (where ${entries.status} = ${ENTRY_STATUS_SQL.active})::int`,
    })
    .from(entries)
    .where(eq(entries.poolId, pool.id));
  const weeks = await loadPoolWeeks(db, pool);
  return {
    pool_id: pool.id,
    game,
    game_name: pool.gameName || GAME_NAMES[game],
    season: pool.season,
    season_type: pool.seasonType,
    default_name: poolDisplayName({ ...pool, customName: null }, siblings),
    settings: toValues(pool),
    started: pool.start.getTime() <= now.getTime(),
    start: pool.start.toISOString(),
    final: pool.final,
    entrants: counts?.counted ?? 0,
    entries: counts?.all ?? 0,
    live_week: getLiveWeek(pool.deadlines, now, game),
    week_count: pool.deadlines.length,
    locked_weeks: findLockedWeeks(pool, weeks, await settledWeeks(db, pool.id), now),
  };
}

/** GET /admin/poolSettings/{poolId}: every editable setting and what the form must know (league admins only). */
export async function getPoolSettings(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
): Promise<PoolSettingsView> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  return describeSettings(ctx.db, pool, ctx.clock.now());
}

const money = (cents: number) => formatDollars(cents);
const WIPEOUT_WORDS = { split: 'they split the prize', revive: 'they all come back with 1 life' } as const;
const CROWNING_WORDS = { automatic: 'automatically', commissioner: 'by the commissioner' } as const;
const yesNo = (value: boolean) => (value ? 'on' : 'off');
/** Multi-pick weeks in week order, so an unchanged map compares equal whatever order it came in. */
const byWeek = (weeks: Record<string, number>) =>
  Object.fromEntries(Object.entries(weeks).sort(([a], [b]) => Number(a) - Number(b)));
/** Multi-pick weeks in words: "none", or "Week 12: 2, Week 13: 2". */
const describeMultiPicks = (weeks: Record<string, number>) =>
  Object.keys(weeks)
    .sort((a, b) => Number(a) - Number(b))
    .map((week) => `Week ${week}: ${weeks[week]}`)
    .join(', ') || 'none';
const CADENCE_WORDS: Record<number, string> = {
  1: 'any time',
  2: 'once per month',
  3: 'only before the season',
};

/** The settings to store: values a game or setting makes moot are stored as pool creation stores them. */
function normalize(pool: PoolRecord, next: PoolSettingsEdit): PoolSettingsValues {
  const game = gameOf(pool);
  const definitions = hasBonusPool(game) ? listBonusOptions(game) : [];
  // Options the form left out keep the configuration in force; names always come from the definitions.
  const inForce = resolveBonusOptions(game, pool.bonusOptions);
  const options: BonusOptionsMap = {};
  for (const definition of definitions) {
    const id = String(definition.bonus_id);
    const chosen = next.bonus_options[id] ?? inForce[id];
    if (chosen)
      options[id] = {
        active: chosen.active,
        prize: chosen.prize,
        bonus_long_name: definition.bonus_long_name,
      };
  }
  return {
    ...next,
    rebuy_price: next.rebuys < 1 ? 0 : next.rebuy_price,
    // A form that says nothing of the end rule leaves it as it is.
    end_wipeout: next.end_wipeout ?? storedEndRule(pool).end_wipeout,
    end_crowning: next.end_crowning ?? storedEndRule(pool).end_crowning,
    tie_rule: next.tie_rule ?? storedNflRules(pool).tie_rule,
    picks_per_week: byWeek(next.picks_per_week ?? storedNflRules(pool).picks_per_week),
    auto_pick: next.auto_pick ?? storedNflRules(pool).auto_pick,
    insurance: next.insurance_option === INSURANCE_OPTION.none ? 0 : next.insurance,
    bonus_options: options,
    lock_at_pick_start: next.players_per_week > 1 && next.lock_at_pick_start,
    deadlines: next.deadlines.map((deadline, index) =>
      // An unmoved deadline keeps its stored text; a moved one is stored as a UTC instant.
      pool.deadlines[index] !== undefined &&
      new Date(pool.deadlines[index]).getTime() === new Date(deadline).getTime()
        ? pool.deadlines[index]
        : new Date(deadline).toISOString(),
    ),
  };
}

/**
 * What may no longer change, checked against the stored pool (the first refusal is the answer):
 * - a concluded pool changes no more (its money is settled);
 * - the game never changes; Extra Lives/Rebuys is locked once the pool's start is in the past (spec 2);
 * - picks per week is locked for NFL TD pools (spec 2 section 5; other games always pick one);
 * - the season's weeks are fixed in number; a locked week's deadline never moves, an open week's deadline
 *   must stay ahead (moving it into the past would lock the week without its lock) and in increasing order;
 * - the start week changes only before the pool starts, and only to a week that has not locked;
 * - the NFL lock time changes only when no week would lock or unlock by it (a week's picks, once shown,
 *   stay shown).
 */
function refuseLockedChanges(
  pool: PoolRecord,
  current: PoolSettingsValues,
  next: PoolSettingsValues,
  locked: Set<number>,
  weeks: PoolWeeks,
  now: Date,
): void {
  const game = gameOf(pool);
  if (pool.final) throw badRequest(SETTINGS_MESSAGES.final);
  const refused = findLockedSettingChanges(current, next, { start: pool.start, now });
  if (refused.length > 0) throw badRequest(refused[0].message);
  if (game === 'nfl-td' && next.players_per_week !== current.players_per_week)
    throw badRequest(SETTINGS_MESSAGES.playersPerWeekLocked);
  if (next.deadlines.length !== current.deadlines.length) throw badRequest(SETTINGS_MESSAGES.weekCount);
  next.deadlines.forEach((deadline, index) => {
    const week = index + 1;
    if (deadline === current.deadlines[index]) return;
    if (locked.has(week)) throw badRequest(SETTINGS_MESSAGES.deadlineLocked(week));
    if (getDeadlineCutoff(deadline, game).getTime() <= now.getTime())
      throw badRequest(SETTINGS_MESSAGES.deadlinePast(week));
  });
  if (next.start_week !== current.start_week) {
    if (pool.start.getTime() <= now.getTime() || locked.has(current.start_week))
      throw badRequest(SETTINGS_MESSAGES.startWeekLocked);
    if (locked.has(next.start_week)) {
      const first = next.deadlines.findIndex((_, index) => !locked.has(index + 1));
      throw badRequest(
        first < 0 ? SETTINGS_MESSAGES.noWeekAhead : SETTINGS_MESSAGES.startWeekAhead(first + 1),
      );
    }
  }
  const started = pool.start.getTime() <= now.getTime();
  if (started && (next.tie_rule !== current.tie_rule || next.auto_pick !== current.auto_pick))
    throw badRequest(SETTINGS_MESSAGES.nflRulesLocked);
  const multiWeeks = new Set([...Object.keys(current.picks_per_week), ...Object.keys(next.picks_per_week)]);
  for (const key of multiWeeks) {
    const week = Number(key);
    if ((current.picks_per_week[key] ?? 1) === (next.picks_per_week[key] ?? 1)) continue;
    // Counted from the week's lock instant (its deadline's day without games), whether or not its
    // lock row is written yet; a week may turn double until then, even after its deadline's day.
    const deadline = current.deadlines[week - 1];
    const lockAt =
      weeks.weekLockAt(week) ?? (deadline === undefined ? null : getDeadlineCutoff(deadline, game));
    if (lockAt !== null && lockAt.getTime() <= now.getTime())
      throw badRequest(SETTINGS_MESSAGES.multiPicksLocked(week));
  }
  if (playsNflWeeks(game) && next.nfl_lock_time !== current.nfl_lock_time) {
    for (let week = 1; week <= next.deadlines.length; week++) {
      const kickoffs = weeks.games(week).map((g) => g.startTime);
      const lockAt = (mode: PoolSettingsValues['nfl_lock_time']) =>
        getWeekLockAt({ game, deadlines: next.deadlines, week, nflLockTime: mode, weekKickoffs: kickoffs });
      const passed = (at: Date | null) => at !== null && at.getTime() <= now.getTime();
      if (passed(lockAt(current.nfl_lock_time)) !== passed(lockAt(next.nfl_lock_time)))
        throw badRequest(SETTINGS_MESSAGES.nflLockTime(week));
    }
  }
}

const when = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One audit row per changed setting, in the form's order. */
function describeChanges(
  current: PoolSettingsValues,
  next: PoolSettingsValues,
  effects: { livesChanged: number; charged: number },
): PoolAuditInput[] {
  const changes: PoolAuditInput[] = [];
  const add = <K extends keyof PoolSettingsValues>(
    key: K,
    summary: (from: PoolSettingsValues[K], to: PoolSettingsValues[K]) => string,
  ) => {
    const from = current[key];
    const to = next[key];
    if (JSON.stringify(from) === JSON.stringify(to)) return;
    changes.push({
      action: 'settings',
      summary: summary(from, to),
      oldValue: { [key]: from },
      newValue: { [key]: to },
    });
  };
  add('custom_name', (from, to) => `Pool name: ${from ?? '(default)'} to ${to ?? '(default)'}`);
  add('max_entries', (from, to) => `Max entries: ${from} to ${to}`);
  add(
    'rebuys',
    (from, to) =>
      `Extra lives/rebuys: ${from} to ${to} (${to + 1} lives; ${effects.livesChanged} existing ${effects.livesChanged === 1 ? 'entry' : 'entries'} moved ${to > from ? 'up' : 'down'} ${Math.abs(to - from)})`,
  );
  add('rebuy_price', (from, to) => `Rebuy price: ${money(from)} to ${money(to)}`);
  add('buyin', (from, to) =>
    effects.charged > 0
      ? `Buy-in: ${money(from)} to ${money(to)} (retroactive: ${effects.charged} existing ${effects.charged === 1 ? 'entry' : 'entries'} ${to > from ? 'charged' : 'refunded'} ${money(Math.abs(to - from))} each)`
      : `Buy-in: ${money(from)} to ${money(to)} (new entries only)`,
  );
  add(
    'insurance_option',
    (from, to) => `Insurance option: ${INSURANCE_OPTION_LABELS[from]} to ${INSURANCE_OPTION_LABELS[to]}`,
  );
  add('insurance', (from, to) => `Insurance cost: ${money(from)} to ${money(to)}`);
  add('shoot_moon', (from, to) => `Shoot the moon: ${yesNo(from)} to ${yesNo(to)}`);
  add('bonus_active', (from, to) => `Bonus pool: ${yesNo(from)} to ${yesNo(to)}`);
  add(
    'bonus_disabled',
    (from, to) => `Bonus pool shut down by the commissioner: ${from ? 'yes' : 'no'} to ${to ? 'yes' : 'no'}`,
  );
  add(
    'bonus_cadence',
    (from, to) => `Bonus pool entry: ${CADENCE_WORDS[from] ?? from} to ${CADENCE_WORDS[to] ?? to}`,
  );
  add('bonus_shutdown', (from, to) => `Bonus shutdown #: ${from} to ${to}`);
  for (const id of Object.keys(next.bonus_options)) {
    const from = current.bonus_options[id];
    const to = next.bonus_options[id];
    if (from && from.active === to.active && from.prize === to.prize) continue;
    const show = (o: typeof to | undefined) =>
      o ? `${o.active ? 'on' : 'off'}, ${money(o.prize)}` : 'unset';
    changes.push({
      action: 'settings',
      summary: `Bonus option ${to.bonus_long_name}: ${show(from)} to ${show(to)}`,
      oldValue: { bonus_options: { [id]: from ?? null } },
      newValue: { bonus_options: { [id]: to } },
    });
  }
  add('players_per_week', (from, to) => `Picks per week: ${from} to ${to}`);
  add('lock_at_pick_start', (from, to) => `Lock at first pick start: ${yesNo(from)} to ${yesNo(to)}`);
  add('max_players_per_team', (from, to) => `Max players per team: ${from} to ${to}`);
  add('nfl_pass_tds', (from, to) => `Passing TDs to advance: ${from} to ${to}`);
  add(
    'nfl_lock_time',
    (from, to) => `NFL lock time: ${NFL_LOCK_TIME_LABELS[from]} to ${NFL_LOCK_TIME_LABELS[to]}`,
  );
  add('start_week', (from, to) => `Start week: Week ${from} to Week ${to}`);
  add(
    'end_wipeout',
    (from, to) => `If everyone still in loses the same week: ${WIPEOUT_WORDS[from]} to ${WIPEOUT_WORDS[to]}`,
  );
  add('end_crowning', (from, to) => `Champions crowned: ${CROWNING_WORDS[from]} to ${CROWNING_WORDS[to]}`);
  add('tie_rule', (from, to) => `A tie counts as a ${from} to a ${to}`);
  add('auto_pick', (from, to) => `Auto-pick: ${yesNo(from)} to ${yesNo(to)}`);
  add(
    'picks_per_week',
    (from, to) => `Multi-pick weeks: ${describeMultiPicks(from)} to ${describeMultiPicks(to)}`,
  );
  next.deadlines.forEach((to, index) => {
    const from = current.deadlines[index];
    if (from === to) return;
    changes.push({
      action: 'settings',
      summary: `Week ${index + 1} deadline: ${when(from)} to ${when(to)}`,
      oldValue: { deadlines: { [index + 1]: from } },
      newValue: { deadlines: { [index + 1]: to } },
    });
  });
  return changes;
}

/**
 * POST /admin/updatePoolSettings: saves every setting in one transaction, with one audit row per changed setting.
 * - Extra Lives/Rebuys before the start: nobody has lost a life yet, so every existing entry with lives moves by the
 *   difference (lives = rebuys + 1, a commissioner's own adjustment kept), never below 1; an entry the commissioner
 *   already took to 0 lives stays out.
 * - Buy-in with `retroactive`: every existing entry (counted or not: each paid the old buy-in) gets a ledger row of
 *   the difference, a charge (negative) when it went up, a refund (positive) when it went down. Without it the
 *   existing entries keep what they paid and only new entries pay the new buy-in.
 * - The pool's start (and entry deadline) follow the start week's deadline while the pool has not started.
 * - The pool's news feed gets one alert listing the changes (settings never name a pick).
 * Changes the server refuses are listed at refuseLockedChanges; nothing is written then.
 */
export async function updatePoolSettings(
  ctx: AppContext,
  viewer: UserRow,
  input: UpdateInput,
): Promise<PoolSettingsView> {
  await requirePoolCommish(ctx.db, { poolId: input.poolId }, viewer);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // One save at a time per pool: a second admin's save reads the first one's result.
    const { pool } = await lockPoolForCommish(tx, input.poolId, viewer);
    const current = toValues(pool);
    const next = normalize(pool, input.poolSettings);
    const weeks = await loadPoolWeeks(tx, pool);
    const locked = new Set(findLockedWeeks(pool, weeks, await settledWeeks(tx, pool.id), now));
    refuseLockedChanges(pool, current, next, locked, weeks, now);

    let livesChanged = 0;
    if (next.rebuys !== current.rebuys) {
      const delta = next.rebuys - current.rebuys;
      await rankChangeOfPool(tx, pool.id);
      const moved = await tx
        .update(entries)
        // The version moved here: its trigger would run once per entry of a big pool otherwise.
        .set({ lives: sql`greatest(1, ${entries.lives} + ${delta})`, version: sql`${entries.version} + 1` })
        .where(and(eq(entries.poolId, pool.id), gt(entries.lives, 0)))
        .returning({ id: entries.id });
      livesChanged = moved.length;
    }
    let charged = 0;
    if (input.retroactive && next.buyin !== current.buyin) {
      const all = await tx.select({ id: entries.id }).from(entries).where(eq(entries.poolId, pool.id));
      const note = `Buy-in changed from ${money(current.buyin)} to ${money(next.buyin)}`;
      await appendLedger(
        tx,
        all.map((entry) => ({
          poolId: pool.id,
          entryId: entry.id,
          kind: 'buyin' as const,
          amount: current.buyin - next.buyin,
          notes: note,
          createdBy: viewer.id,
        })),
        now,
      );
      charged = all.length;
    }
    const changes = describeChanges(current, next, { livesChanged, charged });
    if (changes.length === 0) return { pool, changed: false };
    const start =
      pool.start.getTime() > now.getTime() ? new Date(next.deadlines[next.start_week - 1]) : pool.start;
    const [updated] = await tx
      .update(pools)
      .set({
        customName: next.custom_name,
        buyin: next.buyin,
        rebuys: next.rebuys,
        rebuyPrice: next.rebuy_price,
        maxEntries: next.max_entries,
        insuranceOption: next.insurance_option,
        insurance: next.insurance,
        shootMoon: next.shoot_moon,
        bonusActive: next.bonus_active,
        bonusDisabled: next.bonus_disabled,
        // A stored 0 reads as 3 and is only rewritten when the cadence really changed.
        bonusCadence: next.bonus_cadence === current.bonus_cadence ? pool.bonusCadence : next.bonus_cadence,
        bonusShutdown: next.bonus_shutdown,
        bonusOptions: next.bonus_options,
        playersPerWeek: next.players_per_week,
        maxPlayersPerTeam: next.max_players_per_team,
        nflPassTds: next.nfl_pass_tds,
        nflLockTime: next.nfl_lock_time,
        lockAtPickStart: next.lock_at_pick_start,
        startWeek: next.start_week,
        deadlines: next.deadlines,
        endWipeout: next.end_wipeout,
        endCrowning: next.end_crowning,
        tieRule: next.tie_rule,
        picksPerWeek: next.picks_per_week,
        autoPick: next.auto_pick,
        start,
        entryDeadline: start.getTime() === pool.start.getTime() ? pool.entryDeadline : start,
      })
      .where(eq(pools.id, pool.id))
      .returning();
    await recordPoolAudits(tx, pool.id, viewer, changes, now);
    // Entrants hear of it on the news feed: a change may move their lives, charge them or move a deadline.
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        userId: viewer.id,
        type: FEED_EVENT_TYPES.alert,
        summary: 'Pool settings updated',
        desc: `The commissioner updated the pool settings. ${changes.map((change) => change.summary).join('. ')}.`,
      },
      now,
    );
    return { pool: updated, changed: true, charged };
  });
  if (result.changed) notifyPoolChanged(ctx, result.pool.id, result.charged ? 'money' : 'standings');
  return describeSettings(ctx.db, result.pool, now);
}
