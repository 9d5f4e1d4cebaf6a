import { describe, expect, it } from 'vitest';
import { detectMlbGameBonuses, detectNbaGameBonuses } from '../../../core/bonus/detect';
import { MlbGameFactsSchema, NbaGameFactsSchema } from '../../../core/facts';
import { must } from '../../../core/must';
import { NflGameFactsSchema } from '../facts';
import {
  parseEspnClock,
  parseEspnMlbSummary,
  parseEspnNbaSummary,
  parseEspnNflDepthChart,
  parseEspnNflRoster,
  parseEspnNflSummary,
  parseEspnScoreboard,
} from './espn';
import { loadFixture } from './fixtures';
import { parseMlbLiveFeed, parseMlbSchedule } from './mlb-statsapi';
import { parseNbaBoxscore, parseNbaClock, parseNbaPlayByPlay } from './nba-cdn';
import { parseNflShieldGame } from './nfl-shield';

describe('ESPN scoreboard', () => {
  it('keeps in-progress games live and postponed games unscored (MLB 2025-06-04)', () => {
    const games = parseEspnScoreboard('mlb', loadFixture('scoreboard_20250604_mixed_status.json'));
    expect(games).toHaveLength(15);
    const count = (status: string) => games.filter((g) => g.status === status).length;
    expect([count('final'), count('in_progress'), count('postponed')]).toEqual([8, 6, 1]);
    const postponed = must(games.find((g) => g.status === 'postponed'));
    expect([postponed.away, postponed.home, postponed.homeScore]).toEqual(['KC', 'STL', null]);
    const live = must(games.find((g) => g.away === 'ARI' && g.home === 'ATL'));
    expect(live.status).toBe('in_progress');
    expect([live.awayScore, live.homeScore]).toEqual([1, 0]);
    const laa = must(games.find((g) => g.away === 'LAA'));
    expect([laa.status, laa.awayScore, laa.homeScore, laa.home]).toEqual(['final', 9, 11, 'BOS']);
    // ESPN's CHW and the Athletics' ATH are the site's abbreviations.
    expect(games.some((g) => g.home === 'CHW')).toBe(true);
    expect(games.some((g) => g.home === 'ATH')).toBe(true);
  });

  it('reads the Super Bowl as a postseason week 5 final', () => {
    const [game] = parseEspnScoreboard('nfl-td', loadFixture('scoreboard_2024_post_wk5_superbowl.json'));
    expect(game).toMatchObject({ seasonType: 'post', week: 5, status: 'final', season: 2024 });
    const scores = { [game.home]: game.homeScore, [game.away]: game.awayScore };
    expect(scores).toEqual({ KC: 22, PHI: 40 });
  });

  it('maps NBA abbreviations onto league tricodes', () => {
    const games = parseEspnScoreboard('nba', loadFixture('scoreboard_20241215.json'));
    expect(games).toHaveLength(7);
    expect(games.every((g) => g.status === 'final' && g.periods !== null && g.periods >= 4)).toBe(true);
  });
});

describe('ESPN NFL summary', () => {
  it('finds who scored the touchdowns of GB at ATL, 2023 week 2', () => {
    const { game, facts } = parseEspnNflSummary(loadFixture('summary_401547417_GB-at-ATL_2023wk2.json'));
    expect(game).toMatchObject({
      home: 'ATL',
      away: 'GB',
      homeScore: 25,
      awayScore: 24,
      status: 'final',
      week: 2,
    });
    const nfl = NflGameFactsSchema.parse(facts.facts);
    const line = (name: string) => must(nfl.players.find((p) => p.name === name));
    expect(line('Jordan Love')).toMatchObject({ pass_td: 3, pass_cmp: 14, pass_att: 25, pass_yds: 151 });
    expect(line('Jayden Reed').rec_td).toBe(2);
    expect(line('Dontayvion Wicks').rec_td).toBe(1);
    expect(line('Desmond Ridder')).toMatchObject({ pass_td: 1, rush_td: 1 });
    expect(line('Drake London').rec_td).toBe(1);
    const scorers = nfl.players
      .filter((p) => p.rush_td + p.rec_td + p.st_td + p.def_td > 0)
      .map((p) => p.name)
      .sort();
    expect(scorers).toEqual(['Dontayvion Wicks', 'Drake London', 'Desmond Ridder', 'Jayden Reed'].sort());
  });
});

describe('ESPN NBA summary', () => {
  it('reads the box of IND 125, NY 108 (2025 East finals, game 6)', () => {
    const { game, facts } = parseEspnNbaSummary(loadFixture('summary_401772994_NY-at-IND_2025ECF_G6.json'));
    expect(game).toMatchObject({
      home: 'IND',
      away: 'NYK',
      homeScore: 125,
      awayScore: 108,
      status: 'final',
      periods: 4,
      seasonType: 'post',
    });
    const full = NbaGameFactsSchema.parse(facts);
    const line = (name: string) => full.players.find((p) => p.name === name);
    expect(line('Pascal Siakam')?.points).toBe(31);
    // Haliburton's 21-6-13 is no triple-double.
    expect(line('Tyrese Haliburton')).toMatchObject({ points: 21, rebounds: 6, assists: 13 });
    expect(full.longest_runs.map((r) => r.team_abb).sort()).toEqual(['IND', 'NYK']);
    expect(full.deciding_shot).toMatchObject({ team_abb: 'IND', decided_game: true });
    const found = detectNbaGameBonuses(full, 1).map((e) => e.desc);
    expect(found.some((d) => /triple/i.test(d))).toBe(false);
    expect(found.some((d) => /overtime|OT/.test(d))).toBe(false);
  });

  it('reads ESPN clocks', () => {
    expect([parseEspnClock('11:42'), parseEspnClock('45.3'), parseEspnClock('0.0')]).toEqual([702, 45.3, 0]);
  });
});

describe('ESPN MLB summary', () => {
  it('agrees with Retrosheet on CLE 5 at PIT 7, 2023-07-19', () => {
    const { game, facts } = parseEspnMlbSummary(loadFixture('summary_401472463_PIT-at-CLE_20230719.json'));
    MlbGameFactsSchema.parse(facts);
    expect(game).toMatchObject({ home: 'PIT', away: 'CLE', homeScore: 7, awayScore: 5, status: 'final' });
    // Retrosheet's game log: CLE 10 hits and 1 walk, PIT 9 hits and 4 walks, no errors, no hit batter.
    expect(facts.away).toMatchObject({ hits: 10, baserunners: 11 });
    expect(facts.home).toMatchObject({ hits: 9, baserunners: 13 });
    expect(facts.plays.filter((p) => p.event === 'hit_by_pitch')).toEqual([]);
    // Josh Bell's solo home run in the top of the 8th was the game's only one.
    const homers = facts.plays.filter((p) => p.event === 'home_run');
    expect(homers).toEqual([
      {
        inning: 8,
        half: 'top',
        batter: 'Josh Bell',
        batter_team_abb: 'CLE',
        event: 'home_run',
        runners_on_base: 0,
        rbi: 1,
      },
    ]);
    // Retrosheet counts 3 CLE doubles and 1 PIT double.
    const doubles = (team: string) =>
      facts.batters.filter((b) => b.team_abb === team).reduce((n, b) => n + b.doubles, 0);
    expect([doubles('CLE'), doubles('PIT')]).toEqual([3, 1]);
  });
});

describe('NFL Shield game detail', () => {
  it('agrees with ESPN on the touchdowns of GB at ATL', () => {
    const { game, facts } = parseNflShieldGame(loadFixture('shield_2023_02_GB_ATL.json'), {
      away: 'GB',
      home: 'ATL',
    });
    expect([game.homeScore, game.awayScore, game.status, game.week]).toEqual([25, 24, 'final', 2]);
    const line = (name: string) => must(facts.players.find((p) => p.name === name));
    expect(line('J.Love')).toMatchObject({
      pass_td: 3,
      pass_cmp: 14,
      pass_att: 25,
      pass_yds: 151,
      team_abb: 'GB',
    });
    expect(line('J.Reed').rec_td).toBe(2);
    expect(line('D.Wicks').rec_td).toBe(1);
    expect(line('D.Ridder')).toMatchObject({ pass_td: 1, rush_td: 1, team_abb: 'ATL' });
    expect(line('D.London').rec_td).toBe(1);
  });

  it('rejects a game without a start time instead of inventing one', () => {
    const payload = loadFixture('shield_2023_02_GB_ATL.json') as { summary: { startTime?: unknown } };
    const teams = { away: 'GB', home: 'ATL' };
    for (const startTime of [null, undefined, '']) {
      const json = { ...payload, summary: { ...payload.summary, startTime } };
      expect(() => parseNflShieldGame(json, teams)).toThrow(/has no start time/);
    }
    const garbled = { ...payload, summary: { ...payload.summary, startTime: 'soon' } };
    expect(() => parseNflShieldGame(garbled, teams)).toThrow(/unreadable start time "soon"/);
  });
});

describe('ESPN NFL roster and depth chart', () => {
  it('keeps the skill players of the KC roster', () => {
    const players = parseEspnNflRoster(loadFixture('team_roster_KC.json'));
    expect(players.length).toBeGreaterThan(10);
    expect(players.every((p) => ['QB', 'RB', 'WR', 'TE'].includes(p.position) && p.teamAbb === 'KC')).toBe(
      true,
    );
    expect(players.find((p) => p.name === 'Patrick Mahomes')?.position).toBe('QB');
  });

  it('ranks Josh Allen first at QB for Buffalo 2023', () => {
    const ranks = parseEspnNflDepthChart(loadFixture('depthchart_core_BUF_2023.json'));
    expect(ranks.get('3918298')).toBe(1);
    expect(ranks.get('3039707')).toBe(2);
  });
});

describe('MLB Stats API', () => {
  it('reads the schedule of 2024-07-01', () => {
    const games = parseMlbSchedule(loadFixture('schedule_20240701.json'));
    expect(games).toHaveLength(3);
    const hou = must(games.find((g) => g.gid === '744914'));
    expect(hou).toMatchObject({ away: 'HOU', home: 'TOR', awayScore: 3, homeScore: 1, status: 'final' });
  });

  it('names the Athletics (team id 133) OAK before 2025 and ATH from 2025', () => {
    const fixture = loadFixture('schedule_20240701.json') as {
      dates: { games: { season: number; teams: { home: { team: { id: number } } } }[] }[];
    };
    const withAthleticsHome = (season: number) => {
      const copy = structuredClone(fixture);
      copy.dates[0].games[0].season = season;
      copy.dates[0].games[0].teams.home.team.id = 133;
      return parseMlbSchedule(copy)[0].home;
    };
    expect(withAthleticsHome(2024)).toBe('OAK');
    expect(withAthleticsHome(2025)).toBe('ATH');
  });

  it('finds the home runs and the hit batter of HOU at TOR, 2024-07-01', () => {
    const { game, facts } = parseMlbLiveFeed(loadFixture('feed_live_744914_HOU-at-TOR_20240701.json'));
    MlbGameFactsSchema.parse(facts);
    expect(game).toMatchObject({
      away: 'HOU',
      home: 'TOR',
      awayScore: 3,
      homeScore: 1,
      status: 'final',
      periods: 9,
    });
    const hbp = facts.plays.filter((p) => p.event === 'hit_by_pitch');
    expect(hbp.map((p) => [p.batter, p.batter_team_abb])).toEqual([['Justin Turner', 'TOR']]);
    const homers = facts.plays.filter((p) => p.event === 'home_run');
    expect(homers.map((p) => [p.batter, p.rbi, p.runners_on_base])).toEqual([
      ['Jeremy Peña', 1, 0],
      ['Yordan Alvarez', 2, 1],
      ['Ernie Clement', 1, 0],
    ]);
    // A TOR batter was hit: not an "Astros batter beaned" bonus.
    expect(detectMlbGameBonuses(facts, 1, 'HOU').filter((e) => e.desc.includes('hit '))).toEqual([]);
  });

  it('names the pitchers of record of a final game, and the count and outs of a live one', () => {
    const final = parseMlbLiveFeed(loadFixture('feed_live_744914_HOU-at-TOR_20240701.json')).facts;
    expect(final.pitchers).toEqual({ win: 'Hunter Brown', loss: 'Yariel Rodríguez', save: 'Josh Hader' });
    expect(final.live).toBeUndefined();
    const feed = loadFixture('feed_live_744914_HOU-at-TOR_20240701.json') as {
      gameData: { status: Record<string, string> };
    };
    feed.gameData.status = {
      abstractGameState: 'Live',
      codedGameState: 'I',
      detailedState: 'In Progress',
      statusCode: 'I',
    };
    const live = parseMlbLiveFeed(feed).facts;
    expect(live.live).toEqual({ inning: 9, half: 'bottom', balls: 1, strikes: 1, outs: 3 });
    expect(live.pitchers).toBeUndefined();
  });

  it('finds both hit batters of BOS at TB, 2023-04-13', () => {
    const { game, facts } = parseMlbLiveFeed(loadFixture('feed_live_718594_BOS-at-TB_20230413.json'));
    expect(game).toMatchObject({ away: 'BOS', home: 'TB', awayScore: 3, homeScore: 9, status: 'final' });
    const hbp = facts.plays
      .filter((p) => p.event === 'hit_by_pitch')
      .map((p) => [p.batter, p.batter_team_abb]);
    expect(hbp).toEqual(
      expect.arrayContaining([
        ['Rob Refsnyder', 'BOS'],
        ['Wander Franco', 'TB'],
      ]),
    );
    expect(hbp).toHaveLength(2);
    expect(facts.plays.filter((p) => p.event === 'home_run')).toHaveLength(3);
    expect(facts.batters.find((b) => b.batter === 'Rob Refsnyder')?.home_runs).toBe(1);
  });
});

describe('NBA CDN', () => {
  it('reads the box and the biggest runs of GSW at BKN, 2020-12-22', () => {
    const { game, facts } = parseNbaBoxscore(loadFixture('boxscore_0022000001.json'));
    expect(game).toMatchObject({ home: 'BKN', away: 'GSW', homeScore: 125, awayScore: 99, status: 'final' });
    expect(game.season).toBe(2020);
    const pbp = parseNbaPlayByPlay(loadFixture('playbyplay_0022000001.json'), 'BKN', 'GSW');
    const runs = Object.fromEntries(pbp.longest_runs.map((r) => [r.team_abb, r.points]));
    // The box score's biggestScoringRun (11) is the game's largest run; play-by-play says whose.
    expect(Math.max(runs.BKN, runs.GSW)).toBe(11);
    const full = NbaGameFactsSchema.parse({ ...facts, ...pbp });
    expect(full.players.find((p) => p.name === 'Kevin Durant')?.points).toBeGreaterThan(0);
    expect(pbp.deciding_shot?.team_abb).toBe('BKN');
    // No 20-0 run, no 30-point win (26), no overtime: only what the facts hold.
    const ids = detectNbaGameBonuses(full, 1).map((e) => e.desc);
    expect(ids.some((d) => d.includes('-0 run'))).toBe(false);
  });

  it('reads clocks', () => {
    expect(parseNbaClock('PT00M07.10S')).toBeCloseTo(7.1);
    expect(parseNbaClock('PT11M42.00S')).toBe(702);
  });
});
