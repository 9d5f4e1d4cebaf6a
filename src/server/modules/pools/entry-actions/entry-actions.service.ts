import { and, eq, sql } from 'drizzle-orm';
import {
  BONUS_CADENCE_LABELS,
  canToggleAutoRebuy,
  canToggleBonus,
  normalizeBonusCadence,
} from '../../../../core/bonus';
import { getDeadlineCutoff, getLiveWeek } from '../../../../core/calendar';
import {
  type BuyInsuranceBody,
  type BuyInsuranceResponse,
  type EntryActionsResponse,
  FEED_EVENT_TYPES,
  ENTRY_ACTION_MESSAGES as M,
  REBUY_FEED_TYPE,
  type RebuyBody,
  type RebuyResponse,
  type ToggleBody,
  type ToggleResponse,
} from '../../../../core/contracts/pools';
import { type Game, hasBonusPool } from '../../../../core/games';
import { formatEntryLabel } from '../../../../core/money/finances';
import {
  type ActionCheck,
  changeFlag,
  checkInsurance,
  checkRebuy,
  type DeferredFlag,
  flagForWeek,
  getInsuranceStartWeek,
  getRebuyWindowWeek,
  isInsuranceOffered,
} from '../../../../core/pool/entry-actions';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { poolPagePathIn } from '../../../../core/pool/identity';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { EntryRecord, LeagueRow, PoolRecord, UserRow } from '../../../db/schema';
import { entries, ledger } from '../../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../../lib/errors';
import { requireEntryPoolAccess } from '../access/pool-access';
import { postPoolEvent } from '../feed/feed.service';
import { notifyPoolChanged } from '../live/notify';
import { readEntryWeeks } from '../store/entry-weeks.repo';
import { appendLedger } from '../store/ledger.repo';
import { loadPoolWeeks } from '../store/pool-weeks.repo';
import { type EntrySwitch, recordInsurance, recordRebuy, recordSwitchChange } from './entry-actions.audit';

interface OwnEntry {
  entry: EntryRecord;
  pool: PoolRecord;
  league: LeagueRow;
}

/**
 * The viewer's own entry with its pool. An unknown entry, and an entry of a pool the viewer may not see,
 * are not found, with one message (so ids cannot be probed); someone else's entry in a pool the viewer
 * sees is forbidden. With `lock` the
 * entry row stays locked to the end of the transaction, so racing actions of one entry run one by one.
 */
async function loadOwnEntry(db: DbOrTx, entryId: number, user: UserRow, lock: boolean): Promise<OwnEntry> {
  const query = db.select().from(entries).where(eq(entries.id, entryId));
  const [entry] = lock ? await query.for('update') : await query;
  if (!entry) throw notFound(M.entryNotFound);
  const { pool, league } = await requireEntryPoolAccess(db, entry, user, M.entryNotFound);
  if (entry.userId !== user.id) throw forbidden(M.notYourEntry);
  return { entry, pool, league };
}

function liveWeekOf(pool: PoolRecord, now: Date): number {
  return getLiveWeek(pool.deadlines, now, pool.game as Game);
}

function enforce(check: ActionCheck): void {
  if (!check.ok) throw new AppError(check.status, check.message);
}

const isActive = (entry: EntryRecord) => entry.status === ENTRY_STATUS.active;
const isEliminated = (entry: EntryRecord) => entry.lives <= 0;

/** The week whose lock closes the entry's rebuy window, and that lock (null when the season has no such week). */
async function loadRebuyWindow(
  db: DbOrTx,
  pool: PoolRecord,
  entry: EntryRecord,
  now: Date,
): Promise<{ week: number; lockAt: Date | null }> {
  const lastSettled = (await readEntryWeeks(db, entry.poolId, { entryIds: [entry.id] }))
    .filter((row) => row.result !== null)
    .at(-1);
  const week = getRebuyWindowWeek(lastSettled ?? null, liveWeekOf(pool, now));
  if (week > pool.deadlines.length) return { week, lockAt: null };
  const weeks = await loadPoolWeeks(db, pool, week);
  // An nfl-td week without games yet locks no later than its deadline's day.
  const lockAt = weeks.weekLockAt(week) ?? getDeadlineCutoff(pool.deadlines[week - 1], pool.game as Game);
  return { week, lockAt };
}

function rebuyCheck(
  pool: PoolRecord,
  entry: EntryRecord,
  window: { week: number; lockAt: Date | null },
  now: Date,
) {
  return checkRebuy({
    final: pool.final,
    active: isActive(entry),
    lives: entry.lives,
    needsRebuy: entry.needsRebuy,
    rebuysMade: entry.rebuysMade,
    poolRebuys: pool.rebuys,
    windowWeek: window.week,
    lockAt: window.lockAt,
    now,
  });
}

/** The rebuy charged to the entry for a week, if any (its ledger row's amount is negative). */
async function findRebuyCharge(db: DbOrTx, entryId: number, week: number): Promise<number | null> {
  const [row] = await db
    .select({ amount: ledger.amount })
    .from(ledger)
    .where(and(eq(ledger.entryId, entryId), eq(ledger.kind, 'rebuy'), eq(ledger.week, week)))
    .limit(1);
  return row ? -row.amount : null;
}

/**
 * POST /user/rebuy: the owner pays the rebuy their entry waits for, before the lock of the week after
 * the loss. The entry row is locked and the update applies only while the entry still needs a rebuy,
 * so a double submit is charged once; the repeat, finding the rebuy of its window week made, answers
 * as the first did (decision 006, repeats).
 */
export async function rebuyEntry(ctx: AppContext, user: UserRow, body: RebuyBody): Promise<RebuyResponse> {
  const now = ctx.clock.now();
  return thenNotify(
    ctx,
    ctx.db.transaction(async (tx) => {
      const { entry, pool, league } = await loadOwnEntry(tx, body.userSeason, user, true);
      const window = await loadRebuyWindow(tx, pool, entry, now);
      const charged = entry.needsRebuy ? null : await findRebuyCharge(tx, entry.id, window.week);
      if (charged !== null) {
        return {
          league_id: league.id,
          league_season: pool.id,
          message: M.rebought,
          rebuys_made: entry.rebuysMade,
          week: window.week,
          charged,
        };
      }
      enforce(rebuyCheck(pool, entry, window, now));
      const [updated] = await tx
        .update(entries)
        .set({ rebuysMade: entry.rebuysMade + 1, needsRebuy: false })
        .where(
          and(
            eq(entries.id, entry.id),
            eq(entries.needsRebuy, true),
            eq(entries.rebuysMade, entry.rebuysMade),
          ),
        )
        .returning();
      if (!updated) throw conflict(M.noRebuyNeeded);
      await recordRebuy(tx, { pool, league, entry, user, after: updated, week: window.week }, now);
      await appendLedger(
        tx,
        [
          {
            poolId: pool.id,
            entryId: entry.id,
            kind: 'rebuy',
            amount: -pool.rebuyPrice,
            week: window.week,
            createdBy: user.id,
          },
        ],
        now,
      );
      const label = formatEntryLabel(user.username, entry.entryNum);
      await postPoolEvent(
        tx,
        {
          poolId: pool.id,
          entryId: entry.id,
          userId: user.id,
          type: REBUY_FEED_TYPE,
          summary: `${label} rebought`,
          desc: `${label} bought back in before Week ${window.week} and keeps playing.`,
          link: poolPagePathIn(pool, league),
        },
        now,
      );
      return {
        league_id: league.id,
        league_season: pool.id,
        message: M.rebought,
        rebuys_made: updated.rebuysMade,
        week: window.week,
        charged: pool.rebuyPrice,
      };
    }),
  );
}

function bonusFlag(entry: EntryRecord): DeferredFlag {
  return { current: entry.bonus, prev: entry.bonusPrev, effWeek: entry.bonusEffWeek };
}

function autoRebuyFlag(entry: EntryRecord): DeferredFlag {
  return { current: entry.autoRebuy, prev: entry.autoRebuyPrev, effWeek: entry.autoRebuyEffWeek };
}

function bonusToggleCheck(pool: PoolRecord, entry: EntryRecord, liveWeek: number): ActionCheck {
  if (!hasBonusPool(pool.game)) return { ok: false, status: 409, message: M.noBonusForNfl };
  if (pool.final) return { ok: false, status: 409, message: M.concluded };
  const result = canToggleBonus({
    pool: {
      bonusActive: pool.bonusActive,
      bonusDisabled: pool.bonusDisabled,
      cadence: pool.bonusCadence,
      entryWeeks: pool.bonusEntryWeeks,
    },
    entry: { active: isActive(entry), eliminated: isEliminated(entry) },
    liveWeek,
    actor: 'owner',
  });
  return result.allowed ? { ok: true } : { ok: false, status: 409, message: result.message };
}

function autoRebuyToggleCheck(pool: PoolRecord, entry: EntryRecord, liveWeek: number): ActionCheck {
  if (pool.final) return { ok: false, status: 409, message: M.concluded };
  const result = canToggleAutoRebuy({
    poolRebuys: pool.rebuys,
    entry: { active: isActive(entry), eliminated: isEliminated(entry) },
    liveWeek,
  });
  return result.allowed ? { ok: true } : { ok: false, status: 409, message: result.message };
}

/** A setting the owner turns on or off from live week + 1: who may, where it lives, what it answers. */
interface DeferredSetting {
  check: (pool: PoolRecord, entry: EntryRecord, liveWeek: number) => ActionCheck;
  flag: (entry: EntryRecord) => DeferredFlag;
  columns: (next: DeferredFlag) => Partial<EntryRecord>;
  message: (on: boolean, effectiveWeek: number) => string;
  audit: EntrySwitch;
}

const BONUS_SETTING: DeferredSetting = {
  check: bonusToggleCheck,
  flag: bonusFlag,
  columns: (next) => ({ bonus: next.current, bonusPrev: next.prev, bonusEffWeek: next.effWeek }),
  message: (on, week) => (on ? M.bonusOn(week) : M.bonusOff(week)),
  audit: 'bonus',
};

const AUTO_REBUY_SETTING: DeferredSetting = {
  check: autoRebuyToggleCheck,
  flag: autoRebuyFlag,
  columns: (next) => ({ autoRebuy: next.current, autoRebuyPrev: next.prev, autoRebuyEffWeek: next.effWeek }),
  message: (on, week) => (on ? M.autoRebuyOn(week) : M.autoRebuyOff(week)),
  audit: 'auto_rebuy',
};

/** POST /user/toggleBonus: the owner joins or leaves the bonus pool from live week + 1, as the cadence allows. */
export function toggleBonus(ctx: AppContext, user: UserRow, body: ToggleBody): Promise<ToggleResponse> {
  return toggleSetting(ctx, user, body, BONUS_SETTING);
}

/** POST /user/toggleRebuys: the owner turns auto-rebuy on or off from live week + 1. */
export function toggleAutoRebuy(ctx: AppContext, user: UserRow, body: ToggleBody): Promise<ToggleResponse> {
  return toggleSetting(ctx, user, body, AUTO_REBUY_SETTING);
}

function toggleSetting(
  ctx: AppContext,
  user: UserRow,
  body: ToggleBody,
  setting: DeferredSetting,
): Promise<ToggleResponse> {
  const now = ctx.clock.now();
  return thenNotify(
    ctx,
    ctx.db.transaction(async (tx) => {
      const { entry, pool, league } = await loadOwnEntry(tx, body.userSeason, user, true);
      const liveWeek = liveWeekOf(pool, now);
      enforce(setting.check(pool, entry, liveWeek));
      if (flagForWeek(setting.flag(entry), liveWeek + 1) === body.bool) {
        // The switch already reads so from next week: a repeat (a double submit), answered as the first.
        return {
          league_id: league.id,
          league_season: pool.id,
          value: body.bool,
          effective_week: liveWeek + 1,
          message: setting.message(body.bool, liveWeek + 1),
        };
      }
      const next = changeFlag(setting.flag(entry), body.bool, liveWeek);
      await tx.update(entries).set(setting.columns(next)).where(eq(entries.id, entry.id));
      const audited = { setting: setting.audit, before: setting.flag(entry), after: next };
      await recordSwitchChange(tx, { pool, league, entry, user, ...audited }, now);
      return {
        league_id: league.id,
        league_season: pool.id,
        value: body.bool,
        effective_week: next.effWeek,
        message: setting.message(body.bool, next.effWeek),
      };
    }),
  );
}

function insuranceCheck(pool: PoolRecord, entry: EntryRecord, cost?: number): ActionCheck {
  return checkInsurance({
    pool,
    price: pool.insurance,
    active: isActive(entry),
    lives: entry.lives,
    purchased: entry.insurancePurchased,
    cost,
  });
}

/**
 * The first week an entry's insurance covers, from when it was bought (its ledger row's instant, which
 * the lock compares with each week's deadline). Insurance without a row covers the whole season.
 */
async function readInsuranceStartWeek(db: DbOrTx, pool: PoolRecord, entry: EntryRecord): Promise<number> {
  const [row] = await db
    .select({ boughtAt: sql<Date | string | null>`min(${ledger.createdAt})` })
    .from(ledger)
    .where(and(eq(ledger.poolId, pool.id), eq(ledger.entryId, entry.id), eq(ledger.kind, 'insurance')));
  if (!row?.boughtAt) return getInsuranceStartWeek(0, pool.startWeek);
  return getInsuranceStartWeek(liveWeekOf(pool, new Date(row.boughtAt)), pool.startWeek);
}

/**
 * POST /user/buyInsurance: the owner insures their picks for the rest of the season at the pool's
 * price (the cost sent must match it). Bought once: the update applies only while uninsured, and a
 * repeat (a double submit) answers as the first purchase did, from the week it covers. Bought after a
 * week's deadline, it covers the week after it, even while that week's lock is not written.
 */
export function buyInsurance(
  ctx: AppContext,
  user: UserRow,
  body: BuyInsuranceBody,
): Promise<BuyInsuranceResponse> {
  const now = ctx.clock.now();
  return thenNotify(
    ctx,
    ctx.db.transaction(async (tx) => {
      const { entry, pool, league } = await loadOwnEntry(tx, body.userSeason, user, true);
      if (entry.insurancePurchased) {
        return insuranceAnswer(pool, league, await readInsuranceStartWeek(tx, pool, entry));
      }
      enforce(insuranceCheck(pool, entry, body.cost));
      const effectiveWeek = getInsuranceStartWeek(liveWeekOf(pool, now), pool.startWeek);
      const [updated] = await tx
        .update(entries)
        .set({ insurancePurchased: true })
        .where(and(eq(entries.id, entry.id), eq(entries.insurancePurchased, false)))
        .returning({ id: entries.id });
      if (!updated) throw conflict(M.alreadyInsured);
      await recordInsurance(tx, { pool, league, entry, user }, now);
      await appendLedger(
        tx,
        [
          {
            poolId: pool.id,
            entryId: entry.id,
            kind: 'insurance',
            amount: -pool.insurance,
            createdBy: user.id,
          },
        ],
        now,
      );
      const label = formatEntryLabel(user.username, entry.entryNum);
      await postPoolEvent(
        tx,
        {
          poolId: pool.id,
          entryId: entry.id,
          userId: user.id,
          type: FEED_EVENT_TYPES.insurance,
          summary: `${label} bought pick insurance`,
          desc: `${label} insured their picks from Week ${effectiveWeek} for the rest of the season.`,
          link: poolPagePathIn(pool, league),
        },
        now,
      );
      return insuranceAnswer(pool, league, effectiveWeek);
    }),
  );
}

function insuranceAnswer(pool: PoolRecord, league: LeagueRow, effectiveWeek: number): BuyInsuranceResponse {
  return {
    league_id: league.id,
    league_season: pool.id,
    game: pool.game,
    season: pool.season,
    league_abb: league.abb,
    pool_idx: pool.poolIdx,
    season_type: pool.seasonType,
    message: M.insured(effectiveWeek),
    effective_week: effectiveWeek,
  };
}

const reasonOf = (check: ActionCheck) => (check.ok ? null : check.message);

/**
 * GET /api/entryActions/{entryId}: what the owner's Manage Your Entry card shows: each switch now
 * and from next week, whether it can be flipped (and why not), insurance, and the rebuy window.
 */
export async function getEntryActions(
  ctx: AppContext,
  user: UserRow,
  entryId: number,
): Promise<EntryActionsResponse> {
  const now = ctx.clock.now();
  const { entry, pool } = await loadOwnEntry(ctx.db, entryId, user, false);
  const liveWeek = liveWeekOf(pool, now);
  const bonus = bonusFlag(entry);
  const autoRebuy = autoRebuyFlag(entry);
  const bonusCheck = bonusToggleCheck(pool, entry, liveWeek);
  const autoCheck = autoRebuyToggleCheck(pool, entry, liveWeek);
  const insurance = insuranceCheck(pool, entry);
  const insuredFrom = entry.insurancePurchased
    ? await readInsuranceStartWeek(ctx.db, pool, entry)
    : getInsuranceStartWeek(liveWeek, pool.startWeek);
  const needed = entry.needsRebuy && isActive(entry) && !isEliminated(entry);
  const window = needed ? await loadRebuyWindow(ctx.db, pool, entry, now) : null;
  const rebuy = window ? rebuyCheck(pool, entry, window, now) : null;
  const cadence = normalizeBonusCadence(pool.bonusCadence);
  return {
    entry_id: entry.id,
    live_week: liveWeek,
    bonus: {
      offered: hasBonusPool(pool.game) && pool.bonusActive && !pool.bonusDisabled,
      now: flagForWeek(bonus, liveWeek),
      next: flagForWeek(bonus, liveWeek + 1),
      effective_week: liveWeek + 1,
      can_toggle: bonusCheck.ok,
      reason: reasonOf(bonusCheck),
      cadence_label: BONUS_CADENCE_LABELS[cadence],
    },
    auto_rebuy: {
      offered: pool.rebuys > 0,
      now: flagForWeek(autoRebuy, liveWeek),
      next: flagForWeek(autoRebuy, liveWeek + 1),
      effective_week: liveWeek + 1,
      can_toggle: autoCheck.ok,
      reason: reasonOf(autoCheck),
    },
    insurance: {
      offered: isInsuranceOffered(pool),
      price: pool.insurance,
      purchased: entry.insurancePurchased,
      effective_week: insuredFrom,
      can_buy: insurance.ok,
      reason: reasonOf(insurance),
    },
    rebuy: {
      needed,
      price: pool.rebuyPrice,
      week: window?.week ?? null,
      deadline: window?.lockAt?.toISOString() ?? null,
      can_rebuy: rebuy?.ok ?? false,
      reason: rebuy ? reasonOf(rebuy) : null,
    },
  };
}

/** An action's answer once its transaction committed, after telling the pool's open pages. */
async function thenNotify<T extends { league_season: number }>(
  ctx: AppContext,
  work: Promise<T>,
): Promise<T> {
  const answer = await work;
  notifyPoolChanged(ctx, answer.league_season, 'money');
  return answer;
}
