// What the cluster's fault test and bench:cluster share: a database of their own with a deadline rush's
// world (players with sessions and one entry each in an NBA pool whose weeks lie ahead), a pool with a
// week due to settle, clients that pick through the proxy and retry, and a reconnecting live stream.
import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { must } from '../../src/core/must';
import { openDatabase } from '../../src/server/db/client';
import {
  entries,
  games,
  leagueMembers,
  leagues,
  picks,
  pools,
  sessions,
  teams,
  users,
} from '../../src/server/db/schema';
import { createToken, hashToken } from '../../src/server/lib/tokens';
import { upsertTeams } from '../../src/server/sports/sports.repo';
import { listTeamSeeds } from '../../src/server/sports/teams';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The rush pool's weeks, all ahead: each client picks a different team in each. */
export const RUSH_WEEKS = 20;
const SEASON = 2099;

/** Drops and creates the database `name` on the server of `baseUrl`; returns its URL. */
export async function recreateDatabase(baseUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface RushWorld {
  poolId: number;
  leagueId: number;
  /** One per client: its entry and its session cookie. */
  players: { userId: number; entryId: number; cookie: string }[];
  teamAbbs: string[];
}

/** Migrates the database and writes the rush's world: `clients` players, sessions made directly. */
export async function buildRushWorld(databaseUrl: string, clients: number): Promise<RushWorld> {
  const database = await openDatabase({ databaseUrl });
  const { db } = database;
  try {
    await upsertTeams(db, listTeamSeeds('nba', 2023));
    const teamAbbs = (await db.select({ abb: teams.abb }).from(teams).where(sql`${teams.game} = 'nba'`)).map(
      (t) => t.abb,
    );
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: clients }, (_, i) => ({
          username: `rush${i}`,
          email: `rush${i}@example.test`,
          nameFirst: 'Rush',
          nameLast: String(i),
          passwordHash: 'not a password',
        })),
      )
      .returning({ id: users.id });
    const [league] = await db
      .insert(leagues)
      .values({
        name: 'Rush League',
        abb: 'RUSH',
        desc: 'The deadline rush',
        founderId: made[0].id,
        admins: ['rush0'],
        inviteCode: `rush-${Date.now()}`,
      })
      .returning();
    await db.insert(leagueMembers).values(made.map((user) => ({ leagueId: league.id, userId: user.id })));
    const firstLock = Date.now() + 30 * DAY_MS;
    const deadlines = Array.from({ length: RUSH_WEEKS }, (_, w) =>
      new Date(firstLock + w * 7 * DAY_MS).toISOString(),
    );
    await db.insert(games).values(
      deadlines.flatMap((deadline, w) => {
        const rotated = teamAbbs.map((_, i) => teamAbbs[(i + w) % teamAbbs.length]);
        return Array.from({ length: Math.floor(rotated.length / 2) }, (_, g) => ({
          game: 'nba',
          gid: `rush-${SEASON}-${w + 1}-${g}`,
          season: SEASON,
          seasonType: 'reg',
          week: w + 1,
          home: rotated[2 * g],
          away: rotated[2 * g + 1],
          startTime: new Date(new Date(deadline).getTime() + DAY_MS),
        }));
      }),
    );
    const [pool] = await db
      .insert(pools)
      .values({
        leagueId: league.id,
        game: 'nba',
        gameName: 'NBA',
        season: SEASON,
        deadlines,
        start: new Date(firstLock),
        entryDeadline: new Date(firstLock),
        rebuys: 0,
      })
      .returning();
    const rows = await db
      .insert(entries)
      .values(made.map((user) => ({ poolId: pool.id, userId: user.id, lives: 1 })))
      .returning({ id: entries.id, userId: entries.userId });
    const entryOf = new Map(rows.map((row) => [row.userId, row.id]));
    const tokens = made.map(() => createToken());
    const now = new Date();
    await db.insert(sessions).values(
      made.map((user, i) => ({
        id: hashToken(tokens[i]),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + DAY_MS),
      })),
    );
    return {
      poolId: pool.id,
      leagueId: league.id,
      teamAbbs,
      players: made.map((user, i) => ({
        userId: user.id,
        entryId: must(entryOf.get(user.id), 'rush entry'),
        cookie: `ala_session=${tokens[i]}`,
      })),
    };
  } finally {
    await database.close();
  }
}

export interface DuePool {
  poolId: number;
  /** Entries whose week-1 team won (alive after the week) and lost (a life gone). */
  winners: number[];
  losers: number[];
}

/**
 * A pool of the rush's league whose week 1 locked an hour ago with every game final: the leader's
 * settlement judges it on its next pass. Half the entries picked a winner, half a loser; each entry
 * has 3 lives, so a week judged twice would show (two weeks alive, or two lives gone).
 */
export async function addDuePool(databaseUrl: string, world: RushWorld, count = 10): Promise<DuePool> {
  const database = await openDatabase({ databaseUrl });
  const { db } = database;
  try {
    const now = Date.now();
    const season = SEASON - 1;
    const deadlines = [now - 60 * 60 * 1000, now + 30 * DAY_MS, now + 37 * DAY_MS].map((t) =>
      new Date(t).toISOString(),
    );
    const [home, away] = world.teamAbbs;
    await db.insert(games).values({
      game: 'nba',
      gid: `due-${season}-1-0-${now}`,
      season,
      seasonType: 'reg',
      week: 1,
      home,
      away,
      startTime: new Date(now - 30 * 60 * 1000),
      homeScore: 110,
      awayScore: 100,
      final: true,
      status: 'final',
    });
    const [pool] = await db
      .insert(pools)
      .values({
        leagueId: world.leagueId,
        game: 'nba',
        gameName: 'NBA',
        season,
        deadlines,
        start: new Date(now - DAY_MS),
        entryDeadline: new Date(deadlines[0]),
        createdAt: new Date(now - 2 * DAY_MS),
        rebuys: 0,
      })
      .returning();
    const players = world.players.slice(0, count);
    // Entered and picked before the lock.
    const picked = new Date(now - 2 * 60 * 60 * 1000);
    const rows = await db
      .insert(entries)
      .values(
        players.map((player) => ({ poolId: pool.id, userId: player.userId, lives: 3, createdAt: picked })),
      )
      .returning({ id: entries.id });
    await db.insert(picks).values(
      rows.map((row, i) => ({
        entryId: row.id,
        week: 1,
        pickId: i % 2 === 0 ? home : away,
        teamAbb: i % 2 === 0 ? home : away,
        createdAt: picked,
      })),
    );
    return {
      poolId: pool.id,
      winners: rows.filter((_, i) => i % 2 === 0).map((row) => row.id),
      losers: rows.filter((_, i) => i % 2 === 1).map((row) => row.id),
    };
  } finally {
    await database.close();
  }
}

/** One pick change sent until it is answered: its outcome and how many sends it took. */
export interface PickOutcome {
  status: number;
  attempts: number;
  latencyMs: number;
}

/**
 * Sends one pick through `base`, retrying what a client cannot know the outcome of (no answer, a
 * reset, 502/503/504 from the proxy) after a short wait: a repeat is harmless (the same pick again).
 */
export async function sendPick(
  base: string,
  cookie: string,
  body: { userSeasonId: number; week: number; action: 'confirm' | 'cancel'; team: string },
  maxAttempts = 20,
): Promise<PickOutcome> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${base}/user/makeUserPick`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer();
      if (![502, 503, 504].includes(response.status) || attempt >= maxAttempts)
        return { status: response.status, attempts: attempt, latencyMs: performance.now() - started };
    } catch (error) {
      if (attempt >= maxAttempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

/** The picks the database holds per entry and week (several would be a duplicate). */
export async function heldPicks(databaseUrl: string, poolId: number): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ entry_id: number; week: number; pick_id: string }>(
      'select entry_id, week, pick_id from picks where pool_id = $1 order by id',
      [poolId],
    );
    const held = new Map<string, string[]>();
    for (const row of rows) {
      const key = `${row.entry_id}:${row.week}`;
      held.set(key, [...(held.get(key) ?? []), row.pick_id]);
    }
    return held;
  } finally {
    await client.end();
  }
}

/**
 * The instance (its application_name) holding the leader's lock in this database, or null while none
 * does. pg_locks lists every database's locks, and other test files' servers lead their own databases
 * under the same key at the same time.
 */
export async function currentLeader(databaseUrl: string, lockKey: number): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1 and l.objsubid = 1
          and l.database = (select oid from pg_database where datname = current_database())`,
      [lockKey],
    );
    return rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}

/**
 * A live stream client that reconnects like a browser's EventSource: when the stream ends or fails it
 * waits the server's last `retry:` hint and opens it again. Records the change events with their time,
 * the retry hints and how many times it connected.
 */
export class ReconnectingStream {
  changes: number[] = [];
  retryHints: number[] = [];
  connects = 0;
  /** The instance (nginx's upstream address) of each connection, with when it connected. */
  upstreams: string[] = [];
  /** When the last bytes (an event or a heartbeat) arrived. */
  lastData = 0;
  /**
   * Whether a connection is open now. The server replays nothing to a stream that comes back (a browser
   * refetches the pool area when its stream reopens), so a change made while this is false goes unheard.
   */
  connected = false;
  /** When the open (or last) connection was answered. */
  connectedAt = 0;
  private retryMs = 1_000;
  private request: http.ClientRequest | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
  ) {
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    let buffer = '';
    let done = false;
    const again = () => {
      if (this.closed || done) return;
      done = true;
      this.connected = false;
      this.request = undefined;
      setTimeout(() => this.open(), this.retryMs);
    };
    const request = http.get(
      this.url,
      { headers: { accept: 'text/event-stream', cookie: this.cookie } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', again);
          return;
        }
        this.connects++;
        this.connected = true;
        this.connectedAt = Date.now();
        this.upstreams.push(`${String(res.headers['x-upstream'])}@${Date.now()}`);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          this.lastData = Date.now();
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('retry:')) {
                this.retryMs = Number(line.slice(6).trim());
                this.retryHints.push(this.retryMs);
              }
              if (line === 'event: change') this.changes.push(Date.now());
            }
          }
        });
        // Ended by the server, or cut (an instance gone: the proxy resets the stream): connect again.
        res.on('error', () => {});
        res.on('close', again);
      },
    );
    request.on('error', again);
    this.request = request;
  }

  /** The address (host:port) of the instance the open connection is on, if one is open. */
  get upstream(): string | undefined {
    if (!this.connected) return undefined;
    // nginx lists every instance it tried ("a, b" when the first refused): the last one answered.
    return this.upstreams[this.upstreams.length - 1]?.split('@')[0].split(', ').pop();
  }

  /** True once a change arrived at or after `since` (epoch ms). */
  heardSince(since: number): boolean {
    return this.changes.some((at) => at >= since);
  }

  close(): void {
    this.closed = true;
    this.connected = false;
    this.request?.destroy();
  }
}

/** The p-th percentile (0 to 100) of the values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
