import { describe, expect, it } from 'vitest';
import {
  countSiblings,
  globalPoolPath,
  poolAddressOf,
  poolApiAddress,
  poolDisplayName,
  poolPagePath,
  poolPagePathIn,
  poolPaymentsAddress,
  poolStatus,
  siblingsOf,
} from './identity';

const address = { game: 'mlb', leagueAbb: 'abc', season: 2024, seasonType: 'reg', poolIdx: 1 };

describe('pool identity', () => {
  it('writes the page path, the API address and the payments address in their own orders', () => {
    expect(poolPagePath(address)).toBe('/mlb/abc/2024/reg/1');
    expect(poolApiAddress(address)).toBe('mlb/abc/2024/1/reg');
    expect(poolApiAddress({ ...address, leagueAbb: 'a b' })).toBe('mlb/a%20b/2024/1/reg');
    expect(poolPaymentsAddress(address)).toBe('mlb/2024/abc/1/reg');
    expect(poolPaymentsAddress({ ...address, leagueAbb: 'a/b' })).toBe('mlb/2024/a%2Fb/1/reg');
    expect(globalPoolPath('nba', 2023)).toBe('/nba/ala/2023/reg/0');
  });

  it("writes a pool row's page path in its league", () => {
    const pool = { id: 7, game: 'nba', season: 2023, seasonType: 'post', poolIdx: 2 };
    expect(poolPagePathIn(pool, { abb: 'sq' })).toBe('/nba/sq/2023/post/2');
  });

  it('reads the wire names into the code names', () => {
    const row = { game: 'nfl', league_abb: 'xyz', season: 2025, season_type: 'pre', pool_idx: 0 };
    expect(poolAddressOf(row)).toEqual({
      game: 'nfl',
      leagueAbb: 'xyz',
      season: 2025,
      seasonType: 'pre',
      poolIdx: 0,
    });
  });

  it('names a pool #n only when its league has several that season, and prefers a custom name', () => {
    const base = {
      leagueId: 7,
      game: 'mlb',
      season: 2024,
      seasonType: 'reg',
      gameName: 'MLB',
      customName: null,
    };
    const first = { ...base, poolIdx: 0 };
    const second = { ...base, poolIdx: 1 };
    expect(poolDisplayName(first, countSiblings([first]))).toBe('MLB');
    expect(poolDisplayName(second, countSiblings([first, second]))).toBe('MLB #2');
    expect(poolDisplayName(second, siblingsOf(second, 2))).toBe('MLB #2');
    expect(poolDisplayName({ ...second, customName: ' Office ' }, siblingsOf(second, 2))).toBe('Office');
  });

  it('reads final, then in progress once started, else open', () => {
    const start = new Date('2024-04-01T00:00:00Z');
    expect(poolStatus({ final: true }, start, new Date('2024-03-01T00:00:00Z'))).toBe('final');
    expect(poolStatus({ final: false }, start, start)).toBe('in_progress');
    expect(poolStatus({ final: false }, start, new Date('2024-03-31T23:59:59Z'))).toBe('open');
  });
});
