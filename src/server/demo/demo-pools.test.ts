import { describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { changelogEntries, entries, leagueMembers, leagues, pools, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { crownDemoChampions, DEMO_POOLS, seedChangelog, seedLeaguePools } from './demo-pools';
import { DEMO_USERS } from './demo-users';
import { DEMO_LEAGUES } from './seed';

describe('demo league pools', () => {
  it('gives the demo leagues pools, entries, trophies and changelog entries', async () => {
    // The demo clock's first instant: the NBA 2023 pool is still open for entry then.
    const { app, ctx } = await createTestApp({ now: new Date('2023-09-20T16:00:00Z') });
    // The demo users and leagues without password hashing or sports data, which seed.test.ts covers.
    const inserted = await ctx.db
      .insert(users)
      .values(
        DEMO_USERS.map(([username, nameFirst, nameLast]) => ({
          username,
          nameFirst,
          nameLast,
          email: `${username}@example.com`,
        })),
      )
      .returning();
    const idOf = new Map(inserted.map((user) => [user.username, user.id]));
    for (const demo of DEMO_LEAGUES) {
      const [league] = await ctx.db
        .insert(leagues)
        .values({ ...demo, founderId: idOf.get(demo.founder), inviteCode: `code-${demo.abb}` })
        .returning();
      await ctx.db
        .insert(leagueMembers)
        .values(demo.members.map((name) => ({ leagueId: league.id, userId: must(idOf.get(name)) })));
    }
    await seedLeaguePools(ctx);
    await crownDemoChampions(ctx);
    await seedChangelog(ctx);
    expect(await ctx.db.select().from(pools)).toHaveLength(DEMO_POOLS.length);
    expect((await ctx.db.select().from(entries)).length).toBeGreaterThan(20);
    expect(await ctx.db.select().from(changelogEntries)).toHaveLength(3);

    const ala = (await app.inject({ url: '/leagueRoutes/fetchLeague/abb/ala' })).json();
    expect(ala.pools.map((p: { game: string }) => p.game).sort()).toEqual([
      'mlb',
      'mlb',
      'nba',
      'nfl',
      'nfl-td',
    ]);
    expect(ala.trophies).toEqual([
      expect.objectContaining({ game: 'mlb', season: 2022, champions: ['jordan'] }),
    ]);
    const all = (await app.inject({ url: '/leagueRoutes/allPools' })).json();
    expect(all.map((p: { league_abb: string }) => p.league_abb).sort()).toEqual([
      'OFFCE',
      'OFFCE',
      'OFFCE',
      'SQUAD',
      'SQUAD',
      'ala',
      'ala',
      'ala',
      'ala',
      'ala',
    ]);
    const squad = all.filter((p: { league_abb: string }) => p.league_abb === 'SQUAD');
    expect(squad.map((p: { locked: boolean }) => p.locked)).toEqual([true, true]);
    // Nobody signed up in the future of the application's clock.
    const now = ctx.clock.now().getTime();
    for (const entry of await ctx.db.select().from(entries)) {
      expect(entry.createdAt.getTime()).toBeLessThanOrEqual(now);
    }
  });
});
