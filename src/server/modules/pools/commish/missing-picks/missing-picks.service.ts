import { sql } from 'drizzle-orm';
import { pageOffset } from '../../../../../core/contracts/paging';
import {
  MISSING_PICKS_MESSAGES as M,
  MISSING_PICKS_MAX_OFFSET,
  type MissingPicksQuery,
  type MissingPicksResponse,
  NUDGE_INTERVAL_MINUTES,
  type NudgeBody,
  type NudgeResponse,
  type NudgeState,
} from '../../../../../core/contracts/pools';
import { poolPagePathIn } from '../../../../../core/pool/identity';
import type { AppContext } from '../../../../context';
import type { UserRow } from '../../../../db/schema';
import { AppError, badRequest, conflict } from '../../../../lib/errors';
import { publicUrl } from '../../../../lib/public-url';
import { lockPoolForCommish, requirePoolCommish } from '../../access/pool-access';
import { findPoolOpenWeek, owesPickCondition, owesPickOfPool, picksAsked } from '../../store/owed-picks.repo';
import { readOwingCount } from '../../store/owing-count.repo';
import { recordPoolAudits } from '../../store/pool-audits.repo';
import { countPoolEntries, entryLabel, pagePoolEntries } from '../../store/pool-entries.repo';
import { loadPoolWeeks } from '../../store/pool-weeks.repo';
import {
  countOwing,
  countWeekPicks,
  NUDGE_ACTION,
  type NudgeRecord,
  readLastNudge,
  streamOwingPlayers,
} from './missing-picks.repo';
import { buildNudgeMail, type NudgeMailContext } from './nudge-mail';

const NUDGE_INTERVAL_MS = NUDGE_INTERVAL_MINUTES * 60 * 1000;
/** Entries read per statement while a nudge walks the pool. */
export const NUDGE_BATCH_SIZE = 2_000;
/** Mails handed to the mailer at once. */
const MAIL_CONCURRENCY = 8;

/** A second nudge within the hour: 429 with the seconds to wait (the route sends them as Retry-After). */
export class NudgeTooSoon extends AppError {
  constructor(readonly waitSeconds: number) {
    super(429, M.tooSoon(Math.max(1, Math.ceil(waitSeconds / 60))));
  }
}

/** Seconds until the pool may be nudged again after `record`, on the wall clock (0: now). */
function secondsToWait(record: NudgeRecord | undefined, wallNow: Date): number {
  if (!record) return 0;
  const next = new Date(record.sent_at).getTime() + NUDGE_INTERVAL_MS;
  return Math.max(0, Math.ceil((next - wallNow.getTime()) / 1000));
}

function nudgeState(ctx: AppContext, last: Awaited<ReturnType<typeof readLastNudge>>): NudgeState {
  return {
    last_sent_at: last ? last.createdAt.toISOString() : null,
    wait_seconds: secondsToWait(last?.record, ctx.wallClock.now()),
  };
}

/**
 * GET /api/pools/{poolId}/commish/missingPicks?page=&pageSize=&q= (league admins): one page of the entries that
 * owe a pick for the pool's open week, searched by username, counted in SQL, paged as the entrants lists are
 * (name order up to 10,000 matches, then sign-up order along the (pool_id, status, slot) index; a big pool's
 * unsearched list always in sign-up order) down to the first MISSING_PICKS_MAX_OFFSET entries. Each row says
 * whether the entry picked, never what: lives, insurance and, for nfl-td, how many of its picks it made.
 */
export async function getMissingPicks(
  ctx: AppContext,
  poolId: number,
  query: MissingPicksQuery,
  viewer: UserRow | null,
): Promise<MissingPicksResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const paging = { page: query.page, pageSize: query.pageSize };
  const nudge = nudgeState(ctx, await readLastNudge(ctx.db, pool.id));
  const open = findPoolOpenWeek(await loadPoolWeeks(ctx.db, pool), ctx.clock.now());
  if (!open) {
    const picks_per_week = picksAsked(pool, 1);
    return { week: null, deadline: null, picks_per_week, rows: [], ...paging, total: 0, nudge };
  }
  const needed = picksAsked(pool, open.week);
  const options = {
    ...paging,
    q: query.q,
    countedOnly: true,
    where: owesPickCondition(open.week, needed),
  };
  // A big pool's unsearched count is kept and served at once, counted again in the background (owing-count.repo.ts);
  // a search is counted afresh, one probe of its few entries' picks each.
  const counted = query.q
    ? { total: await countPoolEntries(ctx.db, pool.id, options), big: false }
    : await readOwingCount(ctx.db, pool.id, open.week, needed);
  const { total } = counted;
  // Skipping owing entries costs a look at each one's picks: a page deeper than the first 10,000 is refused
  // (a search reaches any entry), as the payments list does, rather than skipping a million of them.
  if (pageOffset(query) >= MISSING_PICKS_MAX_OFFSET && total > MISSING_PICKS_MAX_OFFSET)
    throw badRequest(M.tooDeep);
  // A big pool's unsearched list is in sign-up order however few owe: a page probes entries from the first
  // slot on and stops at its last row, where a name order would probe every entry of the pool.
  const named = await pagePoolEntries(ctx.db, pool.id, { ...options, signUpOrder: counted.big }, total);
  const held = await countWeekPicks(
    ctx.db,
    named.map(({ entry }) => entry.id),
    open.week,
  );
  return {
    week: open.week,
    deadline: open.lockAt.toISOString(),
    picks_per_week: needed,
    rows: named.map(({ entry, username }) => ({
      entry_id: entry.id,
      username,
      entry_num: entry.entryNum,
      label: entryLabel(username, entry.entryNum),
      lives: entry.lives,
      insured: entry.insurancePurchased,
      picks_made: held.get(entry.id) ?? 0,
    })),
    ...paging,
    total,
    nudge,
  };
}

/**
 * POST /api/pools/{poolId}/commish/nudge (league admins): e-mails the owner of every entry that owes a pick for
 * the open week, one mail per player listing their entries (outbox without SMTP). At most once an hour per pool
 * on the wall clock: the claim (the pool's row locked, the last nudge read, this one's audit row and its pushes
 * written) is its own transaction, so racing nudges send once; the mails go after it, the pool walked in batches.
 * A repeat of the same request (its `request_key`) within the hour answers the first one's result and sends
 * nothing; any other nudge within the hour is refused (429) with the wait. Players' reminder settings do not
 * apply: this is the commissioner's own message.
 */
export async function nudgeMissingPicks(
  ctx: AppContext,
  poolId: number,
  body: NudgeBody,
  viewer: UserRow,
): Promise<NudgeResponse> {
  const { pool, league } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const now = ctx.clock.now();
  const requestKey = body.request_key ?? null;

  const repeatOrRefuse = (last: Awaited<ReturnType<typeof readLastNudge>>): NudgeResponse | null => {
    if (!last) return null;
    const wait = secondsToWait(last.record, ctx.wallClock.now());
    if (wait === 0) return null;
    if (requestKey !== null && last.record.request_key === requestKey) {
      const { week, entries, players } = last.record;
      return {
        message: M.sent(players, entries, week),
        week,
        entries,
        players,
        failed: 0,
        repeat: true,
        nudge: nudgeState(ctx, last),
      };
    }
    throw new NudgeTooSoon(wait);
  };
  // Checked before counting the pool, so a refused nudge costs one read.
  const early = repeatOrRefuse(await readLastNudge(ctx.db, pool.id));
  if (early) return early;

  const open = findPoolOpenWeek(await loadPoolWeeks(ctx.db, pool), now);
  if (!open) throw conflict(M.noOpenWeek);
  const needed = picksAsked(pool, open.week);
  const owing = await countOwing(ctx.db, pool.id, open.week, needed);
  if (owing.entries === 0) throw conflict(M.everyoneHasPicked(open.week));

  const claimed = await ctx.db.transaction(async (tx) => {
    await lockPoolForCommish(tx, pool.id, viewer);
    const repeat = repeatOrRefuse(await readLastNudge(tx, pool.id));
    if (repeat) return repeat;
    const record: NudgeRecord = {
      week: open.week,
      sent_at: ctx.wallClock.now().toISOString(),
      request_key: requestKey,
      entries: owing.entries,
      players: owing.players,
    };
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: NUDGE_ACTION,
          summary: `Nudge: e-mailed ${owing.players} player(s) of ${owing.entries} entr${owing.entries === 1 ? 'y' : 'ies'} without a Week ${open.week} pick`,
          newValue: record,
        },
      ],
      now,
    );
    // The players' devices that take nudges get a push too, sent by the next push pass (decision 042):
    // queued with the claim, so a nudge claimed is never without its pushes (an instance dying after the
    // claim would otherwise leave them unsent, and the hour's claim would refuse a second nudge).
    await tx.execute(sql`
      insert into push_queue (user_id, kind, pool_id, week, entry_id, detail, lock_at, created_at)
      select e.user_id, 'nudge', e.pool_id, ${open.week}, e.id, ${viewer.username}, ${open.lockAt.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz
      from entries e
      where e.pool_id = ${pool.id} and ${owesPickOfPool(pool.id, open.week, needed, 'e')}
        and exists (select 1 from push_subscriptions s where s.user_id = e.user_id and s.nudges)
      on conflict do nothing`);
    return null;
  });
  if (claimed) return claimed;

  const mail: NudgeMailContext = {
    poolName: pool.customName?.trim() || `${pool.gameName} ${pool.season}`,
    leagueName: league.name,
    week: open.week,
    lockAt: open.lockAt,
    needed,
    makePicksUrl: `${publicUrl(ctx.config)}${poolPagePathIn(pool, league)}/makepicks`,
    commissioner: viewer.username,
  };
  let sent = 0;
  let failed = 0;
  let entriesSent = 0;
  await streamOwingPlayers(
    ctx.db,
    { poolId: pool.id, week: open.week, needed, batchSize: NUDGE_BATCH_SIZE },
    async (players) => {
      // One bad address or a refusing server does not stop the rest; a few mails go at once.
      for (let i = 0; i < players.length; i += MAIL_CONCURRENCY) {
        const chunk = players.slice(i, i + MAIL_CONCURRENCY);
        const outcomes = await Promise.allSettled(
          chunk.map((player) => ctx.mailer.send(buildNudgeMail(player, mail))),
        );
        outcomes.forEach((outcome, k) => {
          if (outcome.status === 'fulfilled') {
            sent += 1;
            entriesSent += chunk[k].entries.length;
          } else failed += 1;
        });
      }
    },
  );
  return {
    message: M.sent(sent, entriesSent, open.week),
    week: open.week,
    entries: entriesSent,
    players: sent,
    failed,
    repeat: false,
    nudge: { last_sent_at: now.toISOString(), wait_seconds: NUDGE_INTERVAL_MINUTES * 60 },
  };
}
