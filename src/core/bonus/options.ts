import { z } from 'zod';
import type { NflLockTime } from '../calendar/locks';
import type { BonusOptionsMap } from './option-setting';

/** Games that have a performance bonus pool (never nfl-td). */
export const BonusGameSchema = z.enum(['nba', 'mlb']);
export type BonusGame = z.infer<typeof BonusGameSchema>;

/**
 * Bonus ids. NBA uses 1-9, MLB uses 5 and 10-15: id 5 is PERFECT WEEK in both games, so one id means
 * "perfect week" everywhere while its threshold and prize differ by game.
 */
export const BONUS_IDS = {
  fiftyPoints: 1,
  twentyTwenty: 2,
  teamPoints140: 3,
  twentyZeroRun: 4,
  perfectWeek: 5,
  thirtyPointWin: 6,
  doubleOvertimeWin: 7,
  buzzerBeater: 8,
  tripleDouble: 9,
  perfectGame: 10,
  noHitter: 11,
  cycle: 12,
  grandSlam: 13,
  fifteenRuns: 14,
  beaned: 15,
} as const;
export type BonusId = (typeof BONUS_IDS)[keyof typeof BONUS_IDS];

/** 'player' bonuses are earned by one player's line, 'team' bonuses by the team's result. */
export type BonusKind = 'player' | 'team';

export interface BonusOptionDefinition {
  bonus_id: BonusId;
  game: BonusGame;
  /** Short label shown in tables (spec 1 section 9). */
  bonus_name: string;
  bonus_long_name: string;
  kind: BonusKind;
  /** Default prize in cents. */
  prize_default: number;
}

const dollars = (amount: number): number => amount * 100;

// 20-0 RUN and BUZZER-BEATER have no default prize in the specs; $20 each is our decision (docs/RULES.md).
export const NBA_BONUS_OPTIONS: readonly BonusOptionDefinition[] = [
  {
    bonus_id: 1,
    game: 'nba',
    bonus_name: '50 PTS',
    bonus_long_name: '50-Point Game',
    kind: 'player',
    prize_default: dollars(50),
  },
  {
    bonus_id: 2,
    game: 'nba',
    bonus_name: '20-20',
    bonus_long_name: '20-20 Game',
    kind: 'player',
    prize_default: dollars(50),
  },
  {
    bonus_id: 3,
    game: 'nba',
    bonus_name: '140 TM PTS',
    bonus_long_name: '140 Team Points in Regulation',
    kind: 'team',
    prize_default: dollars(40),
  },
  {
    bonus_id: 4,
    game: 'nba',
    bonus_name: '20-0 RUN',
    bonus_long_name: '20-0 Scoring Run',
    kind: 'team',
    prize_default: dollars(20),
  },
  {
    bonus_id: 5,
    game: 'nba',
    bonus_name: 'PERFECT WEEK',
    bonus_long_name: 'Undefeated Week (4-0 or Better)',
    kind: 'team',
    prize_default: dollars(30),
  },
  {
    bonus_id: 6,
    game: 'nba',
    bonus_name: '30+ PT WIN',
    bonus_long_name: '30-Point Win',
    kind: 'team',
    prize_default: dollars(25),
  },
  {
    bonus_id: 7,
    game: 'nba',
    bonus_name: '2-OT+ WIN',
    bonus_long_name: 'Double-Overtime Win',
    kind: 'team',
    prize_default: dollars(20),
  },
  {
    bonus_id: 8,
    game: 'nba',
    bonus_name: 'BUZZER-BEATER',
    bonus_long_name: 'Game-Winning Buzzer-Beater',
    kind: 'team',
    prize_default: dollars(20),
  },
  {
    bonus_id: 9,
    game: 'nba',
    bonus_name: 'TRIPLE-DOUBLE',
    bonus_long_name: 'Triple-Double',
    kind: 'player',
    prize_default: dollars(15),
  },
];

export const MLB_BONUS_OPTIONS: readonly BonusOptionDefinition[] = [
  {
    bonus_id: 10,
    game: 'mlb',
    bonus_name: 'PERFECT GAME',
    bonus_long_name: 'Perfect Game',
    kind: 'team',
    prize_default: dollars(200),
  },
  {
    bonus_id: 11,
    game: 'mlb',
    bonus_name: 'NO HITTER',
    bonus_long_name: 'No-Hitter',
    kind: 'team',
    prize_default: dollars(100),
  },
  {
    bonus_id: 5,
    game: 'mlb',
    bonus_name: 'PERFECT WEEK',
    bonus_long_name: 'Undefeated Week (6-0 or Better)',
    kind: 'team',
    prize_default: dollars(75),
  },
  {
    bonus_id: 12,
    game: 'mlb',
    bonus_name: 'CYCLE',
    bonus_long_name: 'Hitting for the Cycle',
    kind: 'player',
    prize_default: dollars(60),
  },
  {
    bonus_id: 13,
    game: 'mlb',
    bonus_name: 'GRAND SLAM',
    bonus_long_name: 'Grand Slam',
    kind: 'player',
    prize_default: dollars(40),
  },
  {
    bonus_id: 14,
    game: 'mlb',
    bonus_name: '15+ RUNS',
    bonus_long_name: '15+ Runs',
    kind: 'team',
    prize_default: dollars(30),
  },
  {
    bonus_id: 15,
    game: 'mlb',
    bonus_name: 'ASTRO BEANED',
    bonus_long_name: 'Beaning an Astros Batter',
    kind: 'team',
    prize_default: dollars(10),
  },
];

/** Team whose batters earn the beaning bonus for the pitching side unless configured otherwise. */
export const DEFAULT_BEANED_TEAM = 'HOU';

/** The bonus options a game offers, in display order. */
export function listBonusOptions(game: BonusGame): readonly BonusOptionDefinition[] {
  return game === 'nba' ? NBA_BONUS_OPTIONS : MLB_BONUS_OPTIONS;
}

/** One option's definition for a game, or undefined when the game does not offer that id. */
export function findBonusOption(game: BonusGame, bonusId: number): BonusOptionDefinition | undefined {
  return listBonusOptions(game).find((option) => option.bonus_id === bonusId);
}

export {
  type BonusOptionSetting,
  BonusOptionSettingSchema,
  type BonusOptionsMap,
  BonusOptionsMapSchema,
} from './option-setting';

/** Every option of a game active at its default prize: what a new pool starts with. */
export function getDefaultBonusOptions(game: BonusGame): BonusOptionsMap {
  return Object.fromEntries(
    listBonusOptions(game).map((option) => [
      String(option.bonus_id),
      { active: true, prize: option.prize_default, bonus_long_name: option.bonus_long_name },
    ]),
  );
}

/**
 * The bonus options in force for a pool, one per option the game offers (keyed by id): what settlement
 * pays, Pool Settings shows and How to play lists. A pool whose options were never configured (an empty
 * stored map) runs every option at its default prize; once configured, an option the map leaves out is off.
 * Names always come from the definitions; stored ids the game does not offer are dropped.
 */
export function resolveBonusOptions(game: string, stored: BonusOptionsMap): BonusOptionsMap {
  const parsed = BonusGameSchema.safeParse(game);
  if (!parsed.success) return {};
  const configured = Object.keys(stored).length > 0;
  return Object.fromEntries(
    listBonusOptions(parsed.data).map((option) => {
      const id = String(option.bonus_id);
      const setting = stored[id];
      return [
        id,
        {
          active: configured ? setting?.active === true : true,
          prize: setting?.prize ?? option.prize_default,
          bonus_long_name: option.bonus_long_name,
        },
      ];
    }),
  );
}

/** Bonus cadence codes as stored in pool.bonus_cadence. */
export const BonusCadenceSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type BonusCadence = z.infer<typeof BonusCadenceSchema>;

export const BONUS_CADENCE = { none: 0, anytime: 1, monthly: 2, preseason: 3 } as const;
export const DEFAULT_BONUS_CADENCE: BonusCadence = BONUS_CADENCE.monthly;

export const BONUS_CADENCE_LABELS: Record<BonusCadence, string> = {
  0: 'n/a',
  1: 'Anytime',
  2: 'Monthly',
  3: 'Preseason',
};

/** The cadence a stored code behaves as: 0 (and anything unknown) is start-of-season only, like 3. */
export function normalizeBonusCadence(code: number): 1 | 2 | 3 {
  return code === 1 || code === 2 ? code : 3;
}

/** Insurance option codes as stored in pool.insurance_option. */
export const InsuranceOptionSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type InsuranceOption = z.infer<typeof InsuranceOptionSchema>;

/** The insurance option codes by name: none offered, the week's most popular pick, or a random pick. */
export const INSURANCE_OPTION = { none: 0, mostPopular: 1, random: 2 } as const;

export const INSURANCE_OPTION_LABELS: Record<InsuranceOption, string> = {
  0: 'Not Offered',
  1: 'Most Popular Pick',
  2: 'Random Pick',
};

export const NFL_LOCK_TIME_LABELS: Record<NflLockTime, string> = {
  first_game: 'First Game',
  early_slate: 'Sunday Early Slate (10 AM PT)',
  late_slate: 'Sunday Late Slate (1 PM PT)',
  last_game: 'Last Game',
};
