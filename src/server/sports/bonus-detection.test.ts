import { describe, expect, it } from 'vitest';
import { BONUS_IDS } from '../../core/bonus';
import { runBonusCommand } from '../jobs/bonus-detection';
import { buildWeekTeamRecords, detectWeekBonusEvents, type WeekGameRow } from './bonus-detection';

// One run of the command over the bundled MLB 2023 replay (about a second) serves every check.
const mlb = runBonusCommand(['--game', 'mlb', '--season', '2023', '--json']);
const lines = mlb.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const find = (bonusId: number, gid: string) => lines.find((l) => l.bonus_id === bonusId && l.gid === gid);

describe('npm run bonuses on the bundled MLB 2023 replay', () => {
  it('prints one parseable JSON line per event, with unique keys, and exits 0', () => {
    expect(mlb.code).toBe(0);
    expect(mlb.errors).toEqual([]);
    expect(lines.length).toBeGreaterThan(200);
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
    for (const l of lines) {
      expect(l).toMatchObject({ week: expect.any(Number), date: expect.stringMatching(/^2023-\d\d-\d\d$/) });
      expect(typeof l.bonus_name).toBe('string');
    }
  });

  it('finds the season’s known feats', () => {
    // Domingo Germán's perfect game at Oakland, 28 June 2023 (not also a no-hitter).
    expect(find(BONUS_IDS.perfectGame, 'OAK202306280')).toMatchObject({ team: 'NYY', date: '2023-06-28' });
    expect(find(BONUS_IDS.noHitter, 'OAK202306280')).toBeUndefined();
    // Framber Valdez's no-hitter against Cleveland, 1 August 2023.
    expect(find(BONUS_IDS.noHitter, 'HOU202308010')).toMatchObject({ team: 'HOU' });
    // Luis Arraez's cycle at Philadelphia, 11 April 2023.
    expect(find(BONUS_IDS.cycle, 'PHI202304110')).toMatchObject({ player: 'Luis Arraez', team: 'MIA' });
    // Aaron Judge's grand slam against Washington, 23 August 2023.
    expect(find(BONUS_IDS.grandSlam, 'NYA202308230')).toMatchObject({ player: 'Aaron Judge', team: 'NYY' });
    // Texas scored 16 against Philadelphia on 1 April 2023.
    expect(find(BONUS_IDS.fifteenRuns, 'TEX202304010')).toMatchObject({
      team: 'TEX',
      desc: 'TEX scored 16 runs',
    });
    const grandSlams = lines.filter((l) => l.bonus_id === BONUS_IDS.grandSlam).length;
    expect(grandSlams).toBeGreaterThan(100);
    expect(lines.filter((l) => l.bonus_id === BONUS_IDS.fifteenRuns).length).toBeGreaterThan(20);
  });

  it('prints a table without --json, and refuses an unbundled season', () => {
    const table = runBonusCommand(['--game', 'mlb', '--season', '2023']);
    expect(table.lines[0]).toMatch(/^WEEK\s+DATE\s+GAME\s+TEAM\s+BONUS/);
    expect(table.lines.at(-1)).toMatch(/^\d+ bonus events: .*GRAND SLAM \d+/);
    expect(runBonusCommand(['--game', 'nfl', '--season', '2020']).code).toBe(1);
    expect(runBonusCommand(['--game', 'mlb']).code).toBe(2);
    expect(runBonusCommand(['--bogus']).code).toBe(2);
  });
});

describe('detectWeekBonusEvents', () => {
  const at = (day: number) => new Date(Date.UTC(2023, 3, day, 23));
  const row = (gid: string, away: string, home: string, a: number, h: number, day: number): WeekGameRow => ({
    gid,
    away,
    home,
    awayScore: a,
    homeScore: h,
    startTime: at(day),
    status: 'final',
  });

  it('counts only final games in the records and gives a perfect week the last game’s date', () => {
    const games = [1, 2, 3, 4, 5, 6].map((d) => row(`g${d}`, 'NYM', 'ATL', 1, 2, d));
    games.push({ ...row('g7', 'NYM', 'ATL', 0, 0, 7), status: 'postponed' });
    expect(buildWeekTeamRecords(3, games)).toEqual([
      { week: 3, team_abb: 'ATL', wins: 6, losses: 0 },
      { week: 3, team_abb: 'NYM', wins: 0, losses: 6 },
    ]);
    const events = detectWeekBonusEvents({ game: 'mlb', week: 3, games, facts: new Map() });
    expect(events).toEqual([
      expect.objectContaining({
        bonus_id: BONUS_IDS.perfectWeek,
        bonus_name: 'PERFECT WEEK',
        team_abb: 'ATL',
        gid: null,
        game_summary: null,
        date: '2023-04-06',
      }),
    ]);
  });
});
