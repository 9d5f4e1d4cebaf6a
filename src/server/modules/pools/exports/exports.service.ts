import {
  EXPORT_MESSAGES,
  type ExportKind,
  type ExportWeekQuery,
  type ExportWeekResponse,
} from '../../../../core/contracts/pools';
import { LEDGER_KIND_LABELS, type LedgerKind } from '../../../../core/money';
import type { AppContext } from '../../../context';
import type { PoolRecord, UserRow } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { type PoolAccess, requirePoolAccess, requirePoolCommish } from '../access/pool-access';
import { readSlotRangeKinds } from '../store/entry-weeks.repo';
import { findPoolOpenWeek, owesPickCondition, picksAsked } from '../store/owed-picks.repo';
import { countPoolEntries, entryLabel, pagePoolEntries } from '../store/pool-entries.repo';
import { loadPoolWeeks } from '../store/pool-weeks.repo';
import { type Cell, Dollars, exportFileName } from './exports.csv';
import {
  type ExportPick,
  readEntryBatch,
  readFinanceBatch,
  readLedgerBatch,
  readOwingBatch,
  readWeekPicks,
  readWeekResults,
} from './exports.repo';

/*
 * The pool's exports (issue 45). The access check and everything a file's header needs run before the file
 * is handed back, so a refusal is a proper error answer; the rows are then read a batch at a time as the reply
 * goes out. Secrecy (docs/RULES.md): a week's picks are in a file only once the week is public for everyone,
 * the caller's own entries and the commissioner included; an unlocked pick is never read.
 */

/** Entries (or ledger rows) read per statement: a file holds no more than one batch in memory. */
export const EXPORT_BATCH_SIZE = 5_000;

/** A file ready to stream: its name, header and rows. */
export interface ExportFile {
  fileName: string;
  header: string[];
  rows: AsyncGenerator<Cell[]>;
}

/** "KC + SF (auto)": one week's picks in one cell, insurance/auto-pick and commissioner picks marked. */
function picksCell(picks: readonly ExportPick[]): string {
  return picks
    .map((pick) => `${pick.label}${pick.auto ? ' (auto)' : pick.commish ? ' (commish)' : ''}`)
    .join(' + ');
}

/** The pool's weeks, from its start week to its last. */
function poolWeekNumbers(pool: PoolRecord): number[] {
  const weeks: number[] = [];
  for (let week = Math.max(1, pool.startWeek); week <= pool.deadlines.length; week++) weeks.push(week);
  return weeks;
}

/** The status the standings show (statusOf in standings.service.ts). */
function standingsStatus(
  row: { username: string; entry_num: number; lives: number; needs_rebuy: boolean },
  champions: ReadonlySet<string>,
): string {
  if (champions.has(entryLabel(row.username, row.entry_num).toLowerCase())) return 'champion';
  if (row.lives <= 0) return 'eliminated';
  return row.needs_rebuy ? 'needs-rebuy' : 'alive';
}

function fileNameOf(access: PoolAccess, kind: ExportKind, now: Date): string {
  const { pool, league } = access;
  return exportFileName({ leagueAbb: league.abb, game: pool.game, season: pool.season, kind }, now);
}

/** Walks keyset batches until one comes back short. */
async function* batches<T>(
  read: (after: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  batchSize: number,
): AsyncGenerator<T[]> {
  let after = -1;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/**
 * standings.csv (whoever may see the pool): each counted entry in sign-up order with its lives, status, weeks
 * alive and rebuys, then each week of the pool's picks and result, empty for a week not yet public.
 */
export async function exportStandings(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ExportFile> {
  const access = await requirePoolAccess(ctx.db, { poolId }, viewer);
  return entryGrid(ctx, access, 'standings', batchSize);
}

/** picks.csv (commissioners): entry by week, each public week's picks in one cell, marked when assigned. */
export async function exportPicks(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ExportFile> {
  const access = await requirePoolCommish(ctx.db, { poolId }, viewer);
  return entryGrid(ctx, access, 'picks', batchSize);
}

async function entryGrid(
  ctx: AppContext,
  access: PoolAccess,
  kind: 'standings' | 'picks',
  batchSize: number,
): Promise<ExportFile> {
  const { pool } = access;
  const now = ctx.clock.now();
  const calendar = await loadPoolWeeks(ctx.db, pool);
  const weeks = poolWeekNumbers(pool);
  const publicWeeks = weeks.filter((week) => calendar.isWeekPublic(week, now));
  const withResults = kind === 'standings';
  const results = withResults ? await readWeekResults(ctx.db, pool.id, publicWeeks) : new Map();
  const champions = new Set(pool.champions.map((name) => name.toLowerCase()));
  const header =
    kind === 'standings'
      ? [
          'Entry',
          'Lives',
          'Status',
          'Weeks alive',
          'Rebuys',
          ...weeks.flatMap((week) => [`Week ${week}`, `Week ${week} result`]),
        ]
      : ['Entry', ...weeks.map((week) => `Week ${week}`)];

  async function* rows(): AsyncGenerator<Cell[]> {
    const read = (after: number) =>
      readEntryBatch(ctx.db, {
        poolId: pool.id,
        game: pool.game,
        weeks: publicWeeks,
        after,
        limit: batchSize,
      });
    for await (const batch of batches(read, (row) => Number(row.slot), batchSize)) {
      // A batch comes in slot order (its keyset): its first and last rows bound its slots.
      const kindOf = withResults
        ? await readSlotRangeKinds(
            ctx.db,
            pool.id,
            { first: Number(batch[0].slot), last: Number(batch[batch.length - 1].slot) },
            publicWeeks,
          )
        : () => 0;
      for (const row of batch) {
        const picksOf = (week: number) => picksCell((row.picks ?? []).filter((pick) => pick.week === week));
        const label = entryLabel(row.username, row.entry_num);
        if (kind === 'picks') {
          yield [label, ...weeks.map(picksOf)];
          continue;
        }
        const cells: Cell[] = [];
        for (const week of weeks) {
          const n = kindOf(week, Number(row.slot));
          cells.push(picksOf(week), (n === 0 ? null : results.get(week)?.get(n)) ?? null);
        }
        yield [label, row.lives, standingsStatus(row, champions), row.weeks_alive, row.rebuys_made, ...cells];
      }
    }
  }
  return { fileName: fileNameOf(access, kind, now), header, rows: rows() };
}

/** ledger.csv (commissioners): every movement of the pool's money, in the order written. */
export async function exportLedger(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ExportFile> {
  const access = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const header = ['Date', 'Entry', 'Kind', 'Amount', 'Week', 'Notes', 'By'];
  async function* rows(): AsyncGenerator<Cell[]> {
    const read = (after: number) => readLedgerBatch(ctx.db, access.pool.id, after, batchSize);
    for await (const batch of batches(read, (row) => Number(row.id), batchSize)) {
      for (const row of batch) {
        yield [
          new Date(row.created_at).toISOString(),
          row.username === null ? '' : entryLabel(row.username, Number(row.entry_num)),
          LEDGER_KIND_LABELS[(row.kind === 'prize_paid_to' ? 'prize_paid' : row.kind) as LedgerKind] ??
            row.kind,
          new Dollars(Number(row.amount)),
          row.week,
          row.notes ?? '',
          row.by_username ?? '',
        ];
      }
    }
  }
  return { fileName: fileNameOf(access, 'ledger', ctx.clock.now()), header, rows: rows() };
}

/**
 * finances.csv (commissioners): the Finances table, one line per entry in sign-up order (costs shown positive,
 * bonus signed, total the sum of the entry's rows, as the tab shows them), then the pool's totals.
 */
export async function exportFinances(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ExportFile> {
  const access = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const champions = new Set(access.pool.champions.map((name) => name.toLowerCase()));
  const header = [
    'Entry',
    'Status',
    'Buy-in',
    'Rebuys',
    'Insurance',
    'Bonus',
    'Prizes',
    'Paid',
    'Prizes Paid To',
    'Total',
    'Last activity',
  ];
  async function* rows(): AsyncGenerator<Cell[]> {
    const totals = [0, 0, 0, 0, 0, 0, 0, 0];
    const read = (after: number) => readFinanceBatch(ctx.db, access.pool.id, after, batchSize);
    for await (const batch of batches(read, (row) => Number(row.slot), batchSize)) {
      for (const row of batch) {
        const label = entryLabel(row.username, row.entry_num);
        const champion = champions.has(label.toLowerCase());
        const money = [
          -Number(row.buyin),
          -Number(row.rebuy),
          -Number(row.insurance),
          Number(row.bonus),
          Number(row.prize),
          Number(row.payment),
          -Number(row.prize_paid_to),
        ];
        const total = -money[0] - money[1] - money[2] + money[3] + money[4] + money[5] - money[6];
        [...money, total].forEach((cents, index) => {
          totals[index] += cents;
        });
        yield [
          label,
          champion ? 'CHAMPION' : row.lives <= 0 ? 'ELIMINATED' : String(row.lives),
          ...[...money, total].map((cents) => new Dollars(cents)),
          row.last_activity === null ? '' : new Date(row.last_activity).toISOString(),
        ];
      }
    }
    yield ['Totals', '', ...totals.map((cents) => new Dollars(cents)), ''];
  }
  return { fileName: fileNameOf(access, 'finances', ctx.clock.now()), header, rows: rows() };
}

/**
 * missing-picks.csv (commissioners): the open week's entries that owe a pick (docs/RULES.md, "Picks owed"), in
 * sign-up order, with their owner's username, lives, insurance and how many picks they hold (never which). A
 * pool with no open week answers its header alone, as the screen answers an empty list.
 */
export async function exportMissingPicks(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ExportFile> {
  const access = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const { pool } = access;
  const now = ctx.clock.now();
  const open = findPoolOpenWeek(await loadPoolWeeks(ctx.db, pool), now);
  const header = ['Entry', 'Owner', 'Week', 'Lives', 'Insured', 'Picks made', 'Picks asked'];
  async function* rows(): AsyncGenerator<Cell[]> {
    if (!open) return;
    const asked = picksAsked(pool, open.week);
    let after = -1;
    for (;;) {
      const { rows: owing, lastSlot } = await readOwingBatch(ctx.db, {
        poolId: pool.id,
        week: open.week,
        owes: owesPickCondition(open.week, asked, 'e'),
        after,
        limit: batchSize,
      });
      for (const row of owing) {
        yield [
          entryLabel(row.username, row.entry_num),
          row.username,
          open.week,
          row.lives,
          row.insured ? 'yes' : 'no',
          Number(row.held),
          asked,
        ];
      }
      if (lastSlot === null) return;
      after = lastSlot;
    }
  }
  return { fileName: fileNameOf(access, 'missing-picks', now), header, rows: rows() };
}

/**
 * GET /api/pools/{poolId}/export/week/{week}: one page of the printable week grid (counted entries in sign-up
 * order). The week's picks only once the week is public; before, every row's picks are empty.
 */
export async function getWeekGrid(
  ctx: AppContext,
  poolId: number,
  week: number,
  query: ExportWeekQuery,
  viewer: UserRow | null,
): Promise<ExportWeekResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId }, viewer);
  // As the standings: week 1 may be asked of a pool whose calendar is not set yet (it has no picks).
  if (week > Math.max(1, pool.deadlines.length)) throw badRequest(EXPORT_MESSAGES.week);
  const now = ctx.clock.now();
  const calendar = await loadPoolWeeks(ctx.db, pool, week);
  const locked = calendar.isWeekPublic(week, now);
  const options = { page: query.page, pageSize: query.pageSize, q: '', countedOnly: true, signUpOrder: true };
  const total = await countPoolEntries(ctx.db, pool.id, options);
  const page = await pagePoolEntries(ctx.db, pool.id, options, total);
  const ids = page.map((row) => row.entry.id);
  const picks = locked ? await readWeekPicks(ctx.db, pool.game, ids, week) : new Map<number, ExportPick[]>();
  // The page's slot range, without spreading its rows into a call.
  let low = Number.POSITIVE_INFINITY;
  let high = -1;
  for (const row of page) {
    low = Math.min(low, row.entry.slot);
    high = Math.max(high, row.entry.slot);
  }
  const weeks = locked ? [week] : [];
  const [results, kindOf] = await Promise.all([
    readWeekResults(ctx.db, pool.id, weeks),
    readSlotRangeKinds(ctx.db, pool.id, { first: low, last: high }, weeks),
  ]);
  return {
    pool_name: pool.customName ?? pool.gameName,
    week,
    locked,
    rows: page.map(({ entry, username }) => {
      const kind = locked ? kindOf(week, entry.slot) : 0;
      return {
        entry: entryLabel(username, entry.entryNum),
        picks: (picks.get(entry.id) ?? []).map((pick) => picksCell([pick])),
        result: (kind === 0 ? null : results.get(week)?.get(kind)) ?? null,
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
