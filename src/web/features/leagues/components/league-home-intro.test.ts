import { describe, expect, it } from 'vitest';
import { leagueHomeIntro } from './league-home-intro';

describe('leagueHomeIntro', () => {
  it('asks only outsiders to join; members and the commissioner are told what they can do', () => {
    expect(leagueHomeIntro({ isMember: false, isAdmin: false })).toMatch(/^Join this league/);
    expect(leagueHomeIntro({ isMember: true, isAdmin: false })).toMatch(/^You are a member/);
    expect(leagueHomeIntro({ isMember: true, isAdmin: true })).toMatch(/^You run this league/);
    for (const viewer of [
      { isMember: true, isAdmin: false },
      { isMember: true, isAdmin: true },
    ]) {
      expect(leagueHomeIntro(viewer)).not.toMatch(/join this league/i);
    }
  });
});
