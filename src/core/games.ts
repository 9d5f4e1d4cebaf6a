import { z } from 'zod';

/** Game keys recognised in routes and labels; world-cup has no playable rules yet. */
export const GameSchema = z.enum(['nba', 'mlb', 'nfl-td', 'nfl', 'world-cup']);
export type Game = z.infer<typeof GameSchema>;

/** Games that can be played in a pool today. */
export const PlayableGameSchema = z.enum(['nba', 'mlb', 'nfl-td', 'nfl']);
export type PlayableGame = z.infer<typeof PlayableGameSchema>;

export const SeasonTypeSchema = z.enum(['reg', 'pre']);
export type SeasonType = z.infer<typeof SeasonTypeSchema>;

export const GAME_NAMES: Record<Game, string> = {
  nba: 'NBA',
  mlb: 'MLB',
  'nfl-td': 'NFL TD',
  nfl: 'NFL Survivor',
  'world-cup': 'World Cup',
};

/** What a game without playable rules yet says about itself; null for a playable game. */
export function notPlayableNotice(game: Game): string | null {
  return PlayableGameSchema.safeParse(game).success ? null : `${GAME_NAMES[game]} has no playable rules yet.`;
}

/** Display name of a game key; an unknown key is a programming error. */
export function gameLabel(game: string): string {
  const parsed = GameSchema.safeParse(game);
  if (!parsed.success) throw new Error(`Unknown game type: ${game}`);
  return GAME_NAMES[parsed.data];
}

/**
 * The schedules pools play on, as stored and fed: both NFL games play the NFL's own schedule, kept once
 * under the key 'nfl-td' where it was first stored (decision 040).
 */
export const ScheduleGameSchema = z.enum(['nba', 'mlb', 'nfl-td']);
export type ScheduleGame = z.infer<typeof ScheduleGameSchema>;

/** The schedule a pool game plays on. */
export function scheduleOf(game: PlayableGame): ScheduleGame {
  return game === 'nfl' ? 'nfl-td' : game;
}

/** The schedule key of a stored game key: NFL Survivor reads the NFL's, every other key its own. */
export function scheduleOfKey(game: string): string {
  return game === 'nfl' ? 'nfl-td' : game;
}

/** Whether a game plays the NFL's weeks and lock modes (NFL TD and NFL Survivor). */
export function playsNflWeeks(game: string): boolean {
  return game === 'nfl-td' || game === 'nfl';
}

/** Whether a game's picks are players (NFL TD) rather than teams (NBA, MLB, NFL Survivor). */
export function picksPlayers(game: string): boolean {
  return game === 'nfl-td';
}

/** Whether a game has the performance bonus side pool (NBA and MLB; neither NFL game). */
export function hasBonusPool(game: string): game is 'nba' | 'mlb' {
  return game === 'nba' || game === 'mlb';
}

/** The pool games played on a schedule (the NFL's: NFL TD and NFL Survivor). */
export function gamesPlayedOn(schedule: ScheduleGame): PlayableGame[] {
  return schedule === 'nfl-td' ? ['nfl-td', 'nfl'] : [schedule];
}
