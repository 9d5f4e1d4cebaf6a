// The pools the benchmarks build: MLB weeks of final games and the server's own lock and settle of
// them (shared by bench:settle-pool), and bench:big-pool's whole world: the global `ala` league's pool
// (MLB, or NFL Survivor on NFL weeks of one day) with a million entries of a couple of hundred thousand
// players, weeks settled, picks and ledger rows.
// Every row is written set-based in SQL (generate_series, INSERT ... SELECT), never a statement per row.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import type { Database } from '../src/server/db/client';
import { games, leagues, pools, seasonParams, teams, users } from '../src/server/db/schema';
import { ManualClock } from '../src/server/lib/clock';
import { createOutboxMailer } from '../src/server/mail/mailer';
import { lockPoolWeek } from '../src/server/modules/pools/settlement/lock-week.command';
import { settlePoolWeek } from '../src/server/modules/pools/settlement/settle-week.command';
import { loadPoolWeeks } from '../src/server/modules/pools/store/pool-weeks.repo';

/** The teams of the benches' MLB season: twelve, so a pick's team never repeats within eleven weeks. */
export const TEAMS = ['NYY', 'BOS', 'HOU', 'TOR', 'SEA', 'TEX', 'LAD', 'SF', 'ATL', 'NYM', 'CHC', 'STL'];

/** The team of TEAMS at (1-based) index `expression` mod 12, as SQL. */
export const teamArray = sql.raw(`array[${TEAMS.map((team) => `'${team}'`).join(',')}]`);

/** Twelve NFL clubs in the same roles (a result entered by hand must name real NFL clubs). */
const NFL_TEAMS = ['KC', 'BUF', 'BAL', 'SF', 'DAL', 'PHI', 'MIA', 'DET', 'GB', 'CIN', 'LAR', 'SEA'];

/** The twelve teams of a bench game. */
function teamsOf(game: BenchGame): string[] {
  return game === 'nfl' ? NFL_TEAMS : TEAMS;
}

const DAY_MS = 86_400_000;

/** A script's application context on the database, with a clock it moves itself. */
export function benchContext(database: Database, databaseUrl: string, now: Date): AppContext {
  const clock = new ManualClock(now);
  return {
    config: loadConfig({ ...process.env, DATABASE_URL: databaseUrl }),
    database,
    db: database.db,
    clock,
    wallClock: clock,
    mailer: createOutboxMailer(database.db, clock),
  };
}

/**
 * The games of one pool week: six days of six games from two hours after its lock; when `final`, all
 * of them final and, each day, half the teams beaten (their pickers lose a life).
 */
export function mlbWeekGames(prefix: string, season: number, week: number, lock: string, final: boolean) {
  return weekGames('mlb', prefix, season, week, lock, final);
}

/**
 * A two-week MLB season of the bench's teams (bench:season-end, bench:push): the teams, the season's
 * calendar and both weeks' games, week 1 final. Returns week 1's deadlines and games, and the teams
 * by their week 1 record (worst first).
 */
export async function seedTwoWeekMlbSeason(db: Database['db'], prefix: string, season: number, lock: string) {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const weekOne = mlbWeekGames(prefix, season, 1, lock, true);
  const record = new Map<string, number>();
  for (const row of weekOne) {
    const homeWon = Number(row.homeScore) > Number(row.awayScore);
    record.set(row.home, (record.get(row.home) ?? 0) + (homeWon ? 1 : -1));
    record.set(row.away, (record.get(row.away) ?? 0) + (homeWon ? -1 : 1));
  }
  const deadlines = [lock, new Date(Date.parse(lock) + 7 * DAY_MS).toISOString()];
  await db
    .insert(teams)
    .values(
      TEAMS.map((abb) => ({ game: 'mlb', abb, name: abb, city: abb, colorOne: '#123456', colorTwo: '#fff' })),
    );
  await db.insert(seasonParams).values({
    game: 'mlb',
    season,
    seasonType: 'reg',
    start: new Date(lock),
    end: new Date(Date.parse(lock) + 14 * DAY_MS),
    deadlines,
    dashedDateArrays: [
      [],
      ...deadlines.map((at) =>
        Array.from({ length: 6 }, (_, day) =>
          new Date(Date.parse(at) + day * DAY_MS).toISOString().slice(0, 10),
        ),
      ),
    ],
  });
  await db.insert(games).values([...weekOne, ...mlbWeekGames(prefix, season, 2, deadlines[1], false)]);
  const byRecord = [...record].sort((a, b) => a[1] - b[1]).map(([team]) => team);
  return { deadlines, weekOne, byRecord };
}

/** The games the pools play: MLB's six days a week, or the NFL's one (a pool of game nfl plays the nfl-td schedule). */
export type BenchGame = 'mlb' | 'nfl';

/** A week's games of the bench's game: as mlbWeekGames, one day of them for the NFL. */
function weekGames(
  game: BenchGame,
  prefix: string,
  season: number,
  week: number,
  lock: string,
  final: boolean,
) {
  const rows = [];
  const days = game === 'nfl' ? 1 : 6;
  for (let day = 0; day < days; day++) {
    const clubs = teamsOf(game);
    for (let i = 0; i < clubs.length; i += 2) {
      rows.push({
        game: game === 'nfl' ? 'nfl-td' : 'mlb',
        gid: `${prefix}-${week}-${day}-${i}`,
        season,
        week,
        home: clubs[(i + day * 2) % clubs.length],
        away: clubs[(i + 1 + day * 2) % clubs.length],
        startTime: new Date(Date.parse(lock) + (day * 24 + 2) * 3600_000),
        status: final ? 'final' : 'scheduled',
        homeScore: final ? ((i + day) % 3 === 0 ? 2 : 5) : null,
        awayScore: final ? 3 : null,
        final,
        provider: 'manual',
      });
    }
  }
  return rows;
}

/**
 * A real pool's tables were written over weeks and vacuumed long since: vacuum them now, or autovacuum's
 * pass over a million fresh rows lands in what is measured, and flush the setup's WAL for the same reason.
 */
export async function settleTables(database: Database, tables: readonly string[]): Promise<void> {
  for (const table of tables) await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  await database.db.execute(sql`checkpoint`);
}

/** Locks then settles one week through the server's settlement code, the clock at each moment. */
export async function lockAndSettle(ctx: AppContext, poolId: number, week: number): Promise<number> {
  const [pool] = await ctx.db.select().from(pools).where(sql`${pools.id} = ${poolId}`);
  const lock = new Date(pool.deadlines[week - 1]);
  const clock = ctx.clock as ManualClock;
  const started = performance.now();
  clock.set(new Date(lock.getTime() + 60_000));
  if (!(await lockPoolWeek(ctx, pool, await loadPoolWeeks(ctx.db, pool), week, lock)))
    throw new Error(`week ${week} did not lock`);
  clock.set(new Date(lock.getTime() + 6.5 * DAY_MS));
  if (!(await settlePoolWeek(ctx, pool, week))) throw new Error(`week ${week} did not settle`);
  return (performance.now() - started) / 1000;
}

/**
 * Each week's offset of an entry's team (index id + offset in TEAMS): all different, and each week's
 * chosen so that about half of the teams that won the week before are followed by a winner. The weeks'
 * games are alike, so the week's winners are one set.
 */
function pickOffsets(game: BenchGame, weeks: number): number[] {
  const record = new Map<string, number>();
  for (const row of weekGames(game, 'x', 0, 1, new Date(0).toISOString(), true)) {
    const homeWon = Number(row.homeScore) > Number(row.awayScore);
    record.set(row.home, (record.get(row.home) ?? 0) + (homeWon ? 1 : -1));
    record.set(row.away, (record.get(row.away) ?? 0) + (homeWon ? -1 : 1));
  }
  const won = teamsOf(game).map((team) => (record.get(team) ?? 0) > 0);
  const winners = won.filter(Boolean).length;
  const offsets = [1];
  while (offsets.length < weeks) {
    const last = offsets[offsets.length - 1];
    // Of the entries whose team won last week (index i + last a winner), those whose next team wins too.
    const again = (offset: number) =>
      TEAMS.filter((_, i) => won[(i + last) % TEAMS.length] && won[(i + offset) % TEAMS.length]).length;
    const free = TEAMS.map((_, offset) => offset).filter((offset) => !offsets.includes(offset));
    free.sort((a, b) => Math.abs(again(a) - winners / 2) - Math.abs(again(b) - winners / 2));
    offsets.push(free[0]);
  }
  return offsets;
}

/** What bench:big-pool builds, and the names its reads need. */
export interface BigPoolWorld {
  /** The pool's game (an NFL Survivor pool plays the nfl-td schedule). */
  game: BenchGame;
  poolId: number;
  leagueId: number;
  season: number;
  /** Weeks locked and settled; the next one is open for picks. */
  settledWeeks: number;
  commishId: number;
  commishName: string;
  /** A player with five entries. */
  entrantId: number;
  entrantName: string;
  entrantEntryId: number;
  entries: number;
  users: number;
}

export const BIG_POOL_SEASON = 2099;
/** Bumped when the world's shape changes, so a kept database of an older shape is rebuilt. */
const WORLD_VERSION = 2;

/** The pool's name says what was built: a kept database is reused only when it holds this. */
function worldName(size: BigPoolSize): string {
  const { game = 'mlb', entries, users, weeks } = size;
  const kind = game === 'mlb' ? 'big pool' : `big ${game} pool`;
  return `${kind} v${WORLD_VERSION}: ${entries} entries, ${users} users, ${weeks} weeks`;
}

/** The world's size, and its game (MLB unless told). */
export interface BigPoolSize {
  entries: number;
  users: number;
  weeks: number;
  game?: BenchGame;
}

/**
 * The world kept in the database by an earlier run of the same size, when its open week's lock is still
 * a day away (the server would otherwise lock it while being measured); null when it must be built.
 */
export async function findBigPoolWorld(database: Database, size: BigPoolSize): Promise<BigPoolWorld | null> {
  const found = await database.db
    .execute(sql`
      select p.id as pool_id, p.league_id, p.deadlines->>${size.weeks} as open_lock
      from pools p join leagues l on l.id = p.league_id
      where lower(l.abb) = 'ala' and p.custom_name = ${worldName(size)}`)
    .catch(() => null);
  const row = found?.rows[0];
  if (!row || Date.parse(String(row.open_lock)) < Date.now() + DAY_MS) return null;
  return describeWorld(database, Number(row.pool_id), size);
}

async function describeWorld(database: Database, poolId: number, size: BigPoolSize): Promise<BigPoolWorld> {
  const result = await database.db.execute(sql`
    select p.league_id, c.id as commish_id, c.username as commish_name, u.id as entrant_id,
      u.username as entrant_name, e.id as entry_id
    from pools p
    join users c on c.username = 'bigcommish'
    join lateral (select user_id from entries where pool_id = p.id and entry_num = 5 order by id limit 1) five on true
    join users u on u.id = five.user_id
    join entries e on e.pool_id = p.id and e.user_id = u.id and e.entry_num = 1
    where p.id = ${poolId}`);
  const row = result.rows[0];
  if (!row) throw new Error('the big pool has no commissioner or no player with five entries');
  return {
    game: size.game ?? 'mlb',
    poolId,
    leagueId: Number(row.league_id),
    season: BIG_POOL_SEASON,
    settledWeeks: size.weeks,
    commishId: Number(row.commish_id),
    commishName: String(row.commish_name),
    entrantId: Number(row.entrant_id),
    entrantName: String(row.entrant_name),
    entrantEntryId: Number(row.entry_id),
    entries: size.entries,
    users: size.users,
  };
}

/**
 * Builds the world on an empty, migrated database: the global `ala` league (its commissioner
 * `bigcommish`, every player a member), its MLB pool with `entries` entries of `users` players (one to
 * five each, most five; the last players may have none, as members who did not enter), some in the
 * bonus pool, some insured, some on auto-rebuy; each entry's buy-in, insurance and most payments in the
 * ledger; `weeks` weeks picked, locked and settled through the server's settlement code, with rebuys
 * paid after each; the next week open, half the entries alive having picked it already.
 * `log` says what it is doing (a million entries take minutes).
 */
export async function buildBigPoolWorld(
  database: Database,
  databaseUrl: string,
  size: BigPoolSize,
  log: (line: string) => void,
): Promise<BigPoolWorld> {
  const { entries: ENTRIES, users: USERS, weeks: WEEKS, game = 'mlb' } = size;
  const nfl = game === 'nfl';
  const schedule = nfl ? 'nfl-td' : 'mlb';
  if (!Number.isInteger(WEEKS) || WEEKS < 1 || WEEKS > 8) throw new Error('BENCH_WEEKS: 1 to 8');
  const db = database.db;
  const season = BIG_POOL_SEASON;
  // Settled weeks of seven days end the day before yesterday; the open week locks in 60 days, so a kept
  // database serves for weeks; the season goes on four weeks after it.
  const builtAt = Math.floor(Date.now() / 3600_000) * 3600_000;
  const deadlines = Array.from({ length: WEEKS + 5 }, (_, i) =>
    new Date(
      i < WEEKS ? builtAt - (WEEKS - i) * 7 * DAY_MS - DAY_MS : builtAt + (60 + (i - WEEKS) * 7) * DAY_MS,
    ).toISOString(),
  );
  const first = Date.parse(deadlines[0]);
  const ctx = benchContext(database, databaseUrl, new Date(first - 3 * DAY_MS));
  const step = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  await db.insert(teams).values(
    teamsOf(game).map((abb) => ({
      game: schedule,
      abb,
      name: `${abb} Club`,
      city: abb,
      colorOne: '#123456',
      colorTwo: '#fff',
    })),
  );
  const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);
  await db.insert(seasonParams).values({
    game: schedule,
    season,
    seasonType: 'reg',
    start: new Date(first),
    end: new Date(Date.parse(deadlines[deadlines.length - 1]) + 7 * DAY_MS),
    deadlines,
    dashedDateArrays: [
      [],
      ...deadlines.map((lock) =>
        Array.from({ length: nfl ? 1 : 6 }, (_, day) => dayOf(Date.parse(lock) + day * DAY_MS)),
      ),
    ],
  });
  await db
    .insert(games)
    .values(deadlines.flatMap((lock, i) => weekGames(game, 'bench-big', season, i + 1, lock, i < WEEKS)));

  const [commish] = await db
    .insert(users)
    .values({
      username: 'bigcommish',
      email: 'bigcommish@bench.example',
      nameFirst: 'Big',
      nameLast: 'Commish',
      createdAt: new Date(first - 30 * DAY_MS),
    })
    .returning();
  const [league] = await db
    .insert(leagues)
    .values({
      name: 'ALA Survivor',
      abb: 'ala',
      desc: 'The global public pools of ALA Survivor. Anyone can join.',
      joinable: true,
      founderId: commish.id,
      admins: ['bigcommish'],
      inviteCode: 'bench-big-ala',
    })
    .returning();
  await step(`${USERS.toLocaleString('en-US')} users and league members`, async () => {
    await db.execute(sql`
      insert into users (username, email, name_first, name_last, created_at)
      select 'bp' || n, 'bp' || n || '@bench.example', 'Player', 'Number ' || n,
        ${new Date(first - 20 * DAY_MS).toISOString()}::timestamptz + n * interval '1 second'
      from generate_series(1, ${USERS}) as n`);
    await db.execute(sql`
      insert into league_members (league_id, user_id, created_at)
      select ${league.id}, id, created_at from users`);
  });

  const [pool] = await db
    .insert(pools)
    .values({
      leagueId: league.id,
      game,
      season,
      gameName: nfl ? 'NFL Survivor' : 'MLB',
      customName: 'big pool (building)',
      buyin: 5000,
      rebuys: 2,
      rebuyPrice: 2500,
      maxEntries: 5,
      insurance: 1000,
      insuranceOption: 1,
      // NFL Survivor has no bonus pool; its weeks lock at their first kickoff, two hours after the deadline.
      bonusActive: !nfl,
      bonusShutdown: 0,
      nflLockTime: 'first_game',
      lockAtPickStart: false,
      deadlines,
      start: new Date(first),
      entryDeadline: new Date(first),
      createdAt: new Date(first - 10 * DAY_MS),
    })
    .returning();

  await step(`${ENTRIES.toLocaleString('en-US')} entries`, () =>
    // Each player's count from a hash of the id: 60% five entries, 20% four, 10% three, 5% two, 5% one;
    // entries are numbered in sign-up order (the slot) as the trigger would.
    db.execute(sql`
      with counts as (
        select id, case when h < 5 then 1 when h < 10 then 2 when h < 20 then 3 when h < 40 then 4 else 5 end as cnt
        from (select id, abs(hashint4(id)) % 100 as h from users where username like 'bp%') u),
      running as (select id, cnt, sum(cnt) over (order by id) as upto from counts),
      numbered as (
        select r.id as user_id, k, row_number() over (order by r.id, k) as rn
        from running r cross join lateral generate_series(1, r.cnt) as k
        where r.upto - r.cnt < ${ENTRIES})
      insert into entries (pool_id, user_id, entry_num, slot, lives, auto_rebuy, bonus, insurance_purchased, created_at)
      select ${pool.id}, user_id, k, rn - 1, 3, rn % 4 = 0, rn % 3 = 0, rn % 5 = 0,
        ${new Date(first - 5 * DAY_MS).toISOString()}::timestamptz + rn * interval '1 millisecond'
      from numbered where rn <= ${ENTRIES}`),
  );
  await step('buy-ins, insurance and payments in the ledger', () =>
    db.execute(sql`
      insert into ledger (pool_id, entry_id, kind, amount, week, notes, created_by, created_at)
      select ${pool.id}, e.id, x.kind, x.amount, null, x.notes, x.created_by, e.created_at + x.later
      from entries e cross join lateral (values
        ('buyin', -5000, null::text, e.user_id, interval '0'),
        ('insurance', case when e.insurance_purchased then -1000 end, null, e.user_id, interval '1 second'),
        ('payment', case when e.id % 5 <> 0 then 5000 + case when e.insurance_purchased then 1000 else 0 end end,
          'Venmo', ${commish.id}, interval '1 day')
      ) as x(kind, amount, notes, created_by, later)
      where e.pool_id = ${pool.id} and x.amount is not null`),
  );

  const offsets = pickOffsets(game, WEEKS + 1);
  const clubArray = sql.raw(
    `array[${teamsOf(game)
      .map((team) => `'${team}'`)
      .join(',')}]`,
  );
  for (let week = 1; week <= WEEKS + 1; week++) {
    const open = week > WEEKS;
    // An entry in play picks (nine in ten; half of them in the open week); its team moves on by another
    // offset each week, so none is used twice, and about half of last week's winners pick a winner again.
    await step(`week ${week} picks${open ? ' (open week)' : ''}`, () =>
      db.execute(sql`
        insert into picks (entry_id, week, pick_id, team_abb, created_by, created_at)
        select e.id, ${week}, t.abb, t.abb, e.user_id,
          ${new Date(Date.parse(deadlines[week - 1]) - DAY_MS).toISOString()}::timestamptz + (e.id % 3600) * interval '1 second'
        from entries e
        cross join lateral (select (${clubArray})[1 + ((e.id + ${offsets[week - 1]}) % ${TEAMS.length})] as abb) t
        where e.pool_id = ${pool.id} and e.lives > 0
          and e.id % 10 <> 0 and (${!open} or e.id % 2 = 0)`),
    );
    if (open) break;
    await step(`week ${week} locked and settled by the server's settlement`, () =>
      lockAndSettle(ctx, pool.id, week),
    );
    // Half the entries waiting for a rebuy pay it, as POST /user/rebuy does.
    await step(`week ${week} rebuys`, () =>
      db.execute(sql`
        with paid as (
          update entries set rebuys_made = rebuys_made + 1, needs_rebuy = false
          where pool_id = ${pool.id} and needs_rebuy and rebuys_made < 2 and id % 2 = 0
          returning id, user_id)
        insert into ledger (pool_id, entry_id, kind, amount, week, created_by, created_at)
        select ${pool.id}, id, 'rebuy', -2500, ${week}, user_id,
          ${new Date(Date.parse(deadlines[week]) - DAY_MS).toISOString()}::timestamptz
        from paid`),
    );
  }
  await step('vacuum and checkpoint', () =>
    settleTables(database, [
      'users',
      'league_members',
      'entries',
      'picks',
      'ledger',
      'entry_week_kinds',
      'pool_weeks',
    ]),
  );
  await db.execute(sql`update pools set custom_name = ${worldName(size)} where id = ${pool.id}`);
  return describeWorld(database, pool.id, size);
}
