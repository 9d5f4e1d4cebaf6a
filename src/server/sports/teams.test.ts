import { describe, expect, it } from 'vitest';
import { isKnownTeam, listTeamSeeds, normalizeTeamAbb, teamAbbOrAsSent } from './teams';

describe('team list by season', () => {
  it('lists the Athletics as OAK, Oakland, in 2023 and as ATH from 2025', () => {
    const in2023 = listTeamSeeds('mlb', 2023);
    expect(in2023).toHaveLength(30);
    expect(in2023.find((t) => t.abb === 'OAK')).toMatchObject({ name: 'Athletics', city: 'Oakland' });
    expect(in2023.some((t) => t.abb === 'ATH')).toBe(false);
    const in2025 = listTeamSeeds('mlb', 2025);
    expect(in2025).toHaveLength(30);
    expect(in2025.find((t) => t.abb === 'ATH')).toMatchObject({ city: 'Sacramento' });
    expect(in2025.some((t) => t.abb === 'OAK')).toBe(false);
    expect(listTeamSeeds('mlb', 2024).some((t) => t.abb === 'OAK')).toBe(true);
  });

  it("reads any spelling of the Athletics as the club of the game's season", () => {
    expect(normalizeTeamAbb('mlb', 'OAK', 2023)).toBe('OAK');
    expect(normalizeTeamAbb('mlb', 'ATH', 2023)).toBe('OAK');
    expect(normalizeTeamAbb('mlb', 'ATH', 2025)).toBe('ATH');
    expect(normalizeTeamAbb('mlb', 'OAK', 2025)).toBe('ATH');
    // The NFL's OAK is still the Raiders, now LV.
    expect(normalizeTeamAbb('nfl-td', 'OAK', 2023)).toBe('LV');
  });

  it('keeps a club it does not know as sent (the game is then rejected alone), and knows its own', () => {
    expect(teamAbbOrAsSent('nba', 'gs')).toBe('GSW');
    expect(teamAbbOrAsSent('mlb', 'ATH', 2023)).toBe('OAK');
    expect(teamAbbOrAsSent('nba', ' adl ')).toBe('ADL');
    expect(() => normalizeTeamAbb('nba', 'ADL')).toThrow(/Unknown nba team/);
    expect(isKnownTeam('nba', 'GSW')).toBe(true);
    expect(isKnownTeam('nba', 'NYY')).toBe(false);
  });
});
