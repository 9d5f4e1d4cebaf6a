import { describe, expect, it } from 'vitest';
import { validatePickAction } from './pick-rules';
import { canEntryPick, findOpenWeek, insuranceWouldPick, owesPick, picksAskedPerWeek } from './picks-due';

const NOW = new Date('2026-11-22T18:00:00Z');
const locks: Record<number, Date | null> = {
  1: new Date('2026-11-16T00:00:00Z'),
  2: new Date('2026-11-22T18:00:00Z'),
  3: null,
  4: new Date('2026-11-30T00:00:00Z'),
};
const lockOf = (week: number) => locks[week] ?? null;

describe('findOpenWeek', () => {
  it('is the first week from the start week whose lock is still ahead', () => {
    const pool = { final: false, startWeek: 1, weekCount: 4 };
    // Week 2 locks exactly now (locked); week 3 has no lock (an NFL week without games).
    expect(findOpenWeek(pool, lockOf, NOW)).toEqual({ week: 4, lockAt: locks[4] });
    expect(findOpenWeek(pool, lockOf, new Date('2026-11-20T00:00:00Z'))).toEqual({
      week: 2,
      lockAt: locks[2],
    });
  });

  it('starts at the pool start week', () => {
    const pool = { final: false, startWeek: 4, weekCount: 4 };
    expect(findOpenWeek(pool, lockOf, new Date('2026-11-01T00:00:00Z'))?.week).toBe(4);
  });

  it('is none for a final pool or once every week locked', () => {
    expect(findOpenWeek({ final: true, startWeek: 1, weekCount: 4 }, lockOf, NOW)).toBeNull();
    expect(findOpenWeek({ final: false, startWeek: 1, weekCount: 3 }, lockOf, NOW)).toBeNull();
  });
});

describe('owesPick', () => {
  const alive = { active: true, lives: 2, needsRebuy: false };

  it('asks one pick of nba and mlb, the pool players per week of nfl-td', () => {
    const pool = { playersPerWeek: 3, picksPerWeek: { '12': 2 } };
    expect(picksAskedPerWeek({ ...pool, game: 'nba' }, 12)).toBe(1);
    expect(picksAskedPerWeek({ ...pool, game: 'mlb' }, 12)).toBe(1);
    expect(picksAskedPerWeek({ ...pool, game: 'nfl-td' }, 12)).toBe(3);
    expect(picksAskedPerWeek({ ...pool, game: 'nfl' }, 11)).toBe(1);
    expect(picksAskedPerWeek({ ...pool, game: 'nfl' }, 12)).toBe(2);
  });

  it('owes while fewer picks are held than asked', () => {
    expect(owesPick(alive, 0, 1)).toBe(true);
    expect(owesPick(alive, 1, 1)).toBe(false);
    expect(owesPick(alive, 2, 3)).toBe(true);
    expect(owesPick(alive, 3, 3)).toBe(false);
  });

  it('agrees with the pick rules on who may pick', () => {
    const cases = [
      alive,
      { ...alive, active: false },
      { ...alive, lives: 0 },
      { ...alive, needsRebuy: true },
    ];
    for (const entry of cases) {
      const rules = validatePickAction(
        {
          pool: {
            game: 'nba',
            weekCount: 4,
            playersPerWeek: 1,
            maxPlayersPerTeam: 1,
            lockAtPickStart: false,
            entryDeadline: null,
            final: false,
            hasAliveEntries: true,
          },
          viewer: { kind: 'user', entry: { ...entry, extinct: entry.lives <= 0, picks: [] } },
          week: 4,
          weekLockAt: locks[4],
          target: { id: 'LAL', name: 'Lakers', teamAbb: 'LAL', hasGame: true },
          now: NOW,
        },
        'confirm',
      );
      expect({ entry, may: canEntryPick(entry) }).toEqual({ entry, may: rules.ok });
      expect(owesPick(entry, 0, 1)).toBe(rules.ok);
    }
  });

  it('owes nothing of an NFL week without games: the pick rules refuse every pick of it', () => {
    // findOpenWeek skips a week without a week-wide lock for this reason.
    const rules = validatePickAction(
      {
        pool: {
          game: 'nfl-td',
          weekCount: 4,
          playersPerWeek: 2,
          maxPlayersPerTeam: 1,
          lockAtPickStart: false,
          entryDeadline: null,
          final: false,
          hasAliveEntries: true,
        },
        viewer: { kind: 'user', entry: { ...alive, extinct: false, picks: [] } },
        week: 3,
        weekLockAt: null,
        target: { id: 'kc1', name: 'Patrick Mahomes', teamAbb: 'KC', hasGame: false, kickoff: null },
        now: NOW,
      },
      'confirm',
    );
    expect(rules).toMatchObject({ ok: false, reason: 'no_game' });
    expect(findOpenWeek({ final: false, startWeek: 3, weekCount: 4 }, lockOf, NOW)?.week).toBe(4);
  });
});

describe('insuranceWouldPick', () => {
  it('only for an insured entry of an nba or mlb pool that offers insurance', () => {
    expect(insuranceWouldPick({ game: 'mlb', insuranceOption: 1 }, true)).toBe(true);
    expect(insuranceWouldPick({ game: 'nba', insuranceOption: 2 }, true)).toBe(true);
    expect(insuranceWouldPick({ game: 'mlb', insuranceOption: 1 }, false)).toBe(false);
    expect(insuranceWouldPick({ game: 'mlb', insuranceOption: 0 }, true)).toBe(false);
    expect(insuranceWouldPick({ game: 'nfl-td', insuranceOption: 1 }, true)).toBe(false);
  });
});
