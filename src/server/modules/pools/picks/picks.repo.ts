import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import pg from 'pg';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import type { Db, DbOrTx } from '../../../db/client';
import type { EntryRecord, PoolRecord } from '../../../db/schema';
import { entries, picks, pools, users } from '../../../db/schema';
import type { PickView } from '../store/pool-entries.repo';
import type { WeekGame } from '../store/pool-weeks.repo';

/**
 * The queries of one pick: one read, one write. The read also checks the session (the route skips
 * the session plugin's lookup: a round trip fewer on the busiest write). A pick is the busiest write of the site, so it holds
 * no transaction open across round trips; instead the write is a compare-and-set on the entry row.
 * The read answers the row's version (entries.version, which moves with every update of the row), and
 * the write applies only while the version is unchanged, moving it in the same statement. Every
 * change of an entry's picks goes through writePickChange, so two racing picks of one entry can
 * never both write on the same reading: the second finds a new version, writes nothing, and reads again.
 * A commissioner's change of an entry's picks moves the version too (replaceEntryWeekPicks); no other
 * module writes a player's picks before the lock (picks-writers.test.ts pins it).
 */

/** The team or NFL player a pick names, as stored. */
export interface TargetRecord {
  id: string;
  name: string;
  teamAbb: string;
}

/** A held pick with its display name. */
export type NamedPick = PickView & { name: string };

export interface PickState {
  /** The user of the session, when the session is valid at the wall clock's now; null otherwise. */
  viewerId: number | null;
  entry: EntryRecord;
  pool: PoolRecord;
  username: string;
  /** The entry row's version, for the compare-and-set of writePickChange. */
  version: number;
  /** The week's games (postponed ones never count). */
  weekGames: WeekGame[];
  /** The named team (nba, mlb) or player (nfl-td); undefined when there is none. */
  target: TargetRecord | undefined;
  /** Every pick of the entry, by week then id, with display names. */
  held: NamedPick[];
}

/** What a request may name: a team abbreviation (nba, mlb) or an NFL player id (nfl-td). */
export interface TargetIds {
  teamAbb: string;
  playerId: string;
}

/** Which session asks: its stored id (the token's hash) and the wall clock's now, for its expiry. */
export interface SessionKey {
  sessionId: string;
  now: Date;
}

/**
 * Everything the rules need, in ONE statement (so from one snapshot): the session's user, the entry
 * with its pool, owner and version, the week's games, the target and the entry's picks with their names.
 */
export async function loadPickState(
  db: DbOrTx,
  session: SessionKey,
  entryId: number,
  week: number,
  ids: TargetIds,
): Promise<PickState | undefined> {
  let query = pickStateQueries.get(db);
  if (!query) {
    query = preparePickStateQuery(db);
    pickStateQueries.set(db, query);
  }
  const [row] = await query.execute({
    entryId,
    week,
    ...ids,
    sessionId: session.sessionId,
    sessionNow: session.now.toISOString(),
  });
  if (!row) return undefined;
  return {
    ...row,
    weekGames: row.weekGames.map((game) => ({
      week,
      home: game.home,
      away: game.away,
      startTime: new Date(game.start_ms),
    })),
    target: row.target ?? undefined,
  };
}

/**
 * The read of loadPickState as a prepared statement: built once per database handle, and parsed
 * and planned once per connection rather than on every pick.
 */
function preparePickStateQuery(db: DbOrTx) {
  const week = sql.placeholder('week');
  return db
    .select({
      viewerId: sql<number | null>`(
        select s.user_id from sessions s
         where s.id = ${sql.placeholder('sessionId')}::text
           and s.expires_at > ${sql.placeholder('sessionNow')}::timestamptz)`,
      entry: entries,
      pool: pools,
      username: users.username,
      version: sql<number>`"entries"."version"`,
      weekGames: sql<{ home: string; away: string; start_ms: number }[]>`(
        select coalesce(json_agg(json_build_object(
                 'home', g.home, 'away', g.away,
                 'start_ms', (extract(epoch from g.start_time) * 1000)::float8)), '[]'::json)
          from games g
         where g.game = (case when "pools"."game" = 'nfl' then 'nfl-td' else "pools"."game" end) and g.season = "pools"."season"
           and g.season_type = "pools"."season_type" and g.postponed = false and g.week = ${week}::int)`,
      target: sql<TargetRecord | null>`(case when "pools"."game" = 'nfl-td'
        then (select json_build_object('id', p.id, 'name', p.display_name, 'teamAbb', p.team_abb)
                from nfl_players p where p.id = ${sql.placeholder('playerId')}::text)
        else (select json_build_object('id', t.abb, 'name', t.name, 'teamAbb', t.abb)
                from teams t where t.game = (case when "pools"."game" = 'nfl' then 'nfl-td' else "pools"."game" end) and t.abb = ${sql.placeholder('teamAbb')}::text) end)`,
      held: sql<NamedPick[]>`(
        select coalesce(json_agg(json_build_object(
                 'id', k.id, 'entryId', k.entry_id, 'week', k.week, 'pickId', k.pick_id,
                 'teamAbb', k.team_abb, 'byInsurance', k.by_insurance,
                 'name', coalesce(case when "pools"."game" = 'nfl-td'
                   then (select p.display_name from nfl_players p where p.id = k.pick_id)
                   else (select t.name from teams t where t.game = (case when "pools"."game" = 'nfl' then 'nfl-td' else "pools"."game" end) and t.abb = k.pick_id) end,
                   k.pick_id)) order by k.week, k.id), '[]'::json)
          from picks k
         where k.entry_id = "entries"."id")`,
    })
    .from(entries)
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .innerJoin(users, eq(users.id, entries.userId))
    .where(eq(entries.id, sql.placeholder('entryId')))
    .prepare('pick_state');
}

const pickStateQueries = new WeakMap<DbOrTx, ReturnType<typeof preparePickStateQuery>>();

/** Whether any entry of the pool is still alive (active with lives left). */
export async function hasAliveEntries(db: DbOrTx, poolId: number): Promise<boolean> {
  const [alive] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(entries)
    .where(
      and(eq(entries.poolId, poolId), eq(entries.status, ENTRY_STATUS.active), sql`${entries.lives} > 0`),
    );
  return Number(alive?.n ?? 0) > 0;
}

export interface PickChange {
  entryId: number;
  /** The entry row's version the change was decided on (PickState.version). */
  version: number;
  week: number;
  userId: number;
  now: Date;
  action: 'confirm' | 'replace' | 'cancel';
  /** The pick removed (cancel, replace), or null. */
  oldPickId: string | null;
  /** The pick added (confirm, replace), or null; with its team. */
  newPick: { pickId: string; teamAbb: string } | null;
  /** The client that made the change and its time of it (decision 033), when the request said. */
  stamp?: { clientId: string; changedAt: number } | null;
}

/**
 * Replaces an entry's picks of some weeks (a commissioner's Edit Picks), `placed` in slot order (one
 * insert: the new ids keep that order for the next read), and moves the entry's version in the same
 * transaction, so that a player's pick decided before it is refused and decided again.
 */
export async function replaceEntryWeekPicks(
  tx: DbOrTx,
  entryId: number,
  weeks: readonly number[],
  placed: ReadonlyArray<typeof picks.$inferInsert>,
): Promise<void> {
  await tx.delete(picks).where(and(eq(picks.entryId, entryId), inArray(picks.week, [...weeks])));
  if (placed.length > 0) await tx.insert(picks).values([...placed]);
  await tx.execute(sql`update entries set version = version + 1 where id = ${entryId}`);
}

/** Not written: a racing change came first (`stale` false: decide again), or a newer change of the same client did. */
export type PickWrite = { written: false; stale: boolean } | { written: true; newId: number | null };

/**
 * The write of writePickChange, one statement for every action: the delete runs only with a pick to
 * remove ($7), the insert only with one to add ($8, $9). Parameters: $1 entry id, $2 the version read,
 * $3 week, $4 user id, $5 now, $6 action, $7 old pick id, $8 new pick id, $9 new pick's team, $10 the
 * client and $11 its time of the change (both null when the request did not say). A change of the
 * client that last changed the entry, older than that last change, claims nothing and reads as stale.
 */
const PICK_WRITE_SQL = `
  with claimed as (
      update entries set version = version + 1, last_change_client = $10::text, last_change_at = $11::bigint
       where id = $1::int and version = $2::int
         and not coalesce(last_change_client = $10::text and last_change_at > $11::bigint, false)
      returning id
    ),
    removed as (
      delete from picks
       where $7::text is not null and entry_id = $1::int and week = $3::int and pick_id = $7::text
         and exists (select 1 from claimed)
    ),
    added as (
      insert into picks (entry_id, week, pick_id, team_abb, created_by, created_at)
      select $1::int, $3::int, $8::text, $9::text, $4::int, $5::timestamptz
        from claimed
       where $8::text is not null
      returning id
    ),
    audit as (
      insert into pick_audits (entry_id, week, action, old_pick_id, new_pick_id, user_id, created_at)
      select $1::int, $3::int, $6::text, $7::text, $8::text, $4::int, $5::timestamptz
        from claimed
    )
  select (select count(*)::int from claimed) as claimed, (select id from added) as id,
    coalesce((select e.last_change_client = $10::text and e.last_change_at > $11::bigint
                from entries e where e.id = $1::int), false) as stale`;

/**
 * Writes one change of a pick and its audit row in ONE statement, only while the entry row still
 * has the version the change was decided on (data-modifying CTEs run once, to completion, and
 * atomically). A racing write that committed first changed the version: nothing is written then.
 * Under READ COMMITTED, an update that waited for a racing one re-checks its condition on the newest
 * row, so the check holds at the instant of the write. On PostgreSQL the statement is prepared once
 * per connection (the busiest write of the site is not parsed and planned again for every pick): it
 * goes through the pool's own client, so it takes the database handle, never a transaction's.
 */
export async function writePickChange(db: Db, change: PickChange): Promise<PickWrite> {
  const { entryId, version, week, userId, now, action, oldPickId, newPick, stamp } = change;
  const values = [
    entryId,
    version,
    week,
    userId,
    now.toISOString(),
    action,
    oldPickId,
    newPick?.pickId ?? null,
    newPick?.teamAbb ?? null,
    stamp?.clientId ?? null,
    stamp?.changedAt ?? null,
  ];
  const client = (db as { $client?: unknown }).$client;
  const rows =
    client instanceof pg.Pool
      ? (await client.query<WriteRow>({ name: 'pick_write', text: PICK_WRITE_SQL, values })).rows
      : (await db.execute<WriteRow>(withParams(PICK_WRITE_SQL, values))).rows;
  const row = rows[0];
  if (!row || Number(row.claimed) === 0) return { written: false, stale: row?.stale === true };
  return { written: true, newId: row.id === null ? null : Number(row.id) };
}

interface WriteRow extends Record<string, unknown> {
  claimed: number;
  id: number | null;
  stale: boolean;
}

/** A text with $n placeholders as a Drizzle query, each $n bound to values[n-1] (for handles that cannot prepare). */
function withParams(text: string, values: readonly unknown[]) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}

/** Each entry's picks of a week, and the picks of its earlier weeks (used, so not pickable again). */
export async function readWeekPicks(
  tx: DbOrTx,
  poolId: number,
  week: number,
): Promise<{ weekPicks: Map<number, string[]>; used: Map<number, string[]> }> {
  const weekPicks = new Map<number, string[]>();
  const used = new Map<number, string[]>();
  // By pool, not by a list of entry ids: a big pool's ids would pass the parameter limit.
  const rows = await tx
    .select({ entryId: picks.entryId, week: picks.week, pickId: picks.pickId, byCommish: picks.byCommish })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .where(and(eq(entries.poolId, poolId), lte(picks.week, week)))
    .orderBy(asc(picks.id));
  const commishWeekPicks: Array<{ entryId: number; pickId: string }> = [];
  for (const pick of rows) {
    if (pick.week === week) {
      weekPicks.set(pick.entryId, [...(weekPicks.get(pick.entryId) ?? []), pick.pickId]);
      if (pick.byCommish) commishWeekPicks.push(pick);
    } else if (!pick.byCommish) {
      used.set(pick.entryId, [...(used.get(pick.entryId) ?? []), pick.pickId]);
    }
  }
  // A commissioner's Edit Picks bypasses the once-per-season rule: its picks are not held against the entry.
  for (const { entryId, pickId } of commishWeekPicks) {
    used.set(
      entryId,
      (used.get(entryId) ?? []).filter((id) => id !== pickId),
    );
  }
  return { weekPicks, used };
}
