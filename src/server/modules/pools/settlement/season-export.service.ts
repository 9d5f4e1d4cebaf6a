import { and, asc, between, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { picksPlayers } from '../../../../core/games';
import { groupBy } from '../../../../core/group-by';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { type Scenario, ScenarioSchema } from '../../../../core/season';
import type { AppContext } from '../../../context';
import { rowsOf } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import type { PoolRecord, UserRow } from '../../../db/schema';
import { bonusEvents, entries, nflPlayers, picks, poolWeeks, users } from '../../../db/schema';
import { conflict, forbidden } from '../../../lib/errors';
import { requirePoolAccess } from '../access/pool-access';
import { readSlotRangeKinds } from '../store/entry-weeks.repo';
import { storedNflRules } from '../store/nfl-survivor-rules';
import { loadWeekGames, loadWeekPlayerStats, recordWeekTeams } from './week-facts.repo';

/** Who may download a pool's season: its league's admins (it holds every pick of the settled weeks). */
export const EXPORT_MESSAGES = {
  adminsOnly: "Only the league's commissioners can download the pool's season.",
  commishPick: (entry: string, pick: string, week: number) =>
    `This season cannot be written as a scenario: the commissioner's pick ${pick} for ${entry} in week ${week} breaks a rule the scenario format checks (a team used twice, or without a game that week).`,
} as const;

/** Entries read, turned into JSON and written per batch: the export never holds more than one. */
export const EXPORT_BATCH = 10_000;

/**
 * GET /api/pools/{poolId}/scenario: the pool's season so far as a scenario of `npm run simulate`
 * (docs/SIMULATE.md). Only settled weeks go in, so no pick of an open week leaves the server; the
 * command run on it reports the pool's standings (lives, status, weeks alive, bonus money, prize pool).
 *
 * The checks (access, the commissioner's rule-breaking picks) run before this returns, so a refusal is
 * a proper error answer; what it returns is the JSON text in pieces, written as the reply goes out.
 */
export async function exportPoolScenario(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow,
  batchSize = EXPORT_BATCH,
): Promise<AsyncGenerator<string>> {
  const { pool, isCommish } = await requirePoolAccess(ctx.db, { poolId }, viewer);
  if (!isCommish) throw forbidden(EXPORT_MESSAGES.adminsOnly);
  const head = await readScenarioHead(ctx, pool);
  await refuseRuleBreakingCommishPicks(ctx, pool, head);
  return writeScenario(ctx, pool, head, batchSize);
}

/** What the scenario holds before its entries: the pool, its settled weeks and the players picked. */
interface ScenarioHead {
  pool: Scenario['pool'];
  weeks: Scenario['weeks'];
  players: Scenario['players'];
  isNfl: boolean;
}

async function readScenarioHead(ctx: AppContext, pool: PoolRecord): Promise<ScenarioHead> {
  const db = ctx.db;
  const settled = await db
    .select()
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, pool.id), isNotNull(poolWeeks.settledAt)))
    .orderBy(asc(poolWeeks.week));
  const isNfl = picksPlayers(pool.game);
  const nflRules = storedNflRules(pool);

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
      odds: {},
    });
  }
  // The players picked by counted entries in settled weeks: distinct in SQL, a few hundred at most
  // (bounded by the league's players, not by the pool), then read as before.
  const playerIds =
    isNfl && weeks.length > 0
      ? (
          await db
            .selectDistinct({ id: picks.pickId })
            .from(picks)
            .where(
              and(
                inArray(picks.entryId, countedEntries(ctx, pool.id)),
                sql`${picks.week} = any(${intArray(weeks.map((week) => week.week))})`,
              ),
            )
        ).map((row) => row.id)
      : [];
  const players =
    playerIds.length === 0
      ? []
      : await db
          .select({ id: nflPlayers.id, team: nflPlayers.teamAbb, position: nflPlayers.position })
          .from(nflPlayers)
          .where(inArray(nflPlayers.id, playerIds));
  return {
    pool: {
      game: pool.game as 'nba' | 'mlb' | 'nfl-td' | 'nfl',
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
      // The classic NFL game's settings (spec 4, part 1), at their defaults for the other games. Its
      // auto-picks were made at the lock and are exported as the entries' picks.
      tie_rule: nflRules.tie_rule,
      picks_per_week: nflRules.picks_per_week,
      auto_pick: false,
    },
    players,
    weeks,
    isNfl,
  };
}

/** The pool's counted entries, as a subquery: a list of a big pool's ids would pass the protocol's parameters. */
function countedEntries(ctx: AppContext, poolId: number) {
  return ctx.db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.poolId, poolId), eq(entries.status, ENTRY_STATUS.active)));
}

/**
 * The scenario's JSON text, in the key order and with the defaults of ScenarioSchema (as the reply's
 * serializer wrote the whole object): the head, then the entries a batch at a time, by entry id.
 */
async function* writeScenario(
  ctx: AppContext,
  pool: PoolRecord,
  head: ScenarioHead,
  batchSize: number,
): AsyncGenerator<string> {
  const poolJson = JSON.stringify(ScenarioSchema.shape.pool.parse(head.pool));
  const playersJson = JSON.stringify(ScenarioSchema.shape.players.parse(head.players));
  const weeksJson = JSON.stringify(ScenarioSchema.shape.weeks.parse(head.weeks));
  yield `{"pool":${poolJson},"players":${playersJson},"weeks":${weeksJson},"entries":[`;
  const kinds = await readKinds(ctx, pool.id);
  const read = (after: number) => {
    const pending = readEntryBatch(ctx, pool, head, kinds, after, batchSize);
    // Read ahead while the batch before is written; a reply given up on leaves it unawaited.
    pending.catch(() => undefined);
    return pending;
  };
  let next: ReturnType<typeof read> | null = read(0);
  let first = true;
  while (next) {
    const batch: Awaited<ReturnType<typeof read>> = await next;
    if (batch.entries.length === 0) break;
    next = batch.entries.length < batchSize ? null : read(batch.lastId);
    // Each entry is built with every key of ScenarioEntrySchema in its order and no default left to
    // fill, so its JSON is what the schema's output gives (the tests check the whole document).
    const pieces = batch.entries.map((entry) => JSON.stringify(entry));
    yield (first ? '' : ',') + pieces.join(',');
    first = false;
  }
  yield `],"seed":${JSON.stringify(pool.id)}}`;
}

/** Every locked week's entry-week kinds and byte-string length, by week (a few hundred kinds a week). */
async function readKinds(ctx: AppContext, poolId: number): Promise<Map<number, Map<number, EntryWeekKind>>> {
  const rows = rowsOf<KindRow>(
    await ctx.db.execute(sql`
      select k.week, k.kind, k.in_bonus, k.auto_rebuy, k.rebuys_bought, k.result, k.status
      from entry_week_kinds k join pool_weeks pw on pw.pool_id = k.pool_id and pw.week = k.week
      where k.pool_id = ${poolId}`),
  );
  const byWeek = new Map<number, Map<number, EntryWeekKind>>();
  for (const row of rows) {
    const week = Number(row.week);
    const of = byWeek.get(week) ?? new Map<number, EntryWeekKind>();
    of.set(Number(row.kind), {
      inBonus: row.in_bonus,
      autoRebuy: row.auto_rebuy,
      rebuysBought: Number(row.rebuys_bought),
      result: row.result,
      status: row.status,
    });
    byWeek.set(week, of);
  }
  return byWeek;
}

interface KindRow {
  week: number;
  kind: number;
  in_bonus: boolean;
  auto_rebuy: boolean;
  rebuys_bought: number;
  result: string | null;
  status: string | null;
}

/** The parts of an entry week the scenario writes. */
type EntryWeekKind = {
  inBonus: boolean;
  autoRebuy: boolean;
  rebuysBought: number;
  result: string | null;
  status: string | null;
};

/** One batch of counted entries after entry id `after`, with their picks and judged weeks, as scenario entries. */
async function readEntryBatch(
  ctx: AppContext,
  pool: PoolRecord,
  head: ScenarioHead,
  kinds: ReadonlyMap<number, ReadonlyMap<number, EntryWeekKind>>,
  after: number,
  batchSize: number,
): Promise<{ entries: Scenario['entries']; lastId: number }> {
  const db = ctx.db;
  const rows = await db
    .select({
      id: entries.id,
      slot: entries.slot,
      entryNum: entries.entryNum,
      insured: entries.insurancePurchased,
      username: users.username,
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(entries.poolId, pool.id), eq(entries.status, ENTRY_STATUS.active), gt(entries.id, after)))
    .orderBy(asc(entries.id))
    .limit(batchSize);
  if (rows.length === 0) return { entries: [], lastId: after };
  const lastId = rows[rows.length - 1].id;
  const weekNumbers = head.weeks.map((week) => week.week);
  // The batch is every counted entry of the pool from its first id to its last: its picks are an index
  // range of both tables, not a probe per id.
  const firstId = rows[0].id;
  const pickRows =
    weekNumbers.length === 0
      ? []
      : await db
          .select({ entryId: picks.entryId, week: picks.week, pickId: picks.pickId })
          .from(picks)
          .innerJoin(
            entries,
            and(
              eq(entries.id, picks.entryId),
              eq(entries.poolId, pool.id),
              eq(entries.status, ENTRY_STATUS.active),
              between(entries.id, firstId, lastId),
            ),
          )
          .where(
            and(between(picks.entryId, firstId, lastId), sql`${picks.week} = any(${intArray(weekNumbers)})`),
          )
          .orderBy(asc(picks.id));
  const picksOf = groupBy(pickRows, (pick) => pick.entryId);

  // The batch's part of each locked week's byte string (its slot range), not the whole of it.
  let low = Number.POSITIVE_INFINITY;
  let high = -1;
  for (const row of rows) {
    if (row.slot < 0) continue;
    low = Math.min(low, row.slot);
    high = Math.max(high, row.slot);
  }
  const kindOf = high < 0 ? () => 0 : await readSlotRangeKinds(db, pool.id, { first: low, last: high });
  const weeks = [...kinds.keys()].sort((a, b) => a - b);

  const out: Scenario['entries'] = rows.map((entry) => {
    const own: (EntryWeekKind & { week: number })[] = [];
    for (const week of weeks) {
      const n = entry.slot < 0 ? 0 : kindOf(week, entry.slot);
      const kind = n === 0 ? undefined : kinds.get(week)?.get(n);
      if (kind && kind.result !== null) own.push({ ...kind, week });
    }
    const ownPicks: Record<string, string | string[]> = {};
    for (const pick of picksOf.get(entry.id) ?? []) {
      const key = String(pick.week);
      if (head.isNfl || (head.pool.game === 'nfl' && (head.pool.picks_per_week[key] ?? 1) > 1))
        ownPicks[key] = [...((ownPicks[key] as string[] | undefined) ?? []), pick.pickId];
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
      id: entryLabel(entry.username, entry.entryNum),
      auto_rebuy: autoAlways,
      insured: entry.insured,
      picks: ownPicks,
      rebuy_before_weeks: rebuyBefore,
      bonus_weeks: own.filter((week) => week.inBonus).map((week) => week.week),
    };
  });
  return { entries: out, lastId };
}

function entryLabel(username: string, entryNum: number): string {
  return entryNum > 1 ? `${username} [${entryNum}]` : username;
}

/**
 * Edit Picks lets a commissioner bypass the game rules (docs/RULES.md), which the scenario format does not: such a
 * pick in a settled week makes the season impossible to write as a scenario, and the export says so (409), before
 * the first byte of it. Only the commissioner's picks are read (the first breaking one, by entry id then pick id).
 */
async function refuseRuleBreakingCommishPicks(
  ctx: AppContext,
  pool: PoolRecord,
  head: ScenarioHead,
): Promise<void> {
  if (head.weeks.length === 0) return;
  const weekNumbers = intArray(head.weeks.map((week) => week.week));
  const rows = rowsOf<{
    entry_num: number;
    username: string;
    pick_id: string;
    week: number;
    used_twice: boolean;
  }>(
    await ctx.db.execute(sql`
      select e.entry_num, u.username, p.pick_id, p.week,
        exists (select 1 from picks o where o.entry_id = p.entry_id and o.id <> p.id and o.pick_id = p.pick_id
          and o.week = any(${weekNumbers})) as used_twice
      from picks p
      join entries e on e.id = p.entry_id
      join users u on u.id = e.user_id
      where e.pool_id = ${pool.id} and e.status = ${ENTRY_STATUS_SQL.active} and p.by_commish and p.week = any(${weekNumbers})
      order by p.entry_id, p.id`),
  );
  for (const row of rows) {
    const week = Number(row.week);
    const teams = head.weeks.find((w) => w.week === week)?.teams ?? {};
    const noGame = !head.isNfl && !(row.pick_id in teams);
    if (row.used_twice || noGame) {
      throw conflict(
        EXPORT_MESSAGES.commishPick(entryLabel(row.username, Number(row.entry_num)), row.pick_id, week),
      );
    }
  }
}

/** A SQL int[] of whole numbers computed on the server (never user text), as one short parameter. */
function intArray(values: readonly number[]) {
  return sql`string_to_array(${values.join(',')}, ',')::int[]`;
}
