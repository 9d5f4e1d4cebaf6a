import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '../../../../core/contracts/pools';
import { must } from '../../../../core/must';
import {
  describePickCancel,
  describePickConfirm,
  formatLockedMessage,
  formatMaxSelectionsMessage,
  PICK_DEADLINE_ALERT,
} from '../../../../core/picks';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { pickAudits, picks } from '../../../db/schema';
import { buildPick } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerNamed, type TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  createPoolWorld,
  enter,
  NOW,
  type PoolWorld,
  seedMlbSeason,
  seedNflSeason,
} from '../../../test/pool-test-world';
import { loadMyEntries } from '../store/pool-entries.repo';
import { loadPickState, writePickChange } from './picks.repo';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
});

const pick = (user: TestUser | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/user/makeUserPick',
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });

const team = (entryId: number, week: number, abb: string, action = 'confirm') => ({
  userSeasonId: entryId,
  week,
  team: abb,
  action,
  username: 'ignored',
  entryNum: 1,
  activePool: {},
});
const player = (entryId: number, week: number, id: string, action = 'confirm') => ({
  userSeasonId: entryId,
  week,
  selectedPlayer: { id, name: 'ignored' },
  action,
});

async function expectRefused(payload: object, status: number, message: string, user: TestUser = world.owner) {
  const answer = await pick(user, payload);
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json().message).toBe(message);
}

describe('POST /user/makeUserPick (nba, mlb)', () => {
  beforeEach(() => seedMlbSeason(t.ctx));

  it('refuses a change older than the last one stored from the same browser: a late request undoes nothing', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    const stamped = (abb: string, changedAt: number, clientId = 'browser-a') => ({
      ...team(entry.id, 2, abb),
      clientId,
      changedAt,
    });
    // NYY sent to an instance that hangs, retried on another (written), then changed to BOS.
    expect((await pick(world.owner, stamped('NYY', 1_000))).statusCode).toBe(200);
    expect((await pick(world.owner, stamped('BOS', 2_000))).statusCode).toBe(200);
    // The hung instance wakes and runs the first NYY request: refused, BOS stays.
    await expectRefused(stamped('NYY', 1_000), 409, PICK_MESSAGES.newerChange);
    const held = async () =>
      (await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id))).map((p) => p.pickId);
    expect(await held()).toEqual(['BOS']);
    // A repeat of the newest change still answers as the first did; another browser's change applies.
    expect((await pick(world.owner, stamped('BOS', 2_000))).statusCode).toBe(200);
    expect((await pick(world.owner, stamped('NYY', 500, 'browser-b'))).statusCode).toBe(200);
    expect(await held()).toEqual(['NYY']);
  });

  it('confirms, swaps and cancels a week pick, with the spec wording and an audit row per change', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    const first = await pick(world.owner, team(entry.id, 2, 'nyy'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(describePickConfirm('mlb', 'New York Yankees', 2).text);
    expect(first.json().message).toBe(
      'You are selecting the New York Yankees for Week 2. You are free to change this pick at anytime up until the first game of Week 2 begins.',
    );
    expect(first.json().entry.picks).toEqual([
      { week: 2, pick_id: 'NYY', team_abb: 'NYY', name: 'New York Yankees', by_insurance: false },
    ]);
    const swap = await pick(world.owner, team(entry.id, 2, 'BOS'));
    expect(swap.json().entry.picks.map((p: { pick_id: string }) => p.pick_id)).toEqual(['BOS']);
    const cancel = await pick(world.owner, team(entry.id, 2, 'BOS', 'cancel'));
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().message).toBe(describePickCancel('Boston Red Sox', 2).text);
    expect(cancel.json().entry.picks).toEqual([]);
    const audits = await t.ctx.db.select().from(pickAudits).orderBy(asc(pickAudits.id));
    expect(audits.map((a) => [a.action, a.oldPickId, a.newPickId, a.userId, a.week])).toEqual([
      ['confirm', null, 'NYY', world.owner.id, 2],
      ['replace', 'NYY', 'BOS', world.owner.id, 2],
      ['cancel', 'BOS', null, world.owner.id, 2],
    ]);
    expect(audits.every((a) => a.createdAt.getTime() === NOW.getTime())).toBe(true);
  });

  it('refuses a locked week, a used team, a team without a game, a repeated or missing selection', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    await buildPick(t.ctx, { entryId: entry.id, week: 1, pickId: 'HOU' });
    await expectRefused(team(entry.id, 1, 'NYY'), 409, PICK_DEADLINE_ALERT);
    await expectRefused(team(entry.id, 1, 'HOU', 'cancel'), 409, formatLockedMessage(1));
    await expectRefused(
      team(entry.id, 2, 'HOU'),
      409,
      'You already used the Houston Astros in Week 1. A team can be picked once per season.',
    );
    await expectRefused(team(entry.id, 2, 'TOR'), 422, 'The Toronto Blue Jays have no game in Week 2.');
    expect((await pick(world.owner, team(entry.id, 2, 'NYY'))).statusCode).toBe(200);
    await expectRefused(team(entry.id, 4, 'BOS'), 400, 'Week 4 is not part of this season.');
    await expectRefused(team(entry.id, 2, 'XYZ'), 404, PICK_MESSAGES.unknownTeam);
    await expectRefused(
      { userSeasonId: entry.id, week: 2, action: 'confirm' },
      400,
      PICK_MESSAGES.pickRequired,
    );
    await expectRefused({ ...team(entry.id, 2, 'NYY'), action: 'keep' }, 400, PICK_MESSAGES.actionRequired);
    const held = await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id));
    expect(held.map((p) => [p.week, p.pickId]).sort()).toEqual([
      [1, 'HOU'],
      [2, 'NYY'],
    ]);
  });

  it('answers a repeated pick or cancel as its first success, writing nothing more', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    const first = await pick(world.owner, team(entry.id, 2, 'NYY'));
    expect(first.statusCode, first.body).toBe(200);
    const again = await pick(world.owner, team(entry.id, 2, 'nyy'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const cancelled = await pick(world.owner, team(entry.id, 2, 'NYY', 'cancel'));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancelledAgain = await pick(world.owner, team(entry.id, 2, 'NYY', 'cancel'));
    expect(cancelledAgain.statusCode, cancelledAgain.body).toBe(200);
    expect(cancelledAgain.json()).toEqual(cancelled.json());
    expect(cancelledAgain.json().message).toBe(describePickCancel('New York Yankees', 2).text);
    const audits = await t.ctx.db.select().from(pickAudits).where(eq(pickAudits.entryId, entry.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['cancel', 'confirm']);
    expect(await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id))).toEqual([]);
  });

  it('checks who picks: visitors, other users, unknown entries, and entries that may not pick', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const other = await registerNamed(t.app, 'other');
    const entry = await enter(t.ctx, pool.id, world.owner);
    expect((await pick(undefined, team(entry.id, 2, 'NYY'))).statusCode).toBe(401);
    // The pick's own read checks the session: an unknown or logged-out cookie is a visitor, entry or not.
    const stale = { ...world.owner, cookie: 'ala_session=not-a-session' };
    await expectRefused(team(entry.id, 2, 'NYY'), 401, 'You must be logged in to do that.', stale);
    await expectRefused(team(999_999, 2, 'NYY'), 401, 'You must be logged in to do that.', stale);
    const leaving = await registerNamed(t.app, 'leaving');
    const leavingEntry = await enter(t.ctx, pool.id, leaving);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: leaving.cookie } });
    await expectRefused(team(leavingEntry.id, 2, 'NYY'), 401, 'You must be logged in to do that.', leaving);
    await expectRefused(team(entry.id, 2, 'NYY'), 403, PICK_MESSAGES.notYourEntry, other);
    await expectRefused(team(999_999, 2, 'NYY'), 404, PICK_MESSAGES.entryNotFound);

    const rebuy = await enter(t.ctx, pool.id, world.owner, { entryNum: 2, needsRebuy: true, lives: 2 });
    await expectRefused(team(rebuy.id, 2, 'NYY'), 403, 'You must rebuy before you can make picks.');
    const dead = await enter(t.ctx, pool.id, world.owner, { entryNum: 3, lives: 0 });
    await expectRefused(team(dead.id, 2, 'NYY'), 403, 'Your entry has been eliminated.');
    const inactive = await enter(t.ctx, pool.id, world.owner, { entryNum: 4, status: ENTRY_STATUS.inactive });
    await expectRefused(team(inactive.id, 2, 'NYY'), 403, 'You must join this pool to make picks.');

    const closed = await buildMlbPool(t.ctx, world.leagueId, {
      poolIdx: 1,
      entryDeadline: new Date('2026-11-01T00:00:00Z'),
    });
    await enter(t.ctx, closed.id, other);
    const late = await enter(t.ctx, closed.id, world.owner, { status: ENTRY_STATUS.inactive });
    await expectRefused(team(late.id, 2, 'NYY'), 403, 'You are not entered in this pool.');

    const done = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 2, final: true });
    const finalEntry = await enter(t.ctx, done.id, world.owner);
    await expectRefused(team(finalEntry.id, 2, 'NYY'), 409, 'This pool has concluded.');
    expect(await t.ctx.db.select().from(picks)).toHaveLength(0);
  });
  it('answers the entry exactly as the database then holds it (the answer is built without re-reading)', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    // A locked week's pick by insurance, and a pick whose team row is gone (its id stands for its name).
    await buildPick(t.ctx, { entryId: entry.id, week: 1, pickId: 'HOU', byInsurance: true });
    await buildPick(t.ctx, { entryId: entry.id, week: 3, pickId: 'OLD' });
    const stored = async () => (await loadMyEntries(t.ctx.db, 'mlb', pool.id, world.owner.id))[0];
    for (const payload of [
      team(entry.id, 2, 'NYY'),
      team(entry.id, 2, 'BOS'),
      team(entry.id, 3, 'NYY'),
      team(entry.id, 2, 'BOS', 'cancel'),
      team(entry.id, 2, 'BOS'),
    ]) {
      const answer = await pick(world.owner, payload);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().entry).toEqual(await stored());
    }
    expect((await stored()).picks.map((p) => [p.week, p.pick_id, p.by_insurance])).toEqual([
      [1, 'HOU', true],
      [2, 'BOS', false],
      [3, 'NYY', false],
    ]);
  });
  it('writes a change only on the version of the entry it was decided on', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    const ids = { teamAbb: 'NYY', playerId: '' };
    const session = { sessionId: 'no session', now: NOW };
    const read = must(await loadPickState(t.ctx.db, session, entry.id, 2, ids));
    const change = {
      entryId: entry.id,
      version: read.version,
      week: 2,
      userId: world.owner.id,
      now: NOW,
      action: 'confirm' as const,
      oldPickId: null,
      newPick: { pickId: 'NYY', teamAbb: 'NYY' },
    };
    // A racing pick of the same entry lands between the read and the write.
    expect((await pick(world.owner, team(entry.id, 2, 'BOS'))).statusCode).toBe(200);
    expect(await writePickChange(t.ctx.db, change)).toEqual({ written: false, stale: false });
    const fresh = must(await loadPickState(t.ctx.db, session, entry.id, 2, ids));
    expect(fresh.version).not.toBe(read.version);
    expect(fresh.held.map((p) => p.pickId)).toEqual(['BOS']);
    expect(await t.ctx.db.select().from(pickAudits)).toHaveLength(1);
    const write = await writePickChange(t.ctx.db, {
      ...change,
      version: fresh.version,
      action: 'replace',
      oldPickId: 'BOS',
    });
    expect(write.written).toBe(true);
    const held = await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id));
    expect(held.map((p) => [p.week, p.pickId])).toEqual([[2, 'NYY']]);
  });
});

describe('POST /user/makeUserPick (nfl-td)', () => {
  beforeEach(() => seedNflSeason(t.ctx));

  it('applies players per week, max players per NFL team and the per-player kickoff lock', async () => {
    const pool = await buildNflPool(t.ctx, world.leagueId, {
      nflLockTime: 'last_game',
      playersPerWeek: 2,
      maxPlayersPerTeam: 1,
    });
    const entry = await enter(t.ctx, pool.id, world.owner);
    await expectRefused(
      player(entry.id, 2, 'kc1'),
      409,
      "Patrick Mahomes's game has already started, so this pick is locked.",
    );
    const ok = await pick(world.owner, player(entry.id, 2, 'sf1'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(
      "You are selecting Christian McCaffrey for Week 2. You are free to change this pick at anytime up until this player's game begins.",
    );
    expect(ok.json().entry.picks).toEqual([
      { week: 2, pick_id: 'sf1', team_abb: 'SF', name: 'Christian McCaffrey', by_insurance: false },
    ]);
    await expectRefused(
      player(entry.id, 2, 'sf2'),
      409,
      'You already have the maximum of 1 player(s) from SF for Week 2.',
    );
    expect((await pick(world.owner, player(entry.id, 2, 'dal1'))).statusCode).toBe(200);
    await expectRefused(player(entry.id, 2, 'nyj1'), 409, formatMaxSelectionsMessage(2, 2));
    await expectRefused(
      player(entry.id, 3, 'sf1'),
      409,
      'You already used Christian McCaffrey in Week 2. A player can be picked once per season.',
    );
    await expectRefused(player(entry.id, 3, 'kc2'), 422, "Travis Kelce's team has no game in Week 3.");
    await expectRefused(player(entry.id, 2, 'nobody'), 404, PICK_MESSAGES.unknownPlayer);
    const cancel = await pick(world.owner, player(entry.id, 2, 'dal1', 'cancel'));
    expect(cancel.json().message).toBe('You are cancelling your selection of the CeeDee Lamb for Week 2.');
    // A started player's pick can no longer be cancelled.
    await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'gb2', teamAbb: 'GB' });
    await expectRefused(
      player(entry.id, 2, 'gb2', 'cancel'),
      409,
      "Josh Jacobs's game has already started, so this pick is locked.",
    );
  });

  it.each([
    ['first_game', false],
    ['early_slate', false],
    ['late_slate', true],
    ['last_game', true],
  ])('locks the week under nfl_lock_time %s (open: %s)', async (mode, open) => {
    const pool = await buildNflPool(t.ctx, world.leagueId, { nflLockTime: mode });
    const entry = await enter(t.ctx, pool.id, world.owner);
    const answer = await pick(world.owner, player(entry.id, 2, 'sf1'));
    if (open) expect(answer.statusCode, answer.body).toBe(200);
    else {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(formatLockedMessage(2));
    }
  });

  it('locks the whole week once any selection started when lock_at_pick_start is set', async () => {
    const strict = await buildNflPool(t.ctx, world.leagueId, {
      nflLockTime: 'last_game',
      playersPerWeek: 3,
      lockAtPickStart: true,
    });
    const loose = await buildNflPool(t.ctx, world.leagueId, {
      poolIdx: 1,
      nflLockTime: 'last_game',
      playersPerWeek: 3,
    });
    for (const pool of [strict, loose]) {
      const entry = await enter(t.ctx, pool.id, world.owner);
      await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'gb1', teamAbb: 'GB' });
      const answer = await pick(world.owner, player(entry.id, 2, 'sf1'));
      if (pool.id === strict.id) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe(formatLockedMessage(2));
      } else expect(answer.statusCode, answer.body).toBe(200);
    }
  });
});
