import { z } from 'zod';
import { CountSchema, TeamAbbSchema } from './common';

/** A team's wins and losses in one pool week (postponed games excluded). */
export const WeekTeamRecordSchema = z.object({
  week: z.number().int().min(1),
  team_abb: TeamAbbSchema,
  wins: CountSchema,
  losses: CountSchema,
});
export type WeekTeamRecord = z.infer<typeof WeekTeamRecordSchema>;

export const WeekTeamRecordsSchema = z.array(WeekTeamRecordSchema);
