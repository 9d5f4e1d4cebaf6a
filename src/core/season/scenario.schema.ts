import { z } from 'zod';
import { PlayableGameSchema } from '../games';
import { EndRuleSchema } from './end-rule';
import { TieRuleSchema } from './tie-rule';

// The JSON contract of `npm run simulate` (docs/SIMULATE.md).
// zod objects strip unknown keys by default, which is how "fields not listed here are ignored" is met.

const cents = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const weekNumber = z.number().int().positive();
const weekKey = z.string().regex(/^[1-9][0-9]*$/, 'week keys are positive integers');

export { type TieRule, TieRuleSchema } from './tie-rule';

/** The games a scenario plays: the pool games, and the classic NFL team game (spec 4, part 1). */
export const ScenarioGameSchema = z.enum([...PlayableGameSchema.options, 'nfl']);
export type ScenarioGame = z.infer<typeof ScenarioGameSchema>;

export const ScenarioPoolSchema = z.object({
  game: ScenarioGameSchema,
  buyin: cents.default(0),
  rebuys: count.default(0),
  rebuy_price: cents.default(0),
  ala_pct: z.number().min(0).max(1).default(0),
  shoot_moon: z.boolean().default(false),
  insurance_option: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  insurance: cents.default(0),
  players_per_week: z.number().int().positive().default(1),
  max_players_per_team: z.number().int().positive().default(1),
  nfl_pass_tds: count.default(2),
  /** nfl: how a tied game counts for the teams picked in it. */
  tie_rule: TieRuleSchema.default('loss'),
  /** nfl: multi-pick weeks, week -> k picks (every other week asks for 1). */
  picks_per_week: z.record(weekKey, z.number().int().min(1).max(3)).default({}),
  /** nfl: a missed pick (not filled by insurance) takes the unused favourite(s) of the week's odds. */
  auto_pick: z.boolean().default(false),
  /** Absent: no end rule, every week is played (spec 4, part 2). */
  end_rule: EndRuleSchema.optional(),
});
export type ScenarioPool = z.infer<typeof ScenarioPoolSchema>;

export const ScenarioPlayerSchema = z.object({
  id: z.string().min(1),
  team: z.string().min(1),
  position: z.string().optional(),
});
export type ScenarioPlayer = z.infer<typeof ScenarioPlayerSchema>;

export const PlayerStatsSchema = z.object({
  pass_td: count.default(0),
  rush_td: count.default(0),
  rec_td: count.default(0),
  st_td: count.default(0),
  def_td: count.default(0),
});
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;

/** [wins, losses] of one team in one week (nba, mlb); nfl adds ties: [wins, losses, ties] of its game. */
export const TeamRecordSchema = z.union([z.tuple([count, count]), z.tuple([count, count, count])]);
export type TeamRecord = z.infer<typeof TeamRecordSchema>;

export const BonusEventSchema = z.object({
  team: z.string().min(1),
  prize: cents,
});
export type BonusEvent = z.infer<typeof BonusEventSchema>;

export const ScenarioWeekSchema = z.object({
  week: weekNumber,
  teams: z.record(z.string(), TeamRecordSchema).default({}),
  stats: z.record(z.string(), PlayerStatsSchema).default({}),
  bonus_events: z.array(BonusEventSchema).default([]),
  /** nfl: each team's pre-kickoff win probability, which auto-pick ranks by. */
  odds: z.record(z.string(), z.number().min(0).max(1)).default({}),
});
export type ScenarioWeek = z.infer<typeof ScenarioWeekSchema>;

/** A week's pick as written in a scenario: a team code (nba, mlb, nfl), player ids (nfl-td) or teams (an nfl multi-pick week). */
export const ScenarioPickSchema = z.union([z.string().min(1), z.array(z.string().min(1))]);
export type ScenarioPick = z.infer<typeof ScenarioPickSchema>;

export const ScenarioEntrySchema = z.object({
  id: z.string().min(1),
  auto_rebuy: z.boolean().default(false),
  insured: z.boolean().default(false),
  picks: z.record(weekKey, ScenarioPickSchema).default({}),
  rebuy_before_weeks: z.array(weekNumber).default([]),
  bonus_weeks: z.array(weekNumber).default([]),
});
export type ScenarioEntry = z.infer<typeof ScenarioEntrySchema>;

export const ScenarioSchema = z.object({
  pool: ScenarioPoolSchema,
  players: z.array(ScenarioPlayerSchema).default([]),
  weeks: z.array(ScenarioWeekSchema),
  entries: z.array(ScenarioEntrySchema),
  seed: z.number().int().optional(),
});
export type Scenario = z.infer<typeof ScenarioSchema>;
/** A scenario as written before defaults are filled in. */
export type ScenarioInput = z.input<typeof ScenarioSchema>;

export const WeekResultSchema = z.enum(['advance', 'loss', 'moon', 'no-pick', 'no-rebuy']);
export type WeekResult = z.infer<typeof WeekResultSchema>;

export const EntryStatusSchema = z.enum(['alive', 'needs-rebuy', 'eliminated']);
export type EntryStatus = z.infer<typeof EntryStatusSchema>;

export const ReportWeekSchema = z.object({
  week: weekNumber,
  pick: z.union([z.string(), z.array(z.string()), z.null()]),
  assigned: z.literal(true).optional(),
  result: WeekResultSchema,
  lives: count,
  status: EntryStatusSchema,
  /** A wipeout under the revive rule brought the entry back with 1 life this week. */
  revived: z.literal(true).optional(),
});
export type ReportWeek = z.infer<typeof ReportWeekSchema>;

export const ReportEntrySchema = z.object({
  id: z.string(),
  weeks: z.array(ReportWeekSchema),
  lives: count,
  rebuys: count,
  status: EntryStatusSchema,
  weeks_alive: count,
  bonus_net: z.number().int(),
});
export type ReportEntry = z.infer<typeof ReportEntrySchema>;

export const ReportSchema = z.object({
  entries: z.array(ReportEntrySchema),
  prize_pool: z.number().int(),
  /** With an end rule: the champions' ids in the entries' order, and the week that decided the pool. */
  champions: z.array(z.string()).optional(),
  decided_week: weekNumber.nullable().optional(),
});
export type Report = z.infer<typeof ReportSchema>;
