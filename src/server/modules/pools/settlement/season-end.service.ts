import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { FEED_EVENT_TYPES } from '../../../../core/contracts/pools';
import { formatDollars } from '../../../../core/money';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { poolPagePathIn } from '../../../../core/pool/identity';
import {
  type Crowning,
  CrowningSchema,
  describeEnd,
  type EndRule,
  endGroupOfOutcome,
  type WeekEnd,
  type WeekEntryOutcome,
  type Wipeout,
  WipeoutSchema,
} from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { entries, leagues, poolEnds, pools, users } from '../../../db/schema';
import { postPoolEvent } from '../feed/feed.service';
import { notifyPoolChanged } from '../live/notify';
import { appendLedgerOfOwnEntries } from '../store/ledger.repo';
import { recordPoolAudits } from '../store/pool-audits.repo';
import { entryLabel } from '../store/pool-entries.repo';
import { loadPrizeMoney } from '../store/prize-money.repo';
import { rankChangeOfPool } from '../store/rank-versions.repo';

// The season's end on the server (spec 4, part 2; decision 039). The judging transaction of a week takes
// the end rule's verdict on the week's outcomes (core/season/week-end.ts): a revive goes into the stored
// outcomes, a decision into a pool_ends row with its champions by slot. Crowning takes that row, crowns
// set-based and marks the row crowned in one transaction of its own: run by the settlement pass for an
// automatic pool (again on the next pass if an instance died in between), or by the commissioner's button.

/** How many champions' names the pool keeps for its pages (the count is pool_ends.champions). */
const NAMED_CHAMPIONS = 100;

/** The pool's end rule as stored; a value the app does not know reads as the default of its column. */
export function storedEndRule(pool: Pick<PoolRecord, 'endWipeout' | 'endCrowning'>): {
  end_wipeout: Wipeout;
  end_crowning: Crowning;
} {
  return {
    end_wipeout: WipeoutSchema.catch('split').parse(pool.endWipeout),
    end_crowning: CrowningSchema.catch('commissioner').parse(pool.endCrowning),
  };
}

/** The end rule the rules engine takes. */
export function endRuleOf(pool: Pick<PoolRecord, 'endWipeout' | 'endCrowning'>): EndRule {
  return { wipeout: storedEndRule(pool).end_wipeout };
}

/**
 * The end rule that judges the pool's next week: none once it decided the pool (which plays on without it,
 * waiting for its commissioner's crowning).
 */
export async function endRuleInForce(db: DbOrTx, pool: PoolRecord): Promise<EndRule | null> {
  return (await readPoolEnd(db, pool.id)) ? null : endRuleOf(pool);
}

/** Whether the end rule already decided the pool (its verdict stands until it is crowned or re-judged). */
export async function readPoolEnd(db: DbOrTx, poolId: number) {
  const [row] = await db.select().from(poolEnds).where(eq(poolEnds.poolId, poolId));
  return row ?? null;
}

/**
 * Records the end rule's verdict on a judged week, in the judging transaction: a decision's row (its
 * champions one byte per slot), or a revive's news and audit. Answers whether the pool is now decided.
 */
export async function recordWeekEnd(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  end: WeekEnd,
  slots: readonly number[],
  at: Date,
): Promise<boolean> {
  if (end.verdict.kind === 'play-on') return false;
  const reason = describeEnd(end.verdict, week, end.named);
  const automatic = storedEndRule(pool).end_crowning === 'automatic';
  if (end.verdict.kind === 'wipeout-revive') {
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        type: FEED_EVENT_TYPES.alert,
        summary: 'Everyone is back in',
        desc: `Every entry still in lost in Week ${week}: by the pool's end rule, ${reason.replace(/^wipeout in week \d+: /, '')}.`,
      },
      at,
    );
    await recordPoolAudits(
      tx,
      pool.id,
      null,
      [{ action: 'end_rule', summary: `End rule: ${reason}`, newValue: { week, kind: end.verdict.kind } }],
      at,
    );
    return false;
  }
  await tx
    .insert(poolEnds)
    .values({
      poolId: pool.id,
      week,
      kind: end.verdict.kind,
      reason,
      champions: end.named,
      championSlots: championBytes(end, slots),
      decidedAt: at,
    })
    .onConflictDoNothing();
  await recordPoolAudits(
    tx,
    pool.id,
    null,
    [
      {
        action: 'end_rule',
        summary: `End rule: ${reason}${automatic ? '' : '; the commissioner crowns the champions'}`,
        newValue: { week, kind: end.verdict.kind, champions: end.named },
      },
    ],
    at,
  );
  return true;
}

/**
 * After a re-judging: an uncrowned decision is replaced by what the corrected weeks decide (or dropped);
 * a crowned one stands, and is marked corrected when the weeks would now decide otherwise.
 */
export async function rejudgeEnd(
  tx: DbOrTx,
  pool: PoolRecord,
  standing: Awaited<ReturnType<typeof readPoolEnd>>,
  decision: { week: number; end: WeekEnd; slots: readonly number[] } | null,
  now: Date,
): Promise<void> {
  if (!standing && !decision) return;
  const reason = decision ? describeEnd(decision.end.verdict, decision.week, decision.end.named) : null;
  const slots = decision ? championBytes(decision.end, decision.slots) : null;
  const same =
    standing !== null &&
    decision !== null &&
    slots !== null &&
    decision.week === standing.week &&
    decision.end.verdict.kind === standing.kind &&
    Buffer.compare(trimmed(slots), trimmed(Buffer.from(standing.championSlots))) === 0;
  if (same) return;
  if (standing?.crownedAt) {
    await tx.update(poolEnds).set({ correctedAt: now }).where(eq(poolEnds.poolId, pool.id));
    return;
  }
  if (standing) await tx.delete(poolEnds).where(eq(poolEnds.poolId, pool.id));
  if (decision && reason) {
    await tx.insert(poolEnds).values({
      poolId: pool.id,
      week: decision.week,
      kind: decision.end.verdict.kind,
      reason,
      champions: decision.end.named,
      championSlots: slots ?? Buffer.alloc(0),
      decidedAt: now,
    });
  }
  await recordPoolAudits(
    tx,
    pool.id,
    null,
    [
      {
        action: 'end_rule',
        summary: reason
          ? `End rule after a corrected result: ${reason}`
          : 'End rule: a corrected result undid its decision',
        oldValue: standing ? { week: standing.week, reason: standing.reason } : null,
        newValue: decision ? { week: decision.week, reason } : null,
      },
    ],
    now,
  );
}

/** A champions' byte string without its trailing zeros: two of different lengths can name the same slots. */
function trimmed(bytes: Buffer): Buffer {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

/** How long after its crowning a pool's results are still watched for corrections. */
const WATCH_AFTER_CROWNING_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Crowned pools settle nothing more, and nothing is undone automatically: a result corrected after the
 * crowning (a recently crowned pool's settled weeks no longer match their results) marks the decision
 * corrected, which Commish's Desk tells the commissioner.
 */
export async function markCorrectionsAfterCrowning(
  ctx: AppContext,
  isCorrected: (pool: PoolRecord) => Promise<boolean>,
): Promise<number[]> {
  const since = new Date(ctx.clock.now().getTime() - WATCH_AFTER_CROWNING_MS);
  const watched = await ctx.db
    .select({ pool: pools })
    .from(pools)
    .innerJoin(poolEnds, eq(poolEnds.poolId, pools.id))
    .where(and(eq(pools.final, true), isNull(poolEnds.correctedAt), gte(poolEnds.crownedAt, since)));
  const marked: number[] = [];
  for (const { pool } of watched) {
    if (!(await isCorrected(pool))) continue;
    await ctx.db.update(poolEnds).set({ correctedAt: ctx.clock.now() }).where(eq(poolEnds.poolId, pool.id));
    notifyPoolChanged(ctx, pool.id, 'standings');
    marked.push(pool.id);
  }
  return marked;
}

/** The champions of a decided week, one byte per slot (1 for a champion). */
function championBytes(end: WeekEnd, slots: readonly number[]): Buffer {
  const size = slots.reduce((max, slot) => Math.max(max, slot + 1), 0);
  const bytes = Buffer.alloc(size);
  const inGroup = new Map<WeekEntryOutcome, boolean>();
  end.outcomes.forEach((outcome, i) => {
    let named = inGroup.get(outcome);
    if (named === undefined) {
      named = endGroupOfOutcome(outcome) === end.group;
      inGroup.set(outcome, named);
    }
    if (named) bytes[slots[i]] = 1;
  });
  return bytes;
}

/**
 * Crowns the champions the end rule named, once: the pool's prizes left are split evenly among them in
 * cents (the first ones by entry order take the odd cents), everyone else drops to 0 lives, the pool
 * turns final, with news and audit. Set-based: the champions are a byte string, one parameter. False
 * when there is nothing to crown (no decision, already crowned, or crowned by hand meanwhile).
 */
export async function crownPoolEnd(
  ctx: AppContext,
  poolId: number,
  by: { id: number } | null,
): Promise<boolean> {
  const now = ctx.clock.now();
  const crowned = await ctx.db.transaction(async (tx) => {
    // The decision's row first, then the pool's (as the commissioner's crowning locks it): a second
    // crowning, a second instance's pass or the commissioner's button waits here and then finds it done.
    const [end] = await tx.select().from(poolEnds).where(eq(poolEnds.poolId, poolId)).for('update');
    if (!end || end.crownedAt) return false;
    const [found] = await tx
      .select({ pool: pools, league: leagues })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(eq(pools.id, poolId))
      .for('update', { of: pools });
    if (!found) return false;
    const { pool, league } = found;
    if (pool.final) {
      // The commissioner crowned by hand in Manage Entrants: the decision is settled.
      await tx.update(poolEnds).set({ crownedAt: now }).where(eq(poolEnds.poolId, poolId));
      return false;
    }
    await tx.execute(sql`select set_config('work_mem', '128MB', true), set_config('jit', 'off', true)`);
    const money = await loadPrizeMoney(tx, pool, []);
    const count = Math.max(1, end.champions);
    const base = Math.floor(money.remaining / count);
    const extra = money.remaining - base * count;
    const bytes = sql`(select ${sql.param(Buffer.from(end.championSlots))}::bytea as b)`;
    const champion = sql`e.slot >= 0 and e.slot < length(k.b) and get_byte(k.b, e.slot) = 1
      and e.status = ${ENTRY_STATUS.active}`;
    // The champions in entry order, once (a million of them are numbered by one sort, not two).
    await tx.execute(sql`
      create temporary table crowned_champions on commit drop as
      select e.id, e.pool_id, row_number() over (order by e.id) as rn
      from entries e, ${bytes} as k where e.pool_id = ${poolId} and ${champion}`);
    // Its size known to the planner, so the joins below hash rather than probe a million times.
    await tx.execute(sql`analyze crowned_champions`);
    const award = sql`(${base}::bigint + case when c.rn <= ${extra} then 1 else 0 end)`;
    if (money.remaining > 0) {
      await appendLedgerOfOwnEntries(
        tx,
        sql`insert into ledger (pool_id, entry_id, kind, amount, notes, created_by, created_at)
          select c.pool_id, c.id, 'prize', ${award}, 'Champion', ${by?.id ?? null}::int, ${now.toISOString()}::timestamptz
          from crowned_champions as c where ${award} > 0`,
      );
    }
    await rankChangeOfPool(tx, poolId);
    // The version set here: its trigger would run once per entry of a big pool otherwise.
    await tx.execute(sql`
      update entries e set prizes = e.prizes + ${award}, final_rank = 1, version = e.version + 1
      from crowned_champions as c where e.id = c.id`);
    await tx.execute(sql`
      update entries e set lives = 0, needs_rebuy = false, version = e.version + 1
      where e.pool_id = ${poolId} and (e.lives > 0 or e.needs_rebuy)
        and not exists (select 1 from crowned_champions c where c.id = e.id)`);
    const named = await tx
      .select({ username: users.username, entryNum: entries.entryNum })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(entries.poolId, poolId), eq(entries.finalRank, 1)))
      .orderBy(asc(entries.id))
      .limit(NAMED_CHAMPIONS);
    const labels = named.map((row) => entryLabel(row.username, row.entryNum));
    await tx.update(pools).set({ final: true, champions: labels }).where(eq(pools.id, poolId));
    await tx.update(poolEnds).set({ crownedAt: now }).where(eq(poolEnds.poolId, poolId));

    const who =
      end.champions === 1
        ? `${labels[0] ?? 'One entry'} is the champion!`
        : `${end.champions.toLocaleString('en-US')} co-champions!`;
    const prize =
      money.remaining > 0
        ? ` ${end.champions === 1 ? 'The champion receives' : 'They split'} ${formatDollars(money.remaining)} of prizes.`
        : '';
    await postPoolEvent(
      tx,
      {
        poolId,
        userId: by?.id ?? null,
        type: FEED_EVENT_TYPES.alert,
        summary: who,
        desc: `By the pool's end rule (${end.reason}), ${pool.gameName} ${pool.season} is over.${prize}`,
        link: poolPagePathIn(pool, league),
      },
      now,
    );
    await recordPoolAudits(
      tx,
      poolId,
      by,
      [
        {
          action: 'champions',
          summary: `Crowned by the end rule (${end.reason}); ${formatDollars(money.remaining)} awarded; the pool is final`,
          oldValue: { final: false, remaining: money.remaining },
          newValue: { final: true, champions: end.champions, named: labels.slice(0, 10) },
        },
      ],
      now,
    );
    return true;
  });
  if (crowned) {
    notifyPoolChanged(ctx, poolId, 'standings');
    notifyPoolChanged(ctx, poolId, 'money');
    notifyPoolChanged(ctx, poolId, 'feed');
  }
  return crowned;
}
