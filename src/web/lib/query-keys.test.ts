import { describe, expect, it } from 'vitest';
import { changelogKeys, commishKeys, creationKeys, leagueKeys, poolKeys, profileKeys } from './query-keys';

const address = { game: 'mlb', leagueAbb: 'ALA', season: '2023', seasonType: 'reg', poolIdx: '0' };

describe('query keys', () => {
  it('starts every key of a group with the group, so one invalidation refreshes it', () => {
    const keys = [
      poolKeys.load(address),
      poolKeys.selections(address),
      poolKeys.standings(7, { view: 'overall' }),
      poolKeys.feed(7, 'all'),
      poolKeys.scoreboard(7, 'default'),
      commishKeys.settings(7),
      commishKeys.missingPicks.page(7, { page: 2 }),
      creationKeys.previous(3, 'mlb'),
    ];
    for (const key of keys) expect(key.slice(0, 1)).toEqual([...poolKeys.all]);
    expect(commishKeys.missingPicks.page(7, {}).slice(0, 4)).toEqual([...commishKeys.missingPicks.all(7)]);
    expect(leagueKeys.league.members(4, 1, '').slice(0, 1)).toEqual([...leagueKeys.league.all]);
    expect(changelogKeys.unread.of('ann').slice(0, 2)).toEqual([...changelogKeys.unread.all]);
    expect(profileKeys.transactions.of('ann').slice(0, 1)).toEqual([...profileKeys.transactions.all]);
  });

  it('names a pool by its address whatever the case of the link', () => {
    expect(poolKeys.load({ ...address, leagueAbb: 'ala' })).toEqual(poolKeys.load(address));
    expect(poolKeys.load(address)).toEqual(['pool', 'load', 'mlb/ala/2023/0/reg']);
  });
});
