import { describe, expect, it } from 'vitest';
import { sidebarSectionOf } from './sidebar-section';

describe('sidebarSectionOf', () => {
  it('recognises a game section by its path prefix, world cup included', () => {
    expect(sidebarSectionOf('/mlb/ala/2026/reg/0')).toBe('mlb');
    expect(sidebarSectionOf('/nba/ala/2025/reg/0/picks')).toBe('nba');
    expect(sidebarSectionOf('/nfl-td/SQUAD/2025/reg/1')).toBe('nfl-td');
    expect(sidebarSectionOf('/nfl/ala/2023/reg/0/makepicks')).toBe('nfl');
    expect(sidebarSectionOf('/world-cup/ala/2026/reg/0')).toBe('world-cup');
    expect(sidebarSectionOf('/world-cup')).toBe('world-cup');
  });

  it('puts the hub filtered on a game in that game, and the rest of the hub in All Pools & Leagues', () => {
    expect(sidebarSectionOf('/leagues/allpools/mlb')).toBe('mlb');
    expect(sidebarSectionOf('/leagues/allpools/world-cup/my')).toBe('world-cup');
    expect(sidebarSectionOf('/leagues/createpool/nba')).toBe('nba');
    expect(sidebarSectionOf('/leagues/allpools/nfl')).toBe('nfl');
    expect(sidebarSectionOf('/leagues/allpools/all/my')).toBe('leagues');
    expect(sidebarSectionOf('/leagues/find')).toBe('leagues');
    expect(sidebarSectionOf('/league/SQUAD/members')).toBe('leagues');
  });

  it('knows the guides and the updates, and nothing else', () => {
    expect(sidebarSectionOf('/getstarted/howtoplay')).toBe('learn');
    expect(sidebarSectionOf('/changelog')).toBe('updates');
    expect(sidebarSectionOf('/site-admin/feeds')).toBe('updates');
    expect(sidebarSectionOf('/')).toBeNull();
    expect(sidebarSectionOf('/profile')).toBeNull();
    expect(sidebarSectionOf('/worldcup/x')).toBeNull();
  });
});
