import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportPaths } from '../../../../core/contracts/pools';
import { users } from '../../../db/schema';
import { buildEntryWeek, buildLedgerRow, buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import { registerNamed } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  chargeEntries,
  enter,
  NOW,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { Dollars, neutralise } from './exports.csv';
import { exportStandings } from './exports.service';

/** Picks of an open week: they name no real team or player, so they can only be in a file as a pick. */
const SECRET_TEAM = 'ZQSECRETTEAM';
const SECRET_PLAYER = 'zq-secret-player';

let t: TestApp;
let world: PoolWorld;
let alice: TestUser;
let bob: TestUser;
let member: TestUser;
let outsider: TestUser;
let mlbId: number;
let nflId: number;

beforeAll(async () => {
  ({
    t,
    world,
    members: [alice, bob, member],
  } = await startPoolWorld({ seasons: ['mlb', 'nfl'], members: ['alice', 'bob', 'member'] }));
  outsider = await registerNamed(t.app, 'outsider');
  const mlb = await buildMlbPool(t.ctx, world.leagueId, {
    buyin: 5000,
    rebuys: 2,
    rebuyPrice: 2500,
    maxEntries: 2,
  });
  mlbId = mlb.id;
  const a1 = await enter(t.ctx, mlb.id, alice, { weeksAlive: 1 });
  const a2 = await enter(t.ctx, mlb.id, alice, { entryNum: 2, lives: 2, rebuysMade: 1 });
  const b1 = await enter(t.ctx, mlb.id, bob, { lives: 0 });
  const c1 = await enter(t.ctx, mlb.id, world.owner);
  // Week 1 has locked (public); week 2 is the open week at NOW.
  await buildPick(t.ctx, { entryId: a1.id, week: 1, pickId: 'NYY' });
  await buildPick(t.ctx, { entryId: a2.id, week: 1, pickId: 'HOU', byInsurance: true });
  await buildPick(t.ctx, { entryId: b1.id, week: 1, pickId: 'TOR', byCommish: true });
  await buildPick(t.ctx, { entryId: a1.id, week: 2, pickId: SECRET_TEAM });
  await buildPick(t.ctx, { entryId: c1.id, week: 2, pickId: SECRET_TEAM });
  await buildEntryWeek(t.ctx, { poolId: mlb.id, entryId: a1.id, week: 1, result: 'advance' });
  await buildEntryWeek(t.ctx, { poolId: mlb.id, entryId: b1.id, week: 1, result: 'loss', lives: 0 });
  await chargeEntries(t.ctx, mlb.id);
  await buildLedgerRow(t.ctx, {
    poolId: mlb.id,
    entryId: a1.id,
    kind: 'payment',
    amount: 5000,
    notes: '=HYPERLINK("http://evil")',
    createdBy: world.owner.id,
  });
  await buildLedgerRow(t.ctx, {
    poolId: mlb.id,
    entryId: b1.id,
    kind: 'payment',
    amount: 1234,
    notes: '+1 cash',
  });
  // A username a spreadsheet would run: written as text.
  await t.ctx.db.update(users).set({ username: '+bob' }).where(eq(users.id, bob.id));

  const nfl = await buildNflPool(t.ctx, world.leagueId);
  nflId = nfl.id;
  const n1 = await enter(t.ctx, nfl.id, alice);
  // NFL TD week 3 locks at its first kickoff, after NOW.
  await buildPick(t.ctx, { entryId: n1.id, week: 3, pickId: SECRET_PLAYER, teamAbb: 'GB' });
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

/** The file's rows as objects by header (csv-parse reads RFC 4180 and takes the byte order mark off). */
function rowsOf(body: string): Record<string, string>[] {
  return parse(body, { bom: true, columns: true });
}

const csvUrls = (poolId: number) => [
  exportPaths.standings(poolId),
  exportPaths.picks(poolId),
  exportPaths.ledger(poolId),
  exportPaths.finances(poolId),
  exportPaths.missingPicks(poolId),
];

describe('the exports as files', () => {
  it('answers RFC 4180 CSV in UTF-8 with a header row and a filename naming the pool and the date', async () => {
    const answer = await get(exportPaths.standings(mlbId));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = NOW.toISOString().slice(0, 10);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="SQUAD-mlb-2023-standings-${day}.csv"`,
    );
    expect(answer.body.startsWith('\ufeffEntry,Lives,Status,Weeks alive,Rebuys,Week 1,Week 1 result')).toBe(
      true,
    );
    expect(answer.body).toContain('\r\n');
    const commish = await get(exportPaths.missingPicks(mlbId), world.owner);
    expect(commish.headers['content-disposition']).toBe(
      `attachment; filename="SQUAD-mlb-2023-missing-picks-${day}.csv"`,
    );
  });

  it("writes the standings' figures as the standings API answers them, and only public weeks' picks", async () => {
    const file = rowsOf((await get(exportPaths.standings(mlbId), alice)).body);
    const api = (await get(`/api/standings/${mlbId}?view=all`, alice)).json();
    expect(file).toHaveLength(api.total);
    for (const row of api.rows) {
      const line = file.find((item) => item.Entry === neutralise(row.label));
      expect(line, row.label).toBeDefined();
      expect(Number(line?.Lives)).toBe(row.lives);
      expect(line?.Status).toBe(row.status);
      expect(Number(line?.['Weeks alive'])).toBe(row.weeks_alive);
      expect(Number(line?.Rebuys)).toBe(row.rebuys);
      const week1 = row.cells.find((cell: { week: number }) => cell.week === 1);
      expect(line?.['Week 1 result']).toBe(week1?.result ?? '');
      expect(line?.['Week 1']).toBe(
        week1.picks
          .map(
            (pick: { pick_id: string; by_insurance: boolean }) =>
              `${pick.pick_id}${pick.by_insurance ? ' (auto)' : ''}`,
          )
          .join(' + ') + (row.username === '+bob' ? ' (commish)' : ''),
      );
      // The open week is empty for every entry, the caller's own included.
      expect(line?.['Week 2']).toBe('');
    }
  });

  it('marks assigned picks in the picks grid and joins several in one cell', async () => {
    const grid = rowsOf((await get(exportPaths.picks(mlbId), world.owner)).body);
    expect(grid.map((row) => [row.Entry, row['Week 1'], row['Week 2']])).toEqual([
      ['alice', 'NYY', ''],
      ['alice [2]', 'HOU (auto)', ''],
      ["'+bob", 'TOR (commish)', ''],
      ['commish', '', ''],
    ]);
  });

  it('writes the ledger and the Finances table in dollars that add up to the Finances API', async () => {
    const ledger = rowsOf((await get(exportPaths.ledger(mlbId), world.owner)).body);
    const finances = (await get(`/api/finances/${mlbId}`, world.owner)).json();
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(ledger.reduce((sum, row) => sum + cents(row.Amount), 0)).toBe(finances.totals.total);
    expect(ledger.find((row) => row.Kind === 'Buy-in')?.Amount).toBe('-50.00');
    const payment = ledger.find((row) => row.Amount === '50.00');
    expect(payment).toMatchObject({
      Entry: 'alice',
      Kind: 'Paid',
      Notes: `'=HYPERLINK("http://evil")`,
      By: 'commish',
    });

    const table = rowsOf((await get(exportPaths.finances(mlbId), world.owner)).body);
    const totals = table.at(-1);
    expect(totals?.Entry).toBe('Totals');
    expect(cents(totals?.Total ?? '')).toBe(finances.totals.total);
    expect(cents(totals?.['Buy-in'] ?? '')).toBe(finances.totals.buyin);
    expect(cents(totals?.Paid ?? '')).toBe(finances.totals.paid);
    for (const row of finances.rows) {
      const line = table.find((item) => item.Entry === neutralise(row.label));
      expect(cents(line?.Total ?? ''), row.label).toBe(row.total);
      expect(line?.Status).toBe(neutralise(row.status));
    }
  });

  it('lists the entries owing a pick of the open week as Missing Picks counts them', async () => {
    const file = rowsOf((await get(exportPaths.missingPicks(mlbId), world.owner)).body);
    const api = (await get(`/api/pools/${mlbId}/commish/missingPicks`, world.owner)).json();
    expect(file).toHaveLength(api.total);
    expect(file.map((row) => row.Entry).sort()).toEqual(
      api.rows.map((row: { label: string }) => neutralise(row.label)).sort(),
    );
    expect(file.every((row) => row.Week === String(api.week))).toBe(true);
  });

  it('neutralises formulas in text cells, never in numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${start}1`)).toBe(`'${start}1`);
    expect(neutralise('alice')).toBe('alice');
    expect(String(new Dollars(-1000))).toBe('-10.00');
    expect(String(new Dollars(5))).toBe('0.05');
  });

  it('streams in batches: a batch of one gives the same file', async () => {
    const whole = await exportStandings(t.ctx, mlbId, null);
    const small = await exportStandings(t.ctx, mlbId, null, 1);
    const all = async (rows: AsyncIterable<unknown[]>) => {
      const out: unknown[][] = [];
      for await (const row of rows) out.push(row);
      return out;
    };
    expect(await all(small.rows)).toEqual(await all(whole.rows));
  });
});

describe('the printable week grid', () => {
  it("shows a locked week's picks and results, and no pick of the open week", async () => {
    const week1 = (await get(exportPaths.week(mlbId, 1))).json();
    expect(week1).toMatchObject({ week: 1, locked: true, total: 4, page: 1 });
    expect(week1.rows[0]).toEqual({ entry: 'alice', picks: ['NYY'], result: 'advance' });
    const week2 = await get(`${exportPaths.week(mlbId, 2)}?pageSize=2&page=2`, alice);
    expect(week2.json()).toMatchObject({ week: 2, locked: false, total: 4, page: 2, pageSize: 2 });
    expect(week2.json().rows.every((row: { picks: string[] }) => row.picks.length === 0)).toBe(true);
    expect((await get(`${exportPaths.week(mlbId, 1)}?pageSize=501`)).statusCode).toBe(400);
    expect((await get(exportPaths.week(mlbId, 9))).statusCode).toBe(400);
  });
});

describe('access and secrecy of every export', () => {
  it('answers each role as the screens do, and no file holds an unlocked pick', async () => {
    const roles: Record<string, TestUser | undefined> = {
      visitor: undefined,
      outsider,
      member,
      entrant: alice,
      commish: world.owner,
    };
    for (const poolId of [mlbId, nflId]) {
      const urls = [...csvUrls(poolId), exportPaths.week(poolId, 2), exportPaths.week(poolId, 3)];
      for (const url of urls) {
        const commishOnly = url.includes('/commish/');
        for (const [role, user] of Object.entries(roles)) {
          const answer = await get(url, user);
          const where = `${role} ${url}`;
          // A public league's pool is anyone's to see; its Commish tools are its admins' alone (403 to the rest).
          if (!commishOnly || role === 'commish') expect(answer.statusCode, where).toBe(200);
          else expect(answer.statusCode, where).toBe(403);
          expect(answer.body, where).not.toContain(SECRET_TEAM);
          expect(answer.body, where).not.toContain(SECRET_PLAYER);
        }
      }
    }
  });

  it('answers an unknown pool as not found', async () => {
    for (const url of csvUrls(999_999)) expect((await get(url, world.owner)).statusCode).toBe(404);
    expect((await get(exportPaths.week(999_999, 1))).statusCode).toBe(404);
  });
});
