import { describe, expect, it } from 'vitest';
import { globalPoolPathOf, hasPendingSeason, type SeasonIndexRow } from './season-index';

const row = (game: string, season: number, active: boolean): SeasonIndexRow => ({
  game,
  season,
  active,
  final: !active,
  start: `${season}-03-30`,
  end: `${season}-10-01`,
  pending: false,
});

describe('globalPoolPathOf', () => {
  it('knows no address while the season index loads, rather than guess one from the calendar', () => {
    expect(globalPoolPathOf({ data: undefined, isPending: true }, 'mlb')).toBeUndefined();
  });

  it("links the game's highest active season once the index has answered", () => {
    const data = [
      row('mlb', 2022, true),
      row('mlb', 2023, true),
      row('mlb', 2024, false),
      row('nba', 2018, true),
    ];
    expect(globalPoolPathOf({ data, isPending: false }, 'mlb')).toBe('/mlb/ala/2023/reg/0');
    expect(globalPoolPathOf({ data, isPending: false }, 'nba')).toBe('/nba/ala/2018/reg/0');
  });

  it("gives NFL Survivor the NFL's seasons, which the index lists under nfl-td", () => {
    const data = [
      row('nfl-td', 2022, true),
      { ...row('nfl-td', 2023, true), pending: true },
      row('nba', 2024, true),
    ];
    expect(globalPoolPathOf({ data, isPending: false }, 'nfl')).toBe('/nfl/ala/2023/reg/0');
    expect(hasPendingSeason(data, 'nfl')).toBe(true);
    expect(hasPendingSeason(data, 'nba')).toBe(false);
  });

  it("falls back on this year's pool when the index could not be read", () => {
    const year = new Date().getFullYear();
    expect(globalPoolPathOf({ data: undefined, isPending: false }, 'nfl-td')).toBe(
      `/nfl-td/ala/${year}/reg/0`,
    );
  });
});
