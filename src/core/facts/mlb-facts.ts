import { z } from 'zod';
import { CountSchema, GameStartSchema, GameStatusSchema, TeamAbbSchema } from './common';

/** One side's line; `baserunners` counts every time the side reached base (hits, walks, hit by pitch, errors). */
export const MlbTeamLineSchema = z.object({
  team_abb: TeamAbbSchema,
  runs: CountSchema,
  hits: CountSchema,
  baserunners: CountSchema,
});
export type MlbTeamLine = z.infer<typeof MlbTeamLineSchema>;

export const MlbPlayEventSchema = z.enum(['single', 'double', 'triple', 'home_run', 'hit_by_pitch', 'other']);
export type MlbPlayEvent = z.infer<typeof MlbPlayEventSchema>;

/** A plate appearance's outcome; providers may send only the notable ones (home runs, hit by pitch). */
export const MlbPlaySchema = z.object({
  inning: z.number().int().min(1),
  half: z.enum(['top', 'bottom']),
  batter: z.string().min(1),
  batter_team_abb: TeamAbbSchema,
  event: MlbPlayEventSchema,
  /** Runners on base when the play began (0-3). */
  runners_on_base: z.number().int().min(0).max(3),
  rbi: z.number().int().min(0).max(4),
});
export type MlbPlay = z.infer<typeof MlbPlaySchema>;

/** A batter's hits by type in the game. */
export const MlbBatterHitsSchema = z.object({
  batter: z.string().min(1),
  team_abb: TeamAbbSchema,
  singles: CountSchema,
  doubles: CountSchema,
  triples: CountSchema,
  home_runs: CountSchema,
});
export type MlbBatterHits = z.infer<typeof MlbBatterHitsSchema>;

/** Normalized facts of one MLB game; no-hitters and perfect games are derived from the opponent's line. */
export const MlbGameFactsSchema = z.object({
  gid: z.string().min(1),
  start: GameStartSchema,
  status: GameStatusSchema,
  home: MlbTeamLineSchema,
  away: MlbTeamLineSchema,
  /** Innings played (9 in a full game, more in extra innings). */
  innings: CountSchema,
  plays: z.array(MlbPlaySchema).default([]),
  batters: z.array(MlbBatterHitsSchema).default([]),
});
export type MlbGameFacts = z.infer<typeof MlbGameFactsSchema>;
