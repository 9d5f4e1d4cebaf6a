import { z } from 'zod';
import { CountSchema, GameStartSchema, GameStatusSchema, TeamAbbSchema } from '../../core/facts';

// src/core/facts has NBA and MLB facts; NFL TD facts are defined here until core needs them.

/** One player's line in one NFL game, as the NFL TD rules read it. */
export const NflPlayerLineSchema = z.object({
  player_id: z.string().min(1),
  name: z.string().min(1),
  team_abb: TeamAbbSchema,
  pass_cmp: CountSchema,
  pass_att: CountSchema,
  pass_yds: z.number().int(),
  pass_td: CountSchema,
  pass_int: CountSchema,
  rush_att: CountSchema,
  rush_yds: z.number().int(),
  rush_td: CountSchema,
  rec: CountSchema,
  rec_yds: z.number().int(),
  rec_td: CountSchema,
  st_td: CountSchema,
  def_td: CountSchema,
});
export type NflPlayerLine = z.infer<typeof NflPlayerLineSchema>;

/** Normalized facts of one NFL game: the score and every player's line. */
export const NflGameFactsSchema = z.object({
  gid: z.string().min(1),
  start: GameStartSchema,
  status: GameStatusSchema,
  week: z.number().int().min(1).nullable(),
  home: z.object({ team_abb: TeamAbbSchema, score: CountSchema }),
  away: z.object({ team_abb: TeamAbbSchema, score: CountSchema }),
  players: z.array(NflPlayerLineSchema).default([]),
});
export type NflGameFacts = z.infer<typeof NflGameFactsSchema>;

/** An empty NFL line for a player, to be filled stat by stat. */
export function emptyNflLine(player_id: string, name: string, team_abb: string): NflPlayerLine {
  return {
    player_id,
    name,
    team_abb,
    pass_cmp: 0,
    pass_att: 0,
    pass_yds: 0,
    pass_td: 0,
    pass_int: 0,
    rush_att: 0,
    rush_yds: 0,
    rush_td: 0,
    rec: 0,
    rec_yds: 0,
    rec_td: 0,
    st_td: 0,
    def_td: 0,
  };
}

/** True when a line has a touchdown that always counts in NFL TD (rushing, receiving, special teams, defense). */
export function hasNonPassingTouchdown(line: NflPlayerLine): boolean {
  return line.rush_td + line.rec_td + line.st_td + line.def_td > 0;
}
