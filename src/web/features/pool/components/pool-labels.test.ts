import { describe, expect, it } from 'vitest';
import {
  bannerTitle,
  bonusText,
  championsText,
  endRuleText,
  entryStatusText,
  globalPoolPath,
  insuranceText,
  wipeoutText,
} from './pool-labels';

describe('pool labels', () => {
  it('names the banner by game, season type and season', () => {
    expect(bannerTitle({ game: 'nba', season: 2024, season_type: 'reg' })).toBe('NBA SURVIVOR 2024');
    expect(bannerTitle({ game: 'nfl-td', season: 2023, season_type: 'pre' })).toBe(
      'NFL TD [PRE] SURVIVOR 2023',
    );
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
