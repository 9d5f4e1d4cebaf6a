import { type MakePickBody, type MakePickResponse, PICK_MESSAGES } from '../../../../core/contracts/pools';
import { type PlayableGame, picksPlayers } from '../../../../core/games';
import {
  describePickCancel,
  describePickConfirm,
  type EntryPick,
  PICK_REJECTION_STATUS,
  type PickRejection,
  type PickTarget,
  validatePickAction,
} from '../../../../core/picks';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import type { AppContext } from '../../../context';
import type { PoolRecord } from '../../../db/schema';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  unauthorized,
} from '../../../lib/errors';
import { hashToken } from '../../../lib/tokens';
import { findSessionUser } from '../../auth/sessions';
import { requireEntryPoolAccess } from '../access/pool-access';
import { notifyPoolChanged } from '../live/notify';
import { picksAsked } from '../store/owed-picks.repo';
import { toMyEntry } from '../store/pool-entries.repo';
import { PoolWeeks } from '../store/pool-weeks.repo';
import {
  hasAliveEntries,
  loadPickState,
  type NamedPick,
  type PickState,
  type SessionKey,
  type TargetIds,
  type TargetRecord,
  writePickChange,
} from './picks.repo';

/** Attempts of one pick before it gives up; each failed one means a racing change of the entry won. */
const MAX_ATTEMPTS = 50;

/**
 * POST /user/makeUserPick: confirms or cancels one pick of the viewer's own entry. One read (the
 * session's user, the entry, its pool, its picks, the week's games and the target, from one
 * snapshot: the route skips the session plugin's lookup), every rule of
 * src/core/picks checked on it, then one write of the change with its audit row that applies only
 * if the entry is still as read (see picks.repo.ts); when a racing change of the same entry came
 * first, the pick is decided again on a fresh read. The unique (entry, pick) index backs the
 * once-per-season rule. The answer is built from what was read and written.
 */
export async function makeUserPick(
  ctx: AppContext,
  sessionToken: string,
  body: MakePickBody,
): Promise<MakePickResponse> {
  // Measured from here on a monotonic clock, which keeps running while the process is stopped.
  const started = performance.now();
  const now = ctx.clock.now();
  const ids = requestedTargetIds(body);
  const session: SessionKey = { sessionId: hashToken(sessionToken), now: ctx.wallClock.now() };
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const answer = await tryPick(ctx, session, sessionToken, body, ids, now, started);
      if (answer) return answer;
    }
  } catch (error) {
    // The compare-and-set serializes one entry's picks; the unique index is the last guard if it is ever bypassed.
    if (isUniqueViolation(error, 'picks_entry_pick_idx')) {
      throw conflict('A team or player can be picked once per season.');
    }
    throw error;
  }
  throw conflict('Your entry was changing at the same time; please try again.');
}

/** One read-decide-write round; null when a racing change of the entry was written first. */
async function tryPick(
  ctx: AppContext,
  session: SessionKey,
  sessionToken: string,
  body: MakePickBody,
  ids: TargetIds,
  now: Date,
  started: number,
): Promise<MakePickResponse | null> {
  const state = await loadPickState(ctx.db, session, body.entryId, body.week, ids);
  if (!state) {
    // No entry row, so no session answer either: a visitor is told to log in before anything else.
    if (!(await findSessionUser(ctx.db, sessionToken, session.now))) throw unauthorized();
    throw notFound(PICK_MESSAGES.entryNotFound);
  }
  if (state.viewerId === null) throw unauthorized();
  const viewerId = state.viewerId;
  if (state.entry.userId !== viewerId) {
    // Someone else's entry is forbidden only where the viewer sees its pool; elsewhere it is not found,
    // exactly like an id that does not exist, so entry ids cannot be probed across leagues.
    const viewer = await findSessionUser(ctx.db, sessionToken, session.now);
    if (!viewer) throw unauthorized();
    await requireEntryPoolAccess(ctx.db, state.entry, viewer, PICK_MESSAGES.entryNotFound);
    throw forbidden(PICK_MESSAGES.notYourEntry);
  }
  const { pool, entry } = state;
  const game = pool.game as PlayableGame;

  if ((picksPlayers(pool.game) ? ids.playerId : ids.teamAbb) === '')
    throw badRequest(PICK_MESSAGES.pickRequired);
  const weeks = new PoolWeeks(pool, state.weekGames);
  const target = toPickTarget(pool, weeks, body.week, state.target);
  const entryPicks: EntryPick[] = state.held.map((pick) => ({
    week: pick.week,
    id: pick.pickId,
    teamAbb: pick.teamAbb,
    kickoff: pick.week === body.week ? weeks.teamKickoff(pick.week, pick.teamAbb) : null,
  }));
  const active = entry.status === ENTRY_STATUS.active;

  const result = validatePickAction(
    {
      pool: {
        game,
        weekCount: weeks.weekCount,
        startWeek: pool.startWeek,
        playersPerWeek: picksAsked(pool, body.week),
        maxPlayersPerTeam: pool.maxPlayersPerTeam,
        lockAtPickStart: pool.lockAtPickStart,
        entryDeadline: pool.entryDeadline,
        final: pool.final,
        // Read only for an inactive entry (NOT IN POOL vs JOIN): an active one never needs the count.
        hasAliveEntries: active ? true : await hasAliveEntries(ctx.db, pool.id),
      },
      viewer: {
        kind: 'user',
        entry: {
          active,
          lives: entry.lives,
          extinct: entry.lives <= 0,
          needsRebuy: entry.needsRebuy,
          picks: entryPicks,
        },
      },
      week: body.week,
      weekLockAt: weeks.weekLockAt(body.week),
      target,
      now,
    },
    body.action,
  );
  if (!result.ok) {
    // A change that already holds (the same pick again, a cancel of a pick no longer held) is a repeat,
    // a double submit most often: it answers as the first success did and writes nothing.
    if (isRepeat(result.reason, body.action)) return pickAnswer(game, body, target, state, state.held);
    throw new AppError(PICK_REJECTION_STATUS[result.reason], result.message);
  }

  const removed = result.action === 'cancel' ? target.id : result.replaces;
  const newPick = result.action === 'cancel' ? null : { pickId: target.id, teamAbb: target.teamAbb };
  // A request held up past its deadline (a stopped instance, a database that answered late) is
  // dropped: the player has moved on, maybe to another pick, and a late write could undo it.
  if (performance.now() - started > ctx.config.pickDeadlineMs) {
    throw new AppError(503, PICK_MESSAGES.tooLate);
  }
  const write = await writePickChange(ctx.db, {
    entryId: entry.id,
    version: state.version,
    week: body.week,
    userId: viewerId,
    now,
    action: result.action === 'cancel' ? 'cancel' : result.replaces === null ? 'confirm' : 'replace',
    oldPickId: removed,
    newPick,
    stamp:
      body.clientId && body.changedAt != null ? { clientId: body.clientId, changedAt: body.changedAt } : null,
  });
  if (!write.written) {
    if (write.stale) throw conflict(PICK_MESSAGES.newerChange);
    return null;
  }
  notifyPoolChanged(ctx, pool.id, 'picks');

  // The entry's picks after the change: what was read, less the pick removed, plus the one added.
  const after = state.held.filter((pick) => !(pick.week === body.week && pick.pickId === removed));
  if (newPick !== null && write.newId !== null) {
    after.push({
      id: write.newId,
      entryId: entry.id,
      week: body.week,
      pickId: newPick.pickId,
      teamAbb: newPick.teamAbb,
      byInsurance: false,
      name: target.name,
    });
    after.sort((a, b) => a.week - b.week || a.id - b.id);
  }
  return pickAnswer(game, body, target, state, after);
}

/** Whether a refusal only says the change asked for already holds. */
function isRepeat(reason: PickRejection, action: MakePickBody['action']): boolean {
  return action === 'cancel' ? reason === 'not_selected' : reason === 'already_selected';
}

/** The answer of a pick: the action's message and the entry with the picks it holds after it. */
function pickAnswer(
  game: PlayableGame,
  body: MakePickBody,
  target: PickTarget,
  state: PickState,
  after: NamedPick[],
): MakePickResponse {
  const names = new Map(after.map((pick) => [pick.pickId, pick.name]));
  const message =
    body.action === 'cancel'
      ? describePickCancel(target.name, body.week).text
      : describePickConfirm(game, target.name, body.week).text;
  return { message, entry: toMyEntry({ entry: state.entry, username: state.username }, after, names) };
}

/** What the request names, read both ways (the pool's game, known after the read, picks one). */
function requestedTargetIds(body: MakePickBody): TargetIds {
  const id = body.selectedPlayer?.id;
  return {
    playerId: id === undefined || id === null ? '' : String(id).trim(),
    teamAbb: body.team?.trim().toUpperCase() ?? '',
  };
}

/** The team (nba, mlb) or NFL player (nfl-td) the request names, with its game in the week; 404 when unknown. */
function toPickTarget(
  pool: PoolRecord,
  weeks: PoolWeeks,
  week: number,
  found: TargetRecord | undefined,
): PickTarget {
  if (picksPlayers(pool.game)) {
    if (!found) throw notFound(PICK_MESSAGES.unknownPlayer);
    const kickoff = weeks.teamKickoff(week, found.teamAbb);
    return { id: found.id, name: found.name, teamAbb: found.teamAbb, hasGame: kickoff !== null, kickoff };
  }
  if (!found) throw notFound(PICK_MESSAGES.unknownTeam);
  const kickoff = weeks.teamKickoff(week, found.teamAbb);
  // An NFL Survivor team locks at its own kickoff as an NFL TD player does.
  return {
    id: found.id,
    name: found.name,
    teamAbb: found.teamAbb,
    hasGame: kickoff !== null,
    kickoff: pool.game === 'nfl' ? kickoff : undefined,
  };
}
