import { describe, expect, it } from 'vitest';
import { leagues, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoWorld } from './seed';

describe('seedDemoWorld', () => {
  it('creates the platform league ala and demo users who can log in with the shared password', async () => {
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
    // Seeding loads whole replayed seasons: seconds on PGlite, more while other test files run beside it.
  }, 120_000);
});
