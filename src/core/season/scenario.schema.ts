import { z } from 'zod';
import { PlayableGameSchema } from '../games';
import { EndRuleSchema } from './end-rule';

// The JSON contract of `npm run simulate` (docs/SIMULATE.md).
// zod objects strip unknown keys by default, which is how "fields not listed here are ignored" is met.

const cents = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const weekNumber = z.number().int().positive();

export const ScenarioPoolSchema = z.object({
  game: PlayableGameSchema,
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

/** [wins, losses] of one team in one week. */
export const TeamRecordSchema = z.tuple([count, count]);
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
});
export type ScenarioWeek = z.infer<typeof ScenarioWeekSchema>;

/** A week's pick as written in a scenario: a team code (nba, mlb) or player ids (nfl-td). */
export const ScenarioPickSchema = z.union([z.string().min(1), z.array(z.string().min(1))]);
export type ScenarioPick = z.infer<typeof ScenarioPickSchema>;

export const ScenarioEntrySchema = z.object({
  id: z.string().min(1),
  auto_rebuy: z.boolean().default(false),
  insured: z.boolean().default(false),
  picks: z
    .record(z.string().regex(/^[1-9][0-9]*$/, 'week keys are positive integers'), ScenarioPickSchema)
    .default({}),
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
