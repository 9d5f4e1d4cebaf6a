import { describe, expect, it } from 'vitest';
import { MlbGameFactsSchema } from './mlb-facts';

describe('MlbGameFactsSchema', () => {
  it('parses a full MLB game', () => {
    const game = MlbGameFactsSchema.parse({
      gid: 'm1',
      start: '2024-06-01T23:05:00-04:00',
      status: 'final',
      home: { team_abb: 'HOU', runs: 4, hits: 8, baserunners: 11 },
      away: { team_abb: 'SEA', runs: 2, hits: 5, baserunners: 7 },
      innings: 9,
      plays: [
        {
          inning: 3,
          half: 'top',
          batter: 'J. Rodriguez',
          batter_team_abb: 'SEA',
          event: 'home_run',
          runners_on_base: 3,
          rbi: 4,
        },
      ],
      batters: [{ batter: 'J. Altuve', team_abb: 'HOU', singles: 1, doubles: 1, triples: 0, home_runs: 0 }],
    });
    expect(game.plays).toHaveLength(1);
  });

  it('rejects more than 3 runners on base', () => {
    const result = MlbGameFactsSchema.safeParse({
      gid: 'm1',
      start: '2024-06-01T23:05:00Z',
      status: 'final',
      home: { team_abb: 'HOU', runs: 4, hits: 8, baserunners: 11 },
      away: { team_abb: 'SEA', runs: 2, hits: 5, baserunners: 7 },
      innings: 9,
      plays: [
        {
          inning: 1,
          half: 'top',
          batter: 'x',
          batter_team_abb: 'SEA',
          event: 'home_run',
          runners_on_base: 4,
          rbi: 4,
        },
      ],
    });
    expect(result.success).toBe(false);
  });
});
