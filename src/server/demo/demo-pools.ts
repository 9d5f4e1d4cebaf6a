import { and, asc, eq, inArray } from 'drizzle-orm';
import { scheduleOf } from '../../core/games';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import {
  changelogEntries,
  entries,
  leagueMembers,
  leagues,
  pickAudits,
  picks,
  pools,
  seasonParams,
  users,
} from '../db/schema';
import { processLeagueChamps } from '../modules/pools/commish/entrants/champions.service';
import { appendLedger, type LedgerRowInput } from '../modules/pools/store/ledger.repo';

interface DemoPool {
  league: string;
  game: 'nba' | 'mlb' | 'nfl-td' | 'nfl';
  gameName: string;
  season: number;
  /** First lock (week 1), then one deadline a week. */
  firstDeadline: string;
  weeks: number;
  entrants: string[];
  /** Lives left at the end of a concluded season, per entrant in order (running pools get theirs from settlement). */
  lives?: number[];
  /** A concluded season's champions: the league's commissioner crowned them, and they split its prize pool. */
  champions?: string[];
  settings?: Partial<typeof pools.$inferInsert>;
  /** A pool that began mid-season: its first played week (the demo's MLB pools start late in the season). */
  startWeek?: number;
  /**
   * Picks written ahead, per entrant: one team a week from the first played week on, made the day before
   * each lock. The demo's own picking (demo-entrants.ts) fills every other week; scripted weeks tell a
   * story the replayed results make come true (a last survivor, a wipeout).
   */
  picks?: Record<string, string[]>;
}

const NFL_SETTINGS = { playersPerWeek: 3, maxPlayersPerTeam: 1, nflPassTds: 2, lockAtPickStart: true };

/**
 * Pools of the demo leagues. Running pools sit on the seasons the sports-data replay plays (all labelled
 * 2023) and take their weeks from its season params; concluded pools are past seasons with champions.
 */
export const DEMO_POOLS: DemoPool[] = [
  {
    league: 'ala',
    game: 'nfl-td',
    gameName: 'NFL TD',
    season: 2023,
    firstDeadline: '2023-09-10T17:00:00Z',
    weeks: 17,
    entrants: ['commish', 'jordan', 'taylor', 'sam', 'riley', 'alex', 'jamie', 'drew'],
    settings: { ...NFL_SETTINGS, buyin: 2000, rebuys: 2, rebuyPrice: 1000 },
  },
  // NFL Survivor (spec 4, part 1) on the replayed NFL season (2020's games on 2023 dates). Week 3 holds
  // the season's real tie, PHI 23-23 CIN: taylor's PHI pick costs a life where ties lose (this pool), and
  // sam's CIN pick advances in the league pool below, where ties win.
  {
    league: 'ala',
    game: 'nfl',
    gameName: 'NFL Survivor',
    season: 2023,
    firstDeadline: '2023-09-10T17:00:00Z',
    weeks: 17,
    entrants: ['commish', 'jordan', 'taylor', 'sam', 'riley', 'alex', 'jamie', 'drew', 'morgan', 'quinn'],
    picks: { taylor: ['BAL', 'SF', 'PHI'], jamie: ['KC', 'GB', 'SEA'] },
    settings: {
      buyin: 2000,
      rebuys: 1,
      rebuyPrice: 1000,
      insuranceOption: 1,
      insurance: 500,
      nflLockTime: 'early_slate',
      tieRule: 'loss',
      autoPick: true,
      playersPerWeek: 1,
      lockAtPickStart: false,
    },
  },
  {
    league: 'SQUAD',
    game: 'nfl',
    gameName: 'NFL Survivor',
    season: 2023,
    firstDeadline: '2023-09-10T17:00:00Z',
    weeks: 17,
    entrants: ['jordan', 'commish', 'taylor', 'sam', 'riley'],
    picks: { sam: ['NE', 'TEN', 'CIN'], taylor: ['BAL', 'SF', 'PHI'] },
    settings: {
      customName: 'Sunday Survivor',
      buyin: 2500,
      rebuys: 1,
      rebuyPrice: 1000,
      nflLockTime: 'last_game',
      tieRule: 'win',
      // A double-pick week early in the replay (so it is played soon after the demo starts) and the
      // Thanksgiving week.
      picksPerWeek: { '4': 2, '12': 2 },
      playersPerWeek: 1,
      lockAtPickStart: false,
    },
  },
  {
    league: 'ala',
    game: 'mlb',
    gameName: 'MLB',
    season: 2023,
    firstDeadline: '2023-03-30T16:00:00Z',
    weeks: 26,
    startWeek: 22,
    entrants: ['jordan', 'commish', 'taylor', 'morgan', 'quinn', 'avery', 'blake'],
    settings: {
      insuranceOption: 1,
      insurance: 500,
      shootMoon: true,
      bonusActive: true,
      bonusShutdown: 2,
      alaPct: 0.05,
    },
  },
  {
    league: 'ala',
    game: 'nba',
    gameName: 'NBA',
    season: 2023,
    firstDeadline: '2023-10-24T23:00:00Z',
    weeks: 24,
    entrants: ['commish', 'sam', 'riley', 'alex', 'jamie', 'quinn'],
    settings: { bonusActive: true, bonusShutdown: 2, insuranceOption: 2, insurance: 1000 },
  },
  {
    league: 'ala',
    game: 'mlb',
    gameName: 'MLB',
    season: 2022,
    firstDeadline: '2022-04-07T16:00:00Z',
    weeks: 26,
    entrants: ['jordan', 'commish', 'taylor', 'morgan', 'quinn', 'avery'],
    lives: [1, 0, 0, 0, 0, 0],
    champions: ['jordan'],
    settings: { insuranceOption: 1, insurance: 500, shootMoon: true, bonusActive: true },
  },
  {
    league: 'SQUAD',
    game: 'mlb',
    gameName: 'MLB',
    season: 2023,
    firstDeadline: '2023-03-30T16:00:00Z',
    weeks: 26,
    startWeek: 22,
    entrants: ['jordan', 'commish', 'taylor', 'sam', 'riley'],
    settings: { buyin: 2500, rebuys: 2, rebuyPrice: 1000, shootMoon: true },
  },
  {
    league: 'OFFCE',
    game: 'nfl-td',
    gameName: 'NFL TD',
    season: 2022,
    firstDeadline: '2022-09-11T17:00:00Z',
    weeks: 18,
    entrants: ['taylor', 'jamie', 'drew', 'morgan', 'quinn'],
    lives: [0, 1, 1, 0, 0],
    champions: ['jamie', 'drew'],
    settings: { ...NFL_SETTINGS, buyin: 5000, rebuys: 0, rebuyPrice: 0 },
  },
  // The season's end at work (spec 4, part 2), on MLB 2023 weeks 22-25 as they were played. One life each.
  // Last survivor: drew goes out in week 22 (TOR lost), jamie in 23 (SF), morgan in 25 (SF): taylor
  // alone is left after week 25 and is crowned by the settlement pass that judged it.
  {
    league: 'OFFCE',
    game: 'mlb',
    gameName: 'MLB',
    season: 2023,
    firstDeadline: '2023-03-30T16:00:00Z',
    weeks: 26,
    startWeek: 22,
    entrants: ['taylor', 'jamie', 'drew', 'morgan'],
    picks: {
      taylor: ['BAL', 'TOR', 'SF', 'LAD'],
      jamie: ['LAD', 'SF'],
      drew: ['TOR'],
      morgan: ['ATL', 'BAL', 'TOR', 'SF'],
    },
    settings: {
      customName: 'Last One Standing',
      buyin: 1000,
      rebuys: 0,
      rebuyPrice: 0,
      endWipeout: 'split',
      endCrowning: 'automatic',
    },
  },
  // A wipeout revived: the three left after week 24 all lose in week 25 (TOR, ATL, SF lost), so under the
  // revive rule they come back with 1 life each and play on.
  {
    league: 'OFFCE',
    game: 'mlb',
    gameName: 'MLB',
    season: 2023,
    firstDeadline: '2023-03-30T16:00:00Z',
    weeks: 26,
    startWeek: 22,
    entrants: ['jamie', 'quinn', 'avery', 'drew'],
    picks: {
      jamie: ['LAD', 'SF'],
      quinn: ['BAL', 'MIA', 'TB', 'TOR'],
      avery: ['BAL', 'PHI', 'LAD', 'ATL'],
      drew: ['ATL', 'MIN', 'CHC', 'SF'],
    },
    settings: {
      customName: 'Everybody Back',
      poolIdx: 1,
      buyin: 500,
      rebuys: 0,
      rebuyPrice: 0,
      endWipeout: 'revive',
      endCrowning: 'automatic',
    },
  },
];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Activated pools with entries in the demo leagues, so every league page and hub table has rows. */
export async function seedLeaguePools(ctx: AppContext, tx?: DbOrTx): Promise<void> {
  const db = tx ?? ctx.db;
  const leagueOf = new Map((await db.select().from(leagues)).map((league) => [league.abb, league]));
  const userRows = await db.select({ id: users.id, username: users.username }).from(users);
  const idOf = new Map(userRows.map((user) => [user.username, user.id]));
  for (const demo of DEMO_POOLS) {
    const league = leagueOf.get(demo.league);
    if (!league) continue;
    // A replayed season's own calendar when there is one; otherwise one deadline a week.
    const [params] = await db
      .select()
      .from(seasonParams)
      .where(
        and(
          eq(seasonParams.game, scheduleOf(demo.game)),
          eq(seasonParams.season, demo.season),
          eq(seasonParams.seasonType, 'reg'),
        ),
      );
    const deadlines =
      params && params.deadlines.length > 0
        ? params.deadlines
        : Array.from({ length: demo.weeks }, (_, week) =>
            new Date(new Date(demo.firstDeadline).getTime() + week * 7 * DAY_MS).toISOString(),
          );
    const startWeek = Math.min(demo.startWeek ?? 1, deadlines.length);
    const first = new Date(deadlines[startWeek - 1]).getTime();
    // Sign-ups happen before week 1, and never after the clock's now (an open pool's week 1 is ahead).
    const signUpAt = Math.min(first - 2 * DAY_MS, ctx.clock.now().getTime() - 3 * DAY_MS);
    const final = Boolean(demo.champions);
    const [pool] = await db
      .insert(pools)
      .values({
        leagueId: league.id,
        game: demo.game,
        gameName: demo.gameName,
        season: demo.season,
        deadlines,
        start: new Date(first),
        entryDeadline: new Date(first),
        startWeek,
        // A concluded season turns final when its commissioner crowns the champions (crownDemoChampions).
        final: false,
        ...demo.settings,
        // Set up the day before its first sign-up, on the application's clock like everything else.
        createdAt: new Date(signUpAt - DAY_MS),
      })
      .returning();
    const champions = new Set(demo.champions ?? []);
    const rows = demo.entrants.flatMap((username, index) => {
      const userId = idOf.get(username);
      if (!userId) return [];
      const champion = champions.has(username);
      // A running pool's entries start fresh: their lives come from settling their picks. A concluded
      // (past) season, which the replay does not hold, keeps its recorded outcome.
      const lives = final ? (champion ? (demo.lives?.[index] ?? 1) : 0) : pool.rebuys + 1;
      const losses = pool.rebuys + 1 - lives;
      return [
        {
          poolId: pool.id,
          userId,
          lives,
          // Every loss that left a life was rebought; the last loss of an eliminated entry was not.
          rebuysMade: final ? Math.max(0, lives > 0 ? losses : losses - 1) : 0,
          autoRebuy: !final && index % 3 === 1,
          bonus: pool.bonusActive && index % 2 === 0,
          insurancePurchased: pool.insuranceOption > 0 && index % 3 === 0,
          weeksAlive: final ? (lives > 0 ? demo.weeks : Math.min(demo.weeks, 3 + index * 2)) : 0,
          // Crowning ranks the champions first; the others finish in the recorded order.
          finalRank: final && !champion ? champions.size + index : null,
          createdAt: new Date(signUpAt + index * 60_000),
        },
      ];
    });
    if (rows.length === 0) continue;
    const created = await db.insert(entries).values(rows).returning();
    await writeScriptedPicks(db, demo, created, deadlines, startWeek, idOf, ctx.clock.now());
    // Their money as the season wrote it: buy-in and insurance at sign-up, then (in a concluded season)
    // each rebuy its entry made, paid before the lock of the week after a loss. Every figure the pool
    // shows (rebuys, prize pool, prizes) is then a sum of these rows.
    for (const entry of created) {
      const charges: LedgerRowInput[] = [
        { poolId: pool.id, entryId: entry.id, kind: 'buyin', amount: -pool.buyin, createdBy: entry.userId },
      ];
      if (entry.insurancePurchased) {
        charges.push({
          poolId: pool.id,
          entryId: entry.id,
          kind: 'insurance',
          amount: -pool.insurance,
          createdBy: entry.userId,
        });
      }
      await appendLedger(db, charges, entry.createdAt);
      const played = entry.lives > 0 ? deadlines.length - startWeek + 1 : entry.weeksAlive;
      // Free rebuys write no rows, as settlement's charges do not.
      const charged = pool.rebuyPrice > 0 ? entry.rebuysMade : 0;
      for (let rebuy = 1; rebuy <= charged; rebuy++) {
        const week = Math.min(
          deadlines.length,
          startWeek + 1 + Math.floor((rebuy * played) / (entry.rebuysMade + 1)),
        );
        const paidAt = Math.max(
          entry.createdAt.getTime() + 60_000,
          new Date(deadlines[week - 1]).getTime() - DAY_MS,
        );
        await appendLedger(
          db,
          [
            {
              poolId: pool.id,
              entryId: entry.id,
              kind: 'rebuy',
              amount: -pool.rebuyPrice,
              week,
              notes: `Rebuy before Week ${week}`,
              createdBy: entry.userId,
            },
          ],
          new Date(paidAt),
        );
      }
    }
  }
  // One member has new-pool e-mails off, so the league setting shows both values.
  const office = leagueOf.get('OFFCE');
  const drew = idOf.get('drew');
  if (office && drew) {
    await db
      .update(leagueMembers)
      .set({ emailNewPools: false })
      .where(and(eq(leagueMembers.leagueId, office.id), eq(leagueMembers.userId, drew)));
  }
}

/** A demo pool's scripted picks, each confirmed by its entrant the day before its week's lock. */
async function writeScriptedPicks(
  db: DbOrTx,
  demo: DemoPool,
  created: readonly { id: number; userId: number }[],
  deadlines: readonly string[],
  startWeek: number,
  idOf: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  if (!demo.picks) return;
  const rows = Object.entries(demo.picks).flatMap(([username, teams]) => {
    const entry = created.find((row) => row.userId === idOf.get(username));
    if (!entry) return [];
    return teams.map((team, index) => {
      const week = startWeek + index;
      return {
        entryId: entry.id,
        week,
        pickId: team,
        teamAbb: team,
        createdBy: entry.userId,
        // The day before the week's lock, or (a week still ahead) an hour before now.
        createdAt: new Date(
          Math.min(new Date(deadlines[week - 1]).getTime() - DAY_MS, now.getTime() - HOUR_MS),
        ),
      };
    });
  });
  if (rows.length === 0) return;
  await db.insert(picks).values(rows);
  await db.insert(pickAudits).values(
    rows.map((row) => ({
      entryId: row.entryId,
      week: row.week,
      action: 'confirm',
      oldPickId: null,
      newPickId: row.pickId,
      userId: row.createdBy,
      createdAt: row.createdAt,
    })),
  );
}

/**
 * Crowns the concluded demo seasons' champions through the commissioner's own tool (processLeagueChamps),
 * on a clock stopped a few days after each season's last deadline: the champions split the prize pool
 * that the pool's ledger adds up to, in 'prize' rows, and the pool turns final with its feed news.
 */
export async function crownDemoChampions(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  for (const demo of DEMO_POOLS) {
    if (!demo.champions) continue;
    const [found] = await ctx.db
      .select({ pool: pools, league: leagues })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(and(eq(leagues.abb, demo.league), eq(pools.game, demo.game), eq(pools.season, demo.season)))
      .limit(1);
    if (!found || found.pool.final) continue;
    const commish = found.league.admins[0] ?? '';
    const [viewer] = await ctx.db.select().from(users).where(eq(users.username, commish)).limit(1);
    if (!viewer) continue;
    const winners = await ctx.db
      .select({ id: entries.id })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(entries.poolId, found.pool.id), inArray(users.username, demo.champions)))
      .orderBy(asc(entries.id));
    if (winners.length === 0) continue;
    const lastDeadline = new Date(found.pool.deadlines.at(-1) ?? found.pool.start).getTime();
    const crownedAt = new Date(Math.min(lastDeadline + 3 * DAY_MS, now - DAY_MS));
    await processLeagueChamps({ ...ctx, clock: { now: () => new Date(crownedAt) } }, viewer, {
      poolId: found.pool.id,
      champions: winners.map((winner) => winner.id),
      defaultWeeksAlive: null,
      userWeeksAlive: {},
    });
  }
}

/** Three changelog entries so the page and the unread badge have something to show. */
export async function seedChangelog(ctx: AppContext, tx?: DbOrTx): Promise<void> {
  const db = tx ?? ctx.db;
  // Dated on the application's clock (a replayed season in the demo), so "unread" compares like with like.
  const now = ctx.clock.now().getTime();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  const day = (days: number) => daysAgo(days).toISOString().slice(0, 10);
  await db.insert(changelogEntries).values([
    {
      title: 'Welcome to the new ALA Survivor',
      date: day(80),
      createdAt: daysAgo(80),
      author: 'ALA Team',
      items: ['A faster site on every device', 'Leagues can now be hidden from non-members'],
    },
    {
      title: 'League invites by e-mail',
      date: day(45),
      createdAt: daysAgo(45),
      author: 'ALA Team',
      items: [
        'Members can e-mail an invite link from the league page',
        'Commissioners can e-mail their whole league',
      ],
    },
    {
      title: 'Changelog and profile activity',
      date: day(5),
      createdAt: daysAgo(5),
      author: null,
      items: ['See what changed on this page', 'Your profile lists your recent league and pool activity'],
    },
  ]);
}
