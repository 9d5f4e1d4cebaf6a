import { describe, expect, it } from 'vitest';
import {
  bannerTitle,
  bonusText,
  championsText,
  endRuleText,
  entryStatusText,
  globalPoolPath,
  insuranceText,
  missedPickText,
  multiPickWeeksText,
  nflLockText,
  tieRuleText,
  wipeoutText,
} from './pool-labels';

describe('pool labels', () => {
  it('names the banner by game, season type and season', () => {
    expect(bannerTitle({ game: 'nba', season: 2024, season_type: 'reg' })).toBe('NBA SURVIVOR 2024');
    expect(bannerTitle({ game: 'nfl-td', season: 2023, season_type: 'pre' })).toBe(
      'NFL TD [PRE] SURVIVOR 2023',
    );
    expect(bannerTitle({ game: 'nfl', season: 2023, season_type: 'reg' })).toBe('NFL SURVIVOR 2023');
    expect(bannerTitle({ game: 'nfl', season: 2023, season_type: 'pre' })).toBe('NFL [PRE] SURVIVOR 2023');
  });

  it('links each game to its global pool', () => {
    expect(globalPoolPath('mlb', 2023)).toBe('/mlb/ala/2023/reg/0');
  });

  it('offers no insurance or bonus pool in NFL TD, whatever the settings say', () => {
    expect(insuranceText({ game: 'nfl-td', insurance: 500, insurance_option: 1 })).toBe('Not offered');
    expect(insuranceText({ game: 'mlb', insurance: 500, insurance_option: 1 })).toBe(
      '$5 (most popular pick)',
    );
    expect(insuranceText({ game: 'nba', insurance: 1000, insurance_option: 2 })).toBe('$10 (random pick)');
    expect(bonusText({ game: 'nfl-td', bonus_active: true, bonus_disabled: false, bonus_cadence: 1 })).toBe(
      'Not offered',
    );
    expect(bonusText({ game: 'mlb', bonus_active: true, bonus_disabled: false, bonus_cadence: 2 })).toBe(
      'Active (entry: Monthly)',
    );
    expect(bonusText({ game: 'mlb', bonus_active: true, bonus_disabled: true, bonus_cadence: 2 })).toBe(
      'Shut down',
    );
  });

  it('says an entry with no lives is eliminated, and one owing a rebuy needs one', () => {
    expect(entryStatusText({ extinct: false, lives: 0, needs_rebuy: false })).toBe('ELIMINATED');
    expect(entryStatusText({ extinct: false, lives: 2, needs_rebuy: true })).toBe('REBUY NEEDED');
    expect(entryStatusText({ extinct: false, lives: 1, needs_rebuy: false })).toBe('1 LIFE');
  });
});

describe('NFL Survivor rules in words', () => {
  it('offers insurance as NBA and MLB do, and no bonus pool', () => {
    expect(insuranceText({ game: 'nfl', insurance: 500, insurance_option: 1 })).toBe(
      '$5 (most popular pick)',
    );
    expect(bonusText({ game: 'nfl', bonus_active: true, bonus_disabled: false, bonus_cadence: 1 })).toBe(
      'Not offered',
    );
  });

  it('says the multi-pick weeks by range, and nothing when every week asks one team', () => {
    const weeks = (from: number, to: number, k: number) =>
      Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), k]));
    expect(multiPickWeeksText(weeks(12, 18, 2))).toBe('Weeks 12-18: 2 picks, all must win');
    expect(multiPickWeeksText({ '12': 2, '4': 2 })).toBe('Weeks 4 and 12: 2 picks, all must win');
    expect(multiPickWeeksText({ '4': 2, ...weeks(15, 17, 3) })).toBe(
      'Week 4: 2 picks; Weeks 15-17: 3 picks, all must win',
    );
    expect(multiPickWeeksText({})).toBeNull();
    expect(multiPickWeeksText({ '3': 1 })).toBeNull();
  });

  it('says what a missed pick gets: insurance if bought, then the auto-pick, else a loss', () => {
    expect(missedPickText({ auto_pick: true, insurance_option: 1 })).toBe(
      'Insurance if bought, else the unused favourite (auto-pick)',
    );
    expect(missedPickText({ auto_pick: false, insurance_option: 2 })).toBe(
      'Insurance if bought, else a loss',
    );
    expect(missedPickText({ auto_pick: true, insurance_option: 0 })).toBe('The unused favourite (auto-pick)');
    expect(missedPickText({ auto_pick: false, insurance_option: 0 })).toBe('Counts as a loss');
  });

  it('names the tie rule and the lock mode (NFL Survivor defaults to the early slate)', () => {
    expect(tieRuleText({ tie_rule: 'loss' })).toBe('A tie counts as a loss');
    expect(tieRuleText({ tie_rule: 'win' })).toBe('A tie counts as a win');
    expect(nflLockText({ game: 'nfl', nfl_lock_time: 'last_game' })).toBe('Last Game');
    expect(nflLockText({ game: 'nfl', nfl_lock_time: '' })).toBe('Sunday Early Slate (10 AM PT)');
  });
});

describe('the end of a pool in words', () => {
  it('names the first champions and counts the rest', () => {
    expect(championsText(['jordan'], 1)).toBe('Champion: jordan');
    expect(championsText(['a', 'b', 'c', 'd', 'e', 'f'], 1_000_000)).toBe(
      'Champions: a, b, c, d, e and 999,995 more',
    );
    expect(championsText([], 0)).toBe('No champion was crowned.');
  });

  it('says what a wipeout does, and that a revive in the last week is a split', () => {
    expect(wipeoutText({ wipeout: 'revive' }, { live_week: 3, week_count: 10 })).toBe(
      'They all come back with 1 life',
    );
    expect(wipeoutText({ wipeout: 'revive' }, { live_week: 10, week_count: 10 })).toBe(
      'They split the prize',
    );
    expect(wipeoutText({ wipeout: 'split' }, { live_week: 3, week_count: 10 })).toBe('They split the prize');
    expect(endRuleText({ wipeout: 'revive', crowning: 'commissioner' })).toContain(
      'The commissioner crowns the champions the rule names.',
    );
  });
});
