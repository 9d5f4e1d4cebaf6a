import { z } from 'zod';
import { CountSchema, GameStartSchema, GameStatusSchema, TeamAbbSchema } from './common';

export const NbaTeamScoreSchema = z.object({
  team_abb: TeamAbbSchema,
  score: CountSchema,
});
export type NbaTeamScore = z.infer<typeof NbaTeamScoreSchema>;

/** One player's box line. */
export const NbaPlayerLineSchema = z.object({
  player_id: z.string().min(1),
  name: z.string().min(1),
  team_abb: TeamAbbSchema,
  points: CountSchema,
  rebounds: CountSchema,
  assists: CountSchema,
  steals: CountSchema,
  blocks: CountSchema,
});
export type NbaPlayerLine = z.infer<typeof NbaPlayerLineSchema>;

/** A team's longest run of unanswered points in the game. */
export const NbaScoringRunSchema = z.object({
  team_abb: TeamAbbSchema,
  points: CountSchema,
});
export type NbaScoringRun = z.infer<typeof NbaScoringRunSchema>;

/** The game's last made shot that changed the winner or broke a tie, with the clock when it went in. */
export const NbaDecidingShotSchema = z.object({
  team_abb: TeamAbbSchema,
  player: z.string().nullable().default(null),
  period: z.number().int().min(1),
  /** Clock left in the period when the shot was released/made; 0 at the buzzer. */
  seconds_remaining: z.number().min(0),
  made: z.boolean(),
  /** True when the shot gave the shooting team the win (the final margin came from it). */
  decided_game: z.boolean(),
});
export type NbaDecidingShot = z.infer<typeof NbaDecidingShotSchema>;

/** Normalized facts of one NBA game, as the sports-data providers deliver them. */
export const NbaGameFactsSchema = z.object({
  gid: z.string().min(1),
  start: GameStartSchema,
  status: GameStatusSchema,
  home: NbaTeamScoreSchema,
  away: NbaTeamScoreSchema,
  /** Periods played: 4 in regulation, 5 after one overtime, 6 after two. */
  periods: CountSchema,
  players: z.array(NbaPlayerLineSchema).default([]),
  longest_runs: z.array(NbaScoringRunSchema).default([]),
  deciding_shot: NbaDecidingShotSchema.nullable().default(null),
  /**
   * True when the players, runs and deciding shot were generated, not recorded (the demo's replay
   * of a season whose files hold only scores); pages showing them say so. Absent for real feeds.
   */
  simulated: z.boolean().optional(),
});
export type NbaGameFacts = z.infer<typeof NbaGameFactsSchema>;
