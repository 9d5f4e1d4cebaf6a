import { describe, expect, it } from 'vitest';
import { NbaGameFactsSchema } from './nba-facts';

describe('NbaGameFactsSchema', () => {
  it('parses a minimal NBA game and fills provider-optional lists', () => {
    const game = NbaGameFactsSchema.parse({
      gid: 'g1',
      start: '2024-11-02T00:00:00Z',
      status: 'final',
      home: { team_abb: 'LAL', score: 110 },
      away: { team_abb: 'BOS', score: 100 },
      periods: 4,
    });
    expect(game).toMatchObject({ players: [], longest_runs: [], deciding_shot: null });
  });

  it.each([
    ['negative score', { home: { team_abb: 'LAL', score: -1 } }],
    ['unknown status', { status: 'delayed' }],
    ['date without offset', { start: '2024-11-02 00:00' }],
    ['empty team', { away: { team_abb: '', score: 1 } }],
  ])('rejects an NBA game with %s', (_, override) => {
    const base = {
      gid: 'g1',
      start: '2024-11-02T00:00:00Z',
      status: 'final',
      home: { team_abb: 'LAL', score: 110 },
      away: { team_abb: 'BOS', score: 100 },
      periods: 4,
    };
    expect(NbaGameFactsSchema.safeParse({ ...base, ...override }).success).toBe(false);
  });
});
