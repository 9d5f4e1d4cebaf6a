import { z } from 'zod';

/** Game keys recognised in routes and labels; world-cup has no playable rules yet. */
export const GameSchema = z.enum(['nba', 'mlb', 'nfl-td', 'world-cup']);
export type Game = z.infer<typeof GameSchema>;

/** Games that can be played in a pool today. */
export const PlayableGameSchema = z.enum(['nba', 'mlb', 'nfl-td']);
export type PlayableGame = z.infer<typeof PlayableGameSchema>;

export const SeasonTypeSchema = z.enum(['reg', 'pre']);
export type SeasonType = z.infer<typeof SeasonTypeSchema>;

export const GAME_NAMES: Record<Game, string> = {
  nba: 'NBA',
  mlb: 'MLB',
  'nfl-td': 'NFL TD',
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
