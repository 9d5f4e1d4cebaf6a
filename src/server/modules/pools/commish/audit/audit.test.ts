import { beforeEach, describe, expect, it } from 'vitest';
import type { PoolAuditResponse } from '../../../../../core/contracts/pools';
import type { TestApp } from '../../../../test/harness';
import { addMemberByInvite, registerNamed } from '../../../../test/league-test-world';
import { buildMlbPool, enter, NOW, type PoolWorld, startPoolWorld } from '../../../../test/pool-test-world';
import { recordPoolAudits } from '../../store/pool-audits.repo';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/pools/{poolId}/audit', () => {
  it('is empty for a new pool and lists changes newest first, with who made them and of which entry', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const empty = await get(`/api/pools/${pool.id}/audit`, world.owner.cookie);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ rows: [], total: 0, page: 1 });

    const alice = await registerNamed(t.app, 'alice');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, alice);
    const entry = await enter(t.ctx, pool.id, alice, { entryNum: 2 });
    const by = { id: world.owner.id };
    await recordPoolAudits(
      t.ctx.db,
      pool.id,
      by,
      [
        {
          action: 'lives',
          summary: 'Lives of alice [2]: 3 to 2',
          entryId: entry.id,
          oldValue: 3,
          newValue: 2,
        },
      ],
      new Date(NOW.getTime() - 60_000),
    );
    await recordPoolAudits(
      t.ctx.db,
      pool.id,
      by,
      [
        {
          action: 'settings',
          summary: 'Buy-in: $50 to $60',
          oldValue: { buyin: 5000 },
          newValue: { buyin: 6000 },
        },
      ],
      NOW,
    );
    const answer = await get(`/api/pools/${pool.id}/audit`, world.owner.cookie);
    const body: PoolAuditResponse = answer.json();
    expect(body.total).toBe(2);
    expect(body.rows.map((row) => [row.action, row.by, row.entry, row.old_value, row.new_value])).toEqual([
      ['settings', world.owner.username, null, { buyin: 5000 }, { buyin: 6000 }],
      ['lives', world.owner.username, 'alice [2]', 3, 2],
    ]);
  });

  it('refuses a member who is not an admin and knows no pool for a visitor of a private league', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await registerNamed(t.app, 'bob');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, bob);
    const member = await get(`/api/pools/${pool.id}/audit`, bob.cookie);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe("Only your league's administrators can use the Commish tools.");
    const badPage = await get(`/api/pools/${pool.id}/audit?page=0`, world.owner.cookie);
    expect(badPage.statusCode).toBe(400);
  });
});
