import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POOL_MESSAGES } from '../../../../core/contracts/pools';
import { entries, leagueMembers, ledger } from '../../../db/schema';
import { buildPool } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, createLeagueAs, registerNamed } from '../../../test/league-test-world';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: new Date('2026-11-22T18:00:00Z') });
});

const signUp = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/user/regForGame', headers: cookie ? { cookie } : {}, payload });

describe('POST /user/regForGame', () => {
  it('signs a member up with lives = rebuys + 1 and adds entries up to max_entries', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Private Club', abb: 'PRIV' });
    const pool = await buildPool(t.ctx, {
      leagueId,
      rebuys: 2,
      maxEntries: 2,
      bonusActive: true,
      insuranceOption: 1,
      insurance: 500,
    });
    const first = await signUp(owner.cookie, { pool_id: pool.id, bonus: true, insurance_purchased: true });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ entry_num: 1, league_abb: 'PRIV', path: '/mlb/PRIV/2023/reg/0' });
    const second = await signUp(owner.cookie, { pool_id: pool.id });
    expect(second.json().entry_num).toBe(2);
    const third = await signUp(owner.cookie, { pool_id: pool.id });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(POOL_MESSAGES.maxEntries(2));
    const rows = await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id));
    expect(rows.map((row) => [row.entryNum, row.lives, row.bonus, row.insurancePurchased])).toEqual([
      [1, 3, true, true],
      [2, 3, false, false],
    ]);
  });

  it('answers a repeated sign-up (same request key) with the entry it made, charging once', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Private Club', abb: 'PRIV' });
    const pool = await buildPool(t.ctx, { leagueId, maxEntries: 3, insuranceOption: 1, insurance: 500 });
    const body = { pool_id: pool.id, insurance_purchased: true, request_key: 'dialog-1-abcdef' };
    const first = await signUp(owner.cookie, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await signUp(owner.cookie, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Another dialog's request is another entry.
    const other = await signUp(owner.cookie, { ...body, request_key: 'dialog-2-abcdef' });
    expect(other.statusCode).toBe(201);
    expect(other.json().entry_num).toBe(2);
    const rows = await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id));
    expect(rows.map((row) => row.entryNum).sort()).toEqual([1, 2]);
    const charges = await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id));
    expect(charges).toHaveLength(4);
    const bad = await signUp(owner.cookie, { ...body, request_key: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(POOL_MESSAGES.badRequestKey);
  });

  it('refuses visitors, outsiders of a private league, late sign-ups and concluded pools', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const outsider = await registerNamed(t.app, 'outsider');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Private Club', abb: 'PRIV' });
    const pool = await buildPool(t.ctx, { leagueId });
    expect((await signUp(undefined, { pool_id: pool.id })).statusCode).toBe(401);
    // The session is checked before the body: a visitor never learns which field is wrong.
    expect((await signUp(undefined, {})).statusCode).toBe(401);
    const refused = await signUp(outsider.cookie, { pool_id: pool.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(POOL_MESSAGES.membersOnly);
    expect((await signUp(owner.cookie, { pool_id: 999_999 })).statusCode).toBe(404);

    const late = await buildPool(t.ctx, {
      leagueId,
      poolIdx: 1,
      entryDeadline: new Date('2026-11-01T00:00:00Z'),
    });
    const lateAnswer = await signUp(owner.cookie, { pool_id: late.id });
    expect(lateAnswer.statusCode).toBe(409);
    expect(lateAnswer.json().message).toBe(POOL_MESSAGES.deadlinePassed);
    const done = await buildPool(t.ctx, { leagueId, poolIdx: 2, final: true });
    expect((await signUp(owner.cookie, { pool_id: done.id })).json().message).toBe(POOL_MESSAGES.concluded);
    expect(await t.ctx.db.select().from(entries)).toHaveLength(0);
  });

  it('takes a user into a joinable league on the way, hides a hidden league, and never sells NFL TD insurance', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const walkIn = await registerNamed(t.app, 'walkin');
    const openLeague = await createLeagueAs(t.app, owner, { name: 'Open Club', abb: 'OPEN', joinable: true });
    const nfl = await buildPool(t.ctx, {
      leagueId: openLeague,
      game: 'nfl-td',
      gameName: 'NFL TD',
      insuranceOption: 1,
      bonusActive: true,
    });
    const joined = await signUp(walkIn.cookie, { pool_id: nfl.id, bonus: true, insurance_purchased: true });
    expect(joined.statusCode).toBe(201);
    const members = await t.ctx.db.select().from(leagueMembers).where(eq(leagueMembers.leagueId, openLeague));
    expect(members.map((m) => m.userId)).toContain(walkIn.id);
    const [entry] = await t.ctx.db.select().from(entries).where(eq(entries.poolId, nfl.id));
    expect([entry.bonus, entry.insurancePurchased]).toEqual([false, false]);

    const secret = await createLeagueAs(t.app, owner, { name: 'Secret', abb: 'SECR', hidden: true });
    const hiddenPool = await buildPool(t.ctx, { leagueId: secret });
    expect((await signUp(walkIn.cookie, { pool_id: hiddenPool.id })).statusCode).toBe(404);
    await addMemberByInvite(t.app, t.ctx, secret, walkIn);
    expect((await signUp(walkIn.cookie, { pool_id: hiddenPool.id })).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous sign-ups take the last entry', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Race Club', abb: 'RACE' });
    const pool = await buildPool(t.ctx, { leagueId, maxEntries: 1 });
    const answers = await Promise.all([
      signUp(owner.cookie, { pool_id: pool.id }),
      signUp(owner.cookie, { pool_id: pool.id }),
      signUp(owner.cookie, { pool_id: pool.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id))).toHaveLength(1);
  });
});
