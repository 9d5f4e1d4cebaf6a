import { sql } from 'drizzle-orm';
import type { SettlementJobsResponse, SettlementQueueState } from '../../../../core/contracts/sports';
import { poolPagePathIn } from '../../../../core/pool/identity';
import type { AppContext } from '../../../context';
import { rowsOf } from '../../../db/client';
import { QUEUE_SCHEMA, SETTLE_POOL } from '../../../lib/job-queue';
import { describeStep } from './job-steps';

// The site admins' view of the settlement queue (decision 043): its jobs by state, and the pools whose
// latest job failed, read from the queue's tables.

const JOBS = sql.raw(`${QUEUE_SCHEMA}.job`);

/** Whether the queue's tables exist (a demo or an instance without jobs never made them). */
async function hasQueue(ctx: AppContext): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await ctx.db.execute(sql`select to_regclass(${`${QUEUE_SCHEMA}.job`}) is not null as found`),
  );
  return row?.found === true;
}

/** The queue's pool jobs now by state. */
async function readQueueState(ctx: AppContext): Promise<SettlementQueueState> {
  const [row] = rowsOf<{
    waiting: number;
    running: number;
    retrying: number;
    dead: number;
    last_done_at: Date | string | null;
  }>(
    await ctx.db.execute(sql`
      select count(*) filter (where state = 'created')::int as waiting,
        count(*) filter (where state = 'active')::int as running,
        count(*) filter (where state = 'retry')::int as retrying,
        count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day')::int as dead,
        max(completed_on) filter (where state = 'completed') as last_done_at
      from ${JOBS} where name = ${SETTLE_POOL}`),
  );
  return {
    waiting: Number(row?.waiting ?? 0),
    running: Number(row?.running ?? 0),
    retrying: Number(row?.retrying ?? 0),
    dead: Number(row?.dead ?? 0),
    last_done_at: row?.last_done_at ? new Date(row.last_done_at).toISOString() : null,
  };
}

interface FailingRow {
  pool_id: number;
  game: string;
  pool_idx: number;
  custom_name: string | null;
  game_name: string;
  season: number;
  season_type: string;
  league_name: string;
  league_abb: string;
  state: 'retry' | 'failed';
  retry_count: number;
  created_on: Date | string;
  completed_on: Date | string | null;
  start_after: Date | string;
  output: { words?: string; message?: string; step?: string; week?: number | null } | null;
  total: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /admin/settlement: the queue's jobs by state, and a page of the pools whose latest job failed
 * (waiting for a retry, or dead-lettered in the last day), the one queued longest ago first: its league,
 * name and page, what failed, the error in words, its failures and its next try.
 */
export async function listSettlementJobs(
  ctx: AppContext,
  page: { page: number; pageSize: number },
): Promise<SettlementJobsResponse> {
  if (!(await hasQueue(ctx))) {
    const queue = { waiting: 0, running: 0, retrying: 0, dead: 0, last_done_at: null };
    return { queue, failures: [], page: page.page, pageSize: page.pageSize, total: 0 };
  }
  const queue = await readQueueState(ctx);
  const rows = rowsOf<FailingRow>(
    await ctx.db.execute(sql`
      with latest as (
        select distinct on (singleton_key) singleton_key, state, retry_count, created_on, completed_on,
          start_after, output
        from ${JOBS} where name = ${SETTLE_POOL} and singleton_key is not null
        order by singleton_key, created_on desc
      ), failing as (
        select * from latest
        where state = 'retry' or (state = 'failed' and completed_on > now() - interval '1 day')
      )
      select p.id as pool_id, p.game, p.pool_idx, p.custom_name, p.game_name, p.season, p.season_type,
        l.name as league_name, l.abb as league_abb, f.state, f.retry_count, f.created_on, f.completed_on,
        f.start_after, f.output, count(*) over ()::int as total
      from failing f
      join pools p on p.id = f.singleton_key::int
      join leagues l on l.id = p.league_id
      order by f.created_on, p.id
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
  );
  return {
    queue,
    failures: rows.map((row) => {
      const step = row.output?.step ?? 'settle';
      const week = row.output?.week ?? null;
      const pool = {
        game: row.game,
        season: Number(row.season),
        seasonType: row.season_type,
        poolIdx: Number(row.pool_idx),
      };
      return {
        pool_id: Number(row.pool_id),
        league: row.league_name,
        pool:
          row.custom_name?.trim() ||
          (pool.poolIdx > 0 ? `${row.game_name} #${pool.poolIdx + 1}` : row.game_name),
        game: row.game,
        path: poolPagePathIn(pool, { abb: row.league_abb }),
        step,
        week,
        what: describeStep(step, week),
        error: row.output?.words ?? row.output?.message ?? 'The job failed without a message.',
        state: row.state === 'retry' ? 'retrying' : 'dead',
        // Its failures: the retries it was given so far and the last one.
        failures: Number(row.retry_count) + 1,
        queued_at: iso(row.created_on),
        failed_at: row.completed_on ? iso(row.completed_on) : null,
        next_retry_at: row.state === 'retry' ? iso(row.start_after) : null,
      };
    }),
    page: page.page,
    pageSize: page.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}
