import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entries, leagueMembers, leagues, pools, users } from '../db/schema';
import { listSiteAdmins } from '../modules/admin/site-admins.service';
import { createTestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { DEMO_USERS } from './demo-users';
import { DEMO_PASSWORD, seedDemoWorld } from './seed';

describe('seedDemoWorld', () => {
  it(
    'creates the platform league ala and demo users who can log in with the shared password',
    async () => {
      const { app, ctx } = await createTestApp();
      await seedDemoWorld(ctx);
      expect(await ctx.db.select().from(users)).toHaveLength(DEMO_USERS.length);
      const abbs = (await ctx.db.select().from(leagues)).map((league) => league.abb);
      expect(abbs).toContain('ala');
      const login = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'jordan', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.siteAdmin).toBe(false);
      // The demo grants the site to its commissioner, and to nobody else.
      const commish = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'commish', password: DEMO_PASSWORD },
      });
      expect(commish.json().user.siteAdmin).toBe(true);
      expect((await listSiteAdmins(ctx.db)).map((admin) => admin.username)).toEqual(['commish']);
      // A story that reads in order: founded, then joined, then entered (and nothing after the clock's now).
      const now = ctx.clock.now().getTime();
      const rows = await ctx.db
        .select({ entry: entries, member: leagueMembers, league: leagues })
        .from(entries)
        .innerJoin(pools, eq(pools.id, entries.poolId))
        .innerJoin(leagues, eq(leagues.id, pools.leagueId))
        .innerJoin(leagueMembers, eq(leagueMembers.leagueId, leagues.id))
        .where(eq(leagueMembers.userId, entries.userId));
      expect(rows.length).toBeGreaterThan(20);
      for (const { entry, member, league } of rows) {
        expect(league.createdAt.getTime()).toBeLessThanOrEqual(member.createdAt.getTime());
        expect(member.createdAt.getTime()).toBeLessThanOrEqual(entry.createdAt.getTime());
        expect(entry.createdAt.getTime()).toBeLessThanOrEqual(now);
      }
      // Seeding loads whole replayed seasons: seconds on PGlite, more while other test files run beside it.
    },
    timeLimit(120_000),
  );
});
