import { describe, expect, it } from 'vitest';
import {
  describeNflRuleLines,
  describePickCancel,
  describePickConfirm,
  type EntryPick,
  formatLockedMessage,
  formatMaxSelectionsMessage,
  formatWeekMaxedNotice,
  getPickButton,
  getWeekPicksNotice,
  isEntryWeekLocked,
  PICK_DEADLINE_ALERT,
  PICK_REJECTION_STATUS,
  type PickContext,
  type PickEntry,
  type PickPool,
  type PickTarget,
  validatePickAction,
} from './pick-rules';

const NOW = new Date('2024-10-20T12:00:00Z');
const LATER = new Date('2024-10-22T00:00:00Z');
const EARLIER = new Date('2024-10-19T00:00:00Z');

function makePool(overrides: Partial<PickPool> = {}): PickPool {
  return {
    game: 'nba',
    weekCount: 20,
    playersPerWeek: 1,
    maxPlayersPerTeam: 1,
    lockAtPickStart: false,
    entryDeadline: EARLIER,
    final: false,
    hasAliveEntries: true,
    ...overrides,
  };
}

function makeEntry(overrides: Partial<PickEntry> = {}): PickEntry {
  return { active: true, lives: 3, extinct: false, needsRebuy: false, picks: [], ...overrides };
}

function makeTarget(overrides: Partial<PickTarget> = {}): PickTarget {
  return { id: 'LAL', name: 'Lakers', teamAbb: 'LAL', hasGame: true, kickoff: null, ...overrides };
}

function makeContext(overrides: Partial<PickContext> = {}): PickContext {
  return {
    pool: makePool(),
    viewer: { kind: 'user', entry: makeEntry() },
    week: 3,
    weekLockAt: LATER,
    target: makeTarget(),
    now: NOW,
    ...overrides,
  };
}

function nflContext(
  picks: EntryPick[],
  overrides: Partial<PickContext> = {},
  pool: Partial<PickPool> = {},
): PickContext {
  return makeContext({
    pool: makePool({ game: 'nfl-td', playersPerWeek: 3, maxPlayersPerTeam: 1, ...pool }),
    viewer: { kind: 'user', entry: makeEntry({ picks }) },
    target: makeTarget({ id: 'p9', name: 'Patrick Mahomes', teamAbb: 'KC', kickoff: LATER }),
    ...overrides,
  });
}

const nflPick = (id: string, teamAbb: string, kickoff: Date | null = LATER, week = 3): EntryPick => ({
  week,
  id,
  teamAbb,
  kickoff,
});

describe('validatePickAction and getPickButton', () => {
  const cases: Array<{
    name: string;
    ctx: PickContext;
    action: 'confirm' | 'cancel';
    reason: string | null;
    message?: string;
    label: string;
  }> = [
    {
      name: 'visitor',
      ctx: makeContext({ viewer: { kind: 'visitor' } }),
      action: 'confirm',
      reason: 'not_signed_in',
      label: 'LOGIN TO PICK',
    },
    {
      name: 'visitor on a register prompt',
      ctx: makeContext({ viewer: { kind: 'visitor', prompt: 'register' } }),
      action: 'confirm',
      reason: 'not_signed_in',
      label: 'REGISTER TO PICK',
    },
    {
      name: 'signed-in user without an entry, pool open for entry',
      ctx: makeContext({ viewer: { kind: 'user', entry: null }, pool: makePool({ entryDeadline: LATER }) }),
      action: 'confirm',
      reason: 'not_joined',
      label: 'JOIN POOL TO PICK',
    },
    {
      name: 'non-entrant after the entry deadline of a pool with alive entries',
      ctx: makeContext({ viewer: { kind: 'user', entry: null } }),
      action: 'confirm',
      reason: 'not_in_pool',
      label: 'NOT IN POOL',
    },
    {
      name: 'non-entrant after the entry deadline of a pool with no alive entries',
      ctx: makeContext({ viewer: { kind: 'user', entry: null }, pool: makePool({ hasAliveEntries: false }) }),
      action: 'confirm',
      reason: 'not_joined',
      label: 'JOIN POOL TO PICK',
    },
    {
      name: 'inactive entry counts as not entered',
      ctx: makeContext({ viewer: { kind: 'user', entry: makeEntry({ active: false }) } }),
      action: 'confirm',
      reason: 'not_in_pool',
      label: 'NOT IN POOL',
    },
    {
      name: 'eliminated entry',
      ctx: makeContext({ viewer: { kind: 'user', entry: makeEntry({ lives: 0, extinct: true }) } }),
      action: 'confirm',
      reason: 'eliminated',
      label: 'ELIMINATED',
    },
    {
      name: 'entry waiting for a rebuy',
      ctx: makeContext({ viewer: { kind: 'user', entry: makeEntry({ lives: 2, needsRebuy: true }) } }),
      action: 'confirm',
      reason: 'needs_rebuy',
      label: 'REBUY TO PICK',
    },
    {
      name: 'week outside the season',
      ctx: makeContext({ week: 21 }),
      action: 'confirm',
      reason: 'invalid_week',
      label: 'LOCKED',
    },
    {
      name: 'concluded pool',
      ctx: makeContext({ pool: makePool({ final: true }) }),
      action: 'confirm',
      reason: 'pool_concluded',
      label: 'LOCKED',
    },
    {
      name: 'open nba week',
      ctx: makeContext(),
      action: 'confirm',
      reason: null,
      label: 'SELECT',
    },
    {
      name: 'team used in another week',
      ctx: makeContext({
        viewer: { kind: 'user', entry: makeEntry({ picks: [{ week: 1, id: 'LAL', teamAbb: 'LAL' }] }) },
      }),
      action: 'confirm',
      reason: 'already_used',
      message: 'You already used the Lakers in Week 1. A team can be picked once per season.',
      label: 'Week 1',
    },
    {
      name: 'team without a game that week',
      ctx: makeContext({ target: makeTarget({ hasGame: false }) }),
      action: 'confirm',
      reason: 'no_game',
      message: 'The Lakers have no game in Week 3.',
      label: 'NO GAME',
    },
    {
      name: 'nba pick after the deadline',
      ctx: makeContext({ weekLockAt: EARLIER }),
      action: 'confirm',
      reason: 'deadline_passed',
      message: PICK_DEADLINE_ALERT,
      label: 'LOCKED',
    },
    {
      name: 'nba cancel before the deadline',
      ctx: makeContext({
        viewer: { kind: 'user', entry: makeEntry({ picks: [{ week: 3, id: 'LAL', teamAbb: 'LAL' }] }) },
      }),
      action: 'cancel',
      reason: null,
      label: 'CANCEL SELECTION',
    },
    {
      name: 'nba cancel after the deadline',
      ctx: makeContext({
        weekLockAt: EARLIER,
        viewer: { kind: 'user', entry: makeEntry({ picks: [{ week: 3, id: 'LAL', teamAbb: 'LAL' }] }) },
      }),
      action: 'cancel',
      reason: 'locked',
      message: 'Sorry, your selections for Week 3 are locked and can no longer be changed.',
      label: 'LOCKED',
    },
    {
      name: 'nfl player open',
      ctx: nflContext([]),
      action: 'confirm',
      reason: null,
      label: 'SELECT',
    },
    {
      name: 'nfl player on a bye',
      ctx: nflContext([], {
        target: makeTarget({ id: 'p9', name: 'Patrick Mahomes', teamAbb: 'KC', hasGame: false }),
      }),
      action: 'confirm',
      reason: 'no_game',
      message: "Patrick Mahomes's team has no game in Week 3.",
      label: 'BYE WEEK',
    },
    {
      name: 'nfl team at max players per team',
      ctx: nflContext([nflPick('p1', 'KC')]),
      action: 'confirm',
      reason: 'team_maxed',
      message: 'You already have the maximum of 1 player(s) from KC for Week 3.',
      label: 'MAXED',
    },
    {
      name: 'nfl week full',
      ctx: nflContext([nflPick('p1', 'BUF'), nflPick('p2', 'SF'), nflPick('p3', 'DAL')]),
      action: 'confirm',
      reason: 'week_full',
      message:
        'You have already made the maximum of 3 selection(s) for Week 3. Please cancel one of your picks to select a different player.',
      label: 'SELECT',
    },
    {
      name: 'nfl week lock passed',
      ctx: nflContext([], { weekLockAt: EARLIER }),
      action: 'confirm',
      reason: 'locked',
      message: formatLockedMessage(3),
      label: 'LOCKED',
    },
    {
      name: "nfl player's own game started",
      ctx: nflContext([], {
        target: makeTarget({ id: 'p9', name: 'Patrick Mahomes', teamAbb: 'KC', kickoff: EARLIER }),
      }),
      action: 'confirm',
      reason: 'game_started',
      message: "Patrick Mahomes's game has already started, so this pick is locked.",
      label: 'LOCKED',
    },
    {
      name: 'nfl lock_at_pick_start after a selection started',
      ctx: nflContext([nflPick('p1', 'BUF', EARLIER)], {}, { lockAtPickStart: true }),
      action: 'confirm',
      reason: 'locked',
      label: 'LOCKED',
    },
    {
      name: 'nfl a started selection does not lock others without lock_at_pick_start',
      ctx: nflContext([nflPick('p1', 'BUF', EARLIER)]),
      action: 'confirm',
      reason: null,
      label: 'SELECT',
    },
    {
      name: 'nfl cancel of a selected player before kickoff',
      ctx: nflContext([nflPick('p9', 'KC')]),
      action: 'cancel',
      reason: null,
      label: 'CANCEL SELECTION',
    },
    {
      name: 'nfl cancel after the week lock',
      ctx: nflContext([nflPick('p9', 'KC')], { weekLockAt: EARLIER }),
      action: 'cancel',
      reason: 'locked',
      message: formatLockedMessage(3),
      label: 'LOCKED',
    },
    {
      name: 'nfl player used in another week',
      ctx: nflContext([nflPick('p9', 'KC', LATER, 1)]),
      action: 'confirm',
      reason: 'already_used',
      message: 'You already used Patrick Mahomes in Week 1. A player can be picked once per season.',
      label: 'Week 1',
    },
  ];

  it.each(cases)('$name', ({ ctx, action, reason, message, label }) => {
    const result = validatePickAction(ctx, action);
    if (reason === null) {
      expect(result.ok).toBe(true);
    } else {
      expect(result).toMatchObject({ ok: false, reason });
      if (message !== undefined && !result.ok) expect(result.message).toBe(message);
    }
    expect(getPickButton(ctx).label).toBe(label);
  });

  it('rejects cancelling an item that is not selected, and confirming one that is', () => {
    expect(validatePickAction(makeContext(), 'cancel')).toMatchObject({ ok: false, reason: 'not_selected' });
    const selected = makeContext({
      viewer: { kind: 'user', entry: makeEntry({ picks: [{ week: 3, id: 'LAL', teamAbb: 'LAL' }] }) },
    });
    expect(validatePickAction(selected, 'confirm')).toMatchObject({ ok: false, reason: 'already_selected' });
  });

  it('swaps an nba pick made earlier in the same open week', () => {
    const ctx = makeContext({
      viewer: { kind: 'user', entry: makeEntry({ picks: [{ week: 3, id: 'BOS', teamAbb: 'BOS' }] }) },
    });
    expect(validatePickAction(ctx, 'confirm')).toEqual({ ok: true, action: 'confirm', replaces: 'BOS' });
  });

  it('marks selected cards, with a short CANCEL label and LOCKED once locked', () => {
    const picks = [nflPick('p9', 'KC')];
    expect(getPickButton(nflContext(picks))).toMatchObject({
      state: 'cancel',
      label: 'CANCEL SELECTION',
      shortLabel: 'CANCEL',
      selected: true,
      action: 'cancel',
      enabled: true,
    });
    expect(getPickButton(nflContext(picks, { weekLockAt: EARLIER }))).toMatchObject({
      state: 'locked',
      selected: true,
      enabled: false,
    });
  });

  it('makes a full week alert instead of opening the modal', () => {
    const button = getPickButton(
      nflContext([nflPick('p1', 'BUF'), nflPick('p2', 'SF'), nflPick('p3', 'DAL')]),
    );
    expect(button).toMatchObject({ state: 'week_full', action: 'alert', enabled: true });
    expect(button.message).toBe(formatMaxSelectionsMessage(3, 3));
  });

  it('maps every rejection to a 4xx status', () => {
    for (const status of Object.values(PICK_REJECTION_STATUS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });
});

describe('pick texts', () => {
  it.each([
    [
      'nfl-td',
      'Patrick Mahomes',
      "You are selecting Patrick Mahomes for Week 4. You are free to change this pick at anytime up until this player's game begins.",
    ],
    [
      'nba',
      'Lakers',
      'You are selecting the Lakers for Week 4. You are free to change this pick at anytime up until the first game of Week 4 begins.',
    ],
    [
      'mlb',
      'Astros',
      'You are selecting the Astros for Week 4. You are free to change this pick at anytime up until the first game of Week 4 begins.',
    ],
  ] as const)('%s confirm text', (game, name, text) => {
    expect(describePickConfirm(game, name, 4)).toEqual({ text, buttonLabel: 'MAKE PICK' });
  });

  it('cancel text', () => {
    expect(describePickCancel('Lakers', 4)).toEqual({
      text: 'You are cancelling your selection of the Lakers for Week 4.',
      buttonLabel: 'CANCEL PICK',
    });
  });

  it('fixed messages', () => {
    expect(PICK_DEADLINE_ALERT).toBe(
      "Sorry, this week's pick deadline has passed. Consider begging the Commish for mercy?",
    );
    expect(formatWeekMaxedNotice(6)).toBe("You've maxed out your picks for Week 6.");
    expect(formatLockedMessage(6)).toBe(
      'Sorry, your selections for Week 6 are locked and can no longer be changed.',
    );
  });

  it.each([
    [0, 'PASS TDs ARE IGNORED'],
    [2, 'PASS TDs: MIN OF 2 TO ADVANCE A PLAYER.'],
  ])('nfl rule lines with pass TDs %i', (passTds, line) => {
    expect(describeNflRuleLines({ playersPerWeek: 3, maxPlayersPerTeam: 1, passTds })).toEqual([
      'PICK 3 PLAYER(S) PER WEEK',
      'MAX 1 PLAYER(S) PER NFL TEAM PER WEEK',
      line,
    ]);
  });
});

describe('week notices', () => {
  const pool = makePool({ game: 'nfl-td', playersPerWeek: 2, lockAtPickStart: true });
  it.each([
    ['open, room left', [nflPick('p1', 'BUF')], LATER, null],
    ['open, full', [nflPick('p1', 'BUF'), nflPick('p2', 'KC')], LATER, formatWeekMaxedNotice(3)],
    ['week lock passed', [], EARLIER, formatLockedMessage(3)],
    [
      'a selection started with lock_at_pick_start',
      [nflPick('p1', 'BUF', EARLIER)],
      LATER,
      formatLockedMessage(3),
    ],
  ] as const)('%s', (_, picks, weekLockAt, notice) => {
    const entry = makeEntry({ picks: [...picks] });
    expect(getWeekPicksNotice(pool, entry, 3, weekLockAt, NOW)).toBe(notice);
  });

  it('locks nba weeks at the deadline and any week outside the season', () => {
    const nba = makePool();
    expect(isEntryWeekLocked(nba, makeEntry(), 3, LATER, NOW)).toBe(false);
    expect(isEntryWeekLocked(nba, makeEntry(), 3, EARLIER, NOW)).toBe(true);
    expect(isEntryWeekLocked(nba, makeEntry(), 0, LATER, NOW)).toBe(true);
  });
});
