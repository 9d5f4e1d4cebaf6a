import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const address = { game: 'mlb', leagueAbb: 'ALA', season: '2023', seasonType: 'reg', poolIdx: '0' };

describe('queryKeys', () => {
  it('starts every key of a group with the group, so one invalidation refreshes it', () => {
    const poolKeys = [
      queryKeys.pool.load(address),
      queryKeys.pool.selections(address),
      queryKeys.pool.standings(7, { view: 'overall' }),
      queryKeys.pool.feed(7, 'all'),
      queryKeys.pool.scoreboard(7, 'default'),
      queryKeys.pool.commish.settings(7),
      queryKeys.pool.commish.missingPicks.page(7, { page: 2 }),
      queryKeys.pool.creation.previous(3, 'mlb'),
    ];
    for (const key of poolKeys) expect(key.slice(0, 1)).toEqual([...queryKeys.pool.all]);
    expect(queryKeys.pool.commish.missingPicks.page(7, {}).slice(0, 4)).toEqual([
      ...queryKeys.pool.commish.missingPicks.all(7),
    ]);
    expect(queryKeys.leagues.league.members(4, 1, '').slice(0, 1)).toEqual([...queryKeys.leagues.league.all]);
    expect(queryKeys.changelog.unread.of('ann').slice(0, 2)).toEqual([...queryKeys.changelog.unread.all]);
    expect(queryKeys.profile.transactions.of('ann').slice(0, 1)).toEqual([
      ...queryKeys.profile.transactions.all,
    ]);
  });

  it('names a pool by its address whatever the case of the link', () => {
    expect(queryKeys.pool.load({ ...address, leagueAbb: 'ala' })).toEqual(queryKeys.pool.load(address));
    expect(queryKeys.pool.load(address)).toEqual(['pool', 'load', 'mlb/ala/2023/0/reg']);
  });
});
