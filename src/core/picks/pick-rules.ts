import { getNflPickLock, isTeamWeekLocked } from '../calendar/locks';
import { type PlayableGame, picksPlayers, playsNflWeeks } from '../games';

/** Pool settings that decide whether a pick can be made. */
export interface PickPool {
  game: PlayableGame;
  /** Number of weeks in the season (deadlines.length). */
  weekCount: number;
  /** The pool's first week (a pool may start mid-season); earlier weeks are not played. Default 1. */
  startWeek?: number;
  /** Picks the week asks for: nfl-td's players per week, an nfl multi-pick week's k; nba and mlb pick one. */
  playersPerWeek: number;
  /** nfl-td only. */
  maxPlayersPerTeam: number;
  /** nfl-td only: once any selection of the week has started, all of them lock. */
  lockAtPickStart: boolean;
  entryDeadline: Date | null;
  final: boolean;
  /** Whether any entry is still alive: after the entry deadline a non-entrant sees NOT IN POOL only then. */
  hasAliveEntries: boolean;
}

/** One pick an entry holds (any week): a team abbreviation, or an NFL player id with the player's team. */
export interface EntryPick {
  week: number;
  id: string;
  teamAbb: string;
  /** nfl-td: kickoff of the player's game that week; drives the per-player lock and lock_at_pick_start. */
  kickoff?: Date | null;
}

/** The viewer's entry in the pool; an inactive one (ENTRY_STATUS) counts as not entered. */
export interface PickEntry {
  active: boolean;
  lives: number;
  extinct: boolean;
  /** Lost a life and must rebuy before picking again. */
  needsRebuy: boolean;
  picks: readonly EntryPick[];
}

/** Visitors may be prompted to log in or to register; which one is the page's choice. */
export type PickViewer =
  | { kind: 'visitor'; prompt?: 'login' | 'register' }
  | { kind: 'user'; entry: PickEntry | null };

/** The team (nba, mlb) or player (nfl-td) on a card. */
export interface PickTarget {
  /** Team abbreviation, or NFL player id. */
  id: string;
  /** Display name used in messages: the team's name, or the player's name. */
  name: string;
  teamAbb: string;
  /** Whether the team plays in the week; a team without a game (or on a bye) cannot be picked. */
  hasGame: boolean;
  /** nfl-td: the player's kickoff that week. */
  kickoff?: Date | null;
}

export interface PickContext {
  pool: PickPool;
  viewer: PickViewer;
  week: number;
  /** The week's lock: its deadline for nba/mlb, getNflWeekLock for nfl-td (null: no week-wide lock). */
  weekLockAt: Date | null;
  target: PickTarget;
  now: Date;
}

export type PickAction = 'confirm' | 'cancel';

export type PickRejection =
  | 'not_signed_in'
  | 'not_joined'
  | 'not_in_pool'
  | 'eliminated'
  | 'needs_rebuy'
  | 'invalid_week'
  | 'pool_concluded'
  | 'already_used'
  | 'no_game'
  | 'deadline_passed'
  | 'locked'
  | 'game_started'
  | 'team_maxed'
  | 'week_full'
  /** nfl: the week's one pick has kicked off, so it can no longer be swapped for another team. */
  | 'pick_locked'
  | 'already_selected'
  | 'not_selected';

/** HTTP status the server answers each rejection with. */
export const PICK_REJECTION_STATUS: Record<PickRejection, 400 | 401 | 403 | 409 | 422> = {
  not_signed_in: 401,
  not_joined: 403,
  not_in_pool: 403,
  eliminated: 403,
  needs_rebuy: 403,
  invalid_week: 400,
  pool_concluded: 409,
  already_used: 409,
  no_game: 422,
  deadline_passed: 409,
  locked: 409,
  game_started: 409,
  team_maxed: 409,
  week_full: 409,
  pick_locked: 409,
  already_selected: 409,
  not_selected: 409,
};

export type PickValidation =
  | {
      ok: true;
      action: PickAction /** nba/mlb: the week's earlier pick that a confirm replaces. */;
      replaces: string | null;
    }
  | { ok: false; reason: PickRejection; message: string };

export const PICK_DEADLINE_ALERT =
  "Sorry, this week's pick deadline has passed. Consider begging the Commish for mercy?";

/** Lock message shown when a week's selections can no longer change. */
export function formatLockedMessage(week: number): string {
  return `Sorry, your selections for Week ${week} are locked and can no longer be changed.`;
}

/** Message for selecting beyond players_per_week. */
export function formatMaxSelectionsMessage(playersPerWeek: number, week: number, noun = 'player'): string {
  return `You have already made the maximum of ${playersPerWeek} selection(s) for Week ${week}. Please cancel one of your picks to select a different ${noun}.`;
}

/** Notice shown while a week is full and only cancelling is possible. */
export function formatWeekMaxedNotice(week: number): string {
  return `You've maxed out your picks for Week ${week}.`;
}

/** Label of an item already used in another week. */
export function formatUsedWeekLabel(week: number): string {
  return `Week ${week}`;
}

/** Text and button of the confirm modal. */
export function describePickConfirm(
  game: PlayableGame,
  name: string,
  week: number,
): { text: string; buttonLabel: string } {
  const text =
    game === 'nfl-td'
      ? `You are selecting ${name} for Week ${week}. You are free to change this pick at anytime up until this player's game begins.`
      : game === 'nfl'
        ? `You are selecting the ${name} for Week ${week}. You are free to change this pick at anytime up until their game kicks off or the week locks.`
        : `You are selecting the ${name} for Week ${week}. You are free to change this pick at anytime up until the first game of Week ${week} begins.`;
  return { text, buttonLabel: 'MAKE PICK' };
}

/** Text and button of the cancel modal (spec wording keeps "the" for players as well as teams). */
export function describePickCancel(name: string, week: number): { text: string; buttonLabel: string } {
  return {
    text: `You are cancelling your selection of the ${name} for Week ${week}.`,
    buttonLabel: 'CANCEL PICK',
  };
}

/** Rule lines shown above the NFL TD pick cards. */
export function describeNflRuleLines(pool: {
  playersPerWeek: number;
  maxPlayersPerTeam: number;
  passTds: number;
}): string[] {
  return [
    `PICK ${pool.playersPerWeek} PLAYER(S) PER WEEK`,
    `MAX ${pool.maxPlayersPerTeam} PLAYER(S) PER NFL TEAM PER WEEK`,
    pool.passTds === 0 ? 'PASS TDs ARE IGNORED' : `PASS TDs: MIN OF ${pool.passTds} TO ADVANCE A PLAYER.`,
  ];
}

/** The entry's picks for one week. */
export function listWeekPicks(entry: PickEntry, week: number): EntryPick[] {
  return entry.picks.filter((pick) => pick.week === week);
}

/** True when all of the entry's selections for the week are locked (the week lock, or lock_at_pick_start once one started). */
export function isEntryWeekLocked(
  pool: PickPool,
  entry: PickEntry,
  week: number,
  weekLockAt: Date | null,
  now: Date,
): boolean {
  if (pool.final || week < Math.max(1, pool.startWeek ?? 1) || week > pool.weekCount) return true;
  if (!playsNflWeeks(pool.game)) return isTeamWeekLocked(weekLockAt, now);
  const reason = getNflPickLock({
    weekLockAt,
    playerKickoff: null,
    selectionKickoffs: listWeekPicks(entry, week).map((pick) => pick.kickoff ?? null),
    lockAtPickStart: pool.lockAtPickStart,
    now,
  });
  return reason !== null;
}

/** Notice above the NFL TD cards: the lock message once the week is locked, the maxed notice once it is full. */
export function getWeekPicksNotice(
  pool: PickPool,
  entry: PickEntry,
  week: number,
  weekLockAt: Date | null,
  now: Date,
): string | null {
  if (isEntryWeekLocked(pool, entry, week, weekLockAt, now)) return formatLockedMessage(week);
  if (listWeekPicks(entry, week).length >= pool.playersPerWeek) return formatWeekMaxedNotice(week);
  return null;
}

/** Validates a confirm or cancel of a pick; the server calls this inside its transaction and maps a rejection to 4xx. */
export function validatePickAction(ctx: PickContext, action: PickAction): PickValidation {
  const { pool, viewer, week, target } = ctx;
  if (viewer.kind === 'visitor') return reject(ctx, 'not_signed_in');
  const entry = viewer.entry;
  if (entry === null || !entry.active) {
    const closed = pool.entryDeadline !== null && pool.entryDeadline.getTime() <= ctx.now.getTime();
    return reject(ctx, closed && pool.hasAliveEntries ? 'not_in_pool' : 'not_joined');
  }
  if (entry.extinct || entry.lives <= 0) return reject(ctx, 'eliminated');
  if (entry.needsRebuy) return reject(ctx, 'needs_rebuy');
  if (!Number.isInteger(week) || week < Math.max(1, pool.startWeek ?? 1) || week > pool.weekCount) {
    return reject(ctx, 'invalid_week');
  }
  if (pool.final) return reject(ctx, 'pool_concluded');

  const weekPicks = listWeekPicks(entry, week);
  const selected = weekPicks.some((pick) => pick.id === target.id);

  if (action === 'cancel') {
    if (!selected) return reject(ctx, 'not_selected');
    const lock = getTargetLock(ctx, entry);
    if (lock !== null) return reject(ctx, lock === 'deadline_passed' ? 'locked' : lock);
    return { ok: true, action, replaces: null };
  }

  if (selected) return reject(ctx, 'already_selected');
  if (entry.picks.some((pick) => pick.id === target.id && pick.week !== week))
    return reject(ctx, 'already_used');
  if (!target.hasGame) return reject(ctx, 'no_game');
  const lock = getTargetLock(ctx, entry);
  if (lock !== null) return reject(ctx, lock);
  if (!picksPlayers(pool.game) && pool.playersPerWeek <= 1) {
    // One team a week: picking another team while the week is open swaps the pick (an nfl pick
    // whose game has started stays: it is locked, and the week is full).
    const held = weekPicks[0];
    if (held?.kickoff && pool.game === 'nfl' && held.kickoff.getTime() <= ctx.now.getTime())
      return reject(ctx, 'pick_locked');
    return { ok: true, action, replaces: held?.id ?? null };
  }
  if (!picksPlayers(pool.game)) {
    if (weekPicks.length >= pool.playersPerWeek) return reject(ctx, 'week_full');
    return { ok: true, action, replaces: null };
  }
  const sameTeam = weekPicks.filter((pick) => pick.teamAbb === target.teamAbb).length;
  if (sameTeam >= pool.maxPlayersPerTeam) return reject(ctx, 'team_maxed');
  if (weekPicks.length >= pool.playersPerWeek) return reject(ctx, 'week_full');
  return { ok: true, action, replaces: null };
}

export type PickButtonState =
  | 'login'
  | 'register'
  | 'join'
  /** A non-member of a private league, who must be let into the league before joining its pools. */
  | 'members_only'
  | 'not_in_pool'
  | 'rebuy'
  | 'eliminated'
  | 'cancel'
  | 'used'
  | 'no_game'
  | 'locked'
  | 'maxed'
  | 'week_full'
  | 'select';

/** What clicking the button does; 'alert' shows `message` instead of opening the pick modal. */
export type PickButtonAction =
  | 'login'
  | 'register'
  | 'join'
  | 'rebuy'
  | 'confirm'
  | 'cancel'
  | 'alert'
  | null;

export interface PickButton {
  state: PickButtonState;
  label: string;
  /** Same as label except CANCEL SELECTION, which compact cards shorten to CANCEL. */
  shortLabel: string;
  enabled: boolean;
  action: PickButtonAction;
  /** Whether the item is among the entry's picks for this week. */
  selected: boolean;
  message: string | null;
}

/** The pick button of a team or player card, derived from the same rules the server enforces. */
export function getPickButton(ctx: PickContext): PickButton {
  const { viewer, week, target, pool } = ctx;
  if (viewer.kind === 'visitor') {
    return viewer.prompt === 'register'
      ? button('register', 'REGISTER TO PICK', 'register')
      : button('login', 'LOGIN TO PICK', 'login');
  }
  const selected =
    viewer.entry !== null && listWeekPicks(viewer.entry, week).some((pick) => pick.id === target.id);
  const result = validatePickAction(ctx, selected ? 'cancel' : 'confirm');
  if (result.ok) {
    return result.action === 'cancel'
      ? { ...button('cancel', 'CANCEL SELECTION', 'cancel'), shortLabel: 'CANCEL', selected: true }
      : button('select', 'SELECT', 'confirm');
  }
  const message = result.message;
  switch (result.reason) {
    case 'not_signed_in':
      return button('login', 'LOGIN TO PICK', 'login');
    case 'not_joined':
      return button('join', 'JOIN POOL TO PICK', 'join');
    case 'not_in_pool':
      return disabled('not_in_pool', 'NOT IN POOL', message);
    case 'eliminated':
      return disabled('eliminated', 'ELIMINATED', message);
    case 'needs_rebuy':
      return button('rebuy', 'REBUY TO PICK', 'rebuy');
    case 'already_used': {
      const usedWeek =
        viewer.entry?.picks.find((pick) => pick.id === target.id && pick.week !== week)?.week ?? 0;
      return disabled('used', formatUsedWeekLabel(usedWeek), message);
    }
    case 'no_game':
      return disabled('no_game', playsNflWeeks(pool.game) ? 'BYE WEEK' : 'NO GAME', message);
    case 'team_maxed':
      return disabled('maxed', 'MAXED', message);
    case 'week_full':
      return { ...button('week_full', 'SELECT', 'alert'), message };
    case 'invalid_week':
    case 'pool_concluded':
    case 'deadline_passed':
    case 'locked':
    case 'game_started':
    case 'pick_locked':
    case 'already_selected':
    case 'not_selected':
      return { ...disabled('locked', 'LOCKED', message), selected };
  }
}

// nba/mlb lock at the deadline; an NFL player also locks at his own kickoff, or with the week's first selection.
function getTargetLock(
  ctx: PickContext,
  entry: PickEntry,
): 'deadline_passed' | 'locked' | 'game_started' | null {
  const { pool, weekLockAt, now, week, target } = ctx;
  if (!playsNflWeeks(pool.game)) return isTeamWeekLocked(weekLockAt, now) ? 'deadline_passed' : null;
  const reason = getNflPickLock({
    weekLockAt,
    playerKickoff: target.kickoff ?? null,
    selectionKickoffs: listWeekPicks(entry, week).map((pick) => pick.kickoff ?? null),
    lockAtPickStart: pool.lockAtPickStart,
    now,
  });
  if (reason === null) return null;
  return reason === 'game_started' ? 'game_started' : 'locked';
}

function reject(ctx: PickContext, reason: PickRejection): PickValidation {
  return { ok: false, reason, message: formatRejectionMessage(ctx, reason) };
}

/** The user-facing message for a rejected pick (the spec's wording where it gives one). */
export function formatRejectionMessage(ctx: PickContext, reason: PickRejection): string {
  const { week, target, pool } = ctx;
  const isTeam = !picksPlayers(pool.game);
  const itemName = isTeam ? `the ${target.name}` : target.name;
  switch (reason) {
    case 'not_signed_in':
      return 'You must be logged in to make picks.';
    case 'not_joined':
      return 'You must join this pool to make picks.';
    case 'not_in_pool':
      return 'You are not entered in this pool.';
    case 'eliminated':
      return 'Your entry has been eliminated.';
    case 'needs_rebuy':
      return 'You must rebuy before you can make picks.';
    case 'invalid_week':
      return `Week ${week} is not part of this season.`;
    case 'pool_concluded':
      return 'This pool has concluded.';
    case 'already_used': {
      const viewer = ctx.viewer;
      const used =
        viewer.kind === 'user'
          ? viewer.entry?.picks.find((p) => p.id === target.id && p.week !== week)
          : undefined;
      return `You already used ${itemName} in Week ${used?.week ?? '?'}. A ${isTeam ? 'team' : 'player'} can be picked once per season.`;
    }
    case 'no_game':
      return isTeam
        ? `The ${target.name} have no game in Week ${week}.`
        : `${target.name}'s team has no game in Week ${week}.`;
    case 'deadline_passed':
      return PICK_DEADLINE_ALERT;
    case 'locked':
      return formatLockedMessage(week);
    case 'game_started':
      return `${target.name}'s game has already started, so this pick is locked.`;
    case 'team_maxed':
      return `You already have the maximum of ${pool.maxPlayersPerTeam} player(s) from ${target.teamAbb} for Week ${week}.`;
    case 'week_full':
      return formatMaxSelectionsMessage(pool.playersPerWeek, week, isTeam ? 'team' : 'player');
    case 'pick_locked':
      return `Your Week ${week} pick has kicked off: it is locked and cannot be swapped.`;
    case 'already_selected':
      return `You have already selected ${itemName} for Week ${week}.`;
    case 'not_selected':
      return `${isTeam ? `The ${target.name} are` : `${target.name} is`} not one of your selections for Week ${week}.`;
  }
}

function button(state: PickButtonState, label: string, action: PickButtonAction): PickButton {
  return { state, label, shortLabel: label, enabled: true, action, selected: false, message: null };
}

function disabled(state: PickButtonState, label: string, message: string | null): PickButton {
  return { state, label, shortLabel: label, enabled: false, action: null, selected: false, message };
}
