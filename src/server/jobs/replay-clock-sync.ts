import { sql } from 'drizzle-orm';
import { type Database, type DbOrTx, rowsOf } from '../db/client';
import { ReplayClock } from '../sports/replay/replay-clock';
import { type JobLogger, LEADER_LOCK_KEY } from './leader-loop';
import { latestReplayInstant } from './replay-ingest';

/**
 * Real-time wait between two syncs of an instance's replay clock with the shared one: the leader writes
 * the line again (its beat), the others read it. A whole cluster stopped at once resumes at the last
 * beat, or at the last replayed poll when that is later.
 */
export const REPLAY_CLOCK_SYNC_MS = 10_000;

/** The shared line at the database's now: the replayed instant then, and the speed. */
export interface ReplayLine {
  at: Date;
  speed: number;
}

/** How a starting instance found the shared clock (its log line says so). */
export type ReplayResume = 'started' | 'resumed' | 'joined' | 'read';

// Epoch arithmetic rather than interval arithmetic: `timestamptz + interval` adds whole days on the
// session's calendar (23 or 25 hours across a change of summer time), seconds since the epoch do not.
const LINE_NOW = sql.raw(
  'to_timestamp(extract(epoch from c.replayed_at) + extract(epoch from t.now - c.real_at) * c.speed)',
);

function lineOf(result: unknown): ReplayLine | null {
  const row = rowsOf<{ at: string | Date; speed: number | string }>(result)[0];
  return row ? { at: new Date(row.at), speed: Number(row.speed) } : null;
}

/** The shared replay line now, or null before any instance started it. */
export async function readReplayLine(db: DbOrTx): Promise<ReplayLine | null> {
  return lineOf(
    await db.execute(sql`
      with t as (select clock_timestamp() as now)
      select ${LINE_NOW} as at, c.speed from replay_clock c, t where c.id = 1`),
  );
}

/**
 * The leader's beat: the same line, written again from the database's now, so a cluster stopped
 * whole later resumes from here. Answers the line now (null before any instance started it).
 */
export async function beatReplayLine(db: DbOrTx): Promise<ReplayLine | null> {
  return lineOf(
    await db.execute(sql`
      with t as (select clock_timestamp() as now)
      update replay_clock c set replayed_at = ${LINE_NOW}, real_at = t.now from t where c.id = 1
      returning c.replayed_at as at, c.speed`),
  );
}

const later = (...dates: (Date | null | undefined)[]): Date =>
  new Date(Math.max(...dates.filter((d): d is Date => !!d).map((d) => d.getTime())));

/**
 * The replay clock of a starting instance (docs/decisions/034-demo-on-postgresql.md): one line shared by
 * every instance in the database (table `replay_clock`).
 * - No line yet: it starts at the later of the configured start and the latest replayed instant the
 *   database records (a demo database from before the shared clock).
 * - No other instance runs (a whole cluster, or the one embedded process, was stopped): the replayed
 *   time paused meanwhile, so it resumes at the last beat, or the last replayed poll when later.
 * - Others run: it joins their line. Either way a later DEMO_CLOCK_START or another DEMO_CLOCK_SPEED
 *   moves the line for all (so every instance should have the same settings).
 * `write: false` (an instance that runs no jobs) only reads: the configured start stands in for a
 * missing line, and nothing is written.
 */
export async function resumeSharedReplayClock(
  database: Pick<Database, 'db' | 'otherJobRunners'>,
  configured: ReplayClock,
  options: { write?: boolean } = {},
): Promise<{ clock: ReplayClock; how: ReplayResume }> {
  const start = configured.now();
  const speed = configured.speed;
  if (options.write === false) {
    const line = await readReplayLine(database.db);
    return { clock: new ReplayClock(line?.at ?? start, line?.speed ?? speed), how: 'read' };
  }
  const others = await database.otherJobRunners();
  const { at, how } = await database.db.transaction(async (tx) => {
    const row = rowsOf<{ beat_at: string | Date; line_at: string | Date; speed: number | string }>(
      await tx.execute(sql`
        with t as (select clock_timestamp() as now)
        select c.replayed_at as beat_at, ${LINE_NOW} as line_at, c.speed
        from replay_clock c, t where c.id = 1 for update of c`),
    )[0];
    const stored = await latestReplayInstant(tx);
    if (!row) {
      const at = later(start, stored);
      await tx.execute(sql`
        insert into replay_clock (id, replayed_at, real_at, speed)
        values (1, ${at.toISOString()}::timestamptz, clock_timestamp(), ${speed})`);
      return { at, how: 'started' as const };
    }
    const line = new Date(row.line_at);
    const at = others === 0 ? later(new Date(row.beat_at), stored, start) : later(line, stored, start);
    const how = others === 0 ? ('resumed' as const) : ('joined' as const);
    if (how === 'resumed' || at.getTime() !== line.getTime() || Number(row.speed) !== speed) {
      await tx.execute(sql`
        update replay_clock set replayed_at = ${at.toISOString()}::timestamptz, real_at = clock_timestamp(),
          speed = ${speed}
        where id = 1`);
    }
    return { at, how };
  });
  return { clock: new ReplayClock(at, speed), how };
}

/**
 * Keeps this instance's replay clock on the shared line: every `intervalMs` the leader beats and the
 * others read (a line another instance moved, by its settings, is followed within the interval). The
 * stop function waits for a sync in flight, then, on the leader, beats once more: a cluster stopped
 * whole resumes from there. `write: false` only reads.
 */
export function startReplayClockSync(
  database: Pick<Database, 'db' | 'tryAcquireLeadership'>,
  clock: ReplayClock,
  log: JobLogger,
  options: { intervalMs?: number; write?: boolean } = {},
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? REPLAY_CLOCK_SYNC_MS;
  const write = options.write !== false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let leads = false;
  let failing = false;
  let running: Promise<void> = Promise.resolve();
  const sync = async () => {
    leads = write && (await database.tryAcquireLeadership(LEADER_LOCK_KEY));
    const sent = clock.realNow();
    const line = leads ? await beatReplayLine(database.db) : await readReplayLine(database.db);
    // The line was read about halfway between asking and hearing back.
    if (line) clock.follow(line.at, line.speed, (sent + clock.realNow()) / 2);
  };
  const run = async () => {
    try {
      await sync();
      if (failing) log.info({}, 'replay clock in step again');
      failing = false;
    } catch (error) {
      // Once per outage: meanwhile the clock runs on at its speed.
      if (!failing) log.warn({ error: String(error) }, 'replay clock sync failed');
      failing = true;
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  const tick = () => {
    running = run();
  };
  timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    if (leads) await beatReplayLine(database.db).catch(() => {});
  };
}
