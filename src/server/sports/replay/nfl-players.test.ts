import { describe, expect, it } from 'vitest';
import { must } from '../../../core/must';
import { emptyNflLine } from '../facts';
import { buildReplayNflPlayers, NFL_DEPTH_SLOTS, nflNameKey } from './nfl-players';
import { loadNflReplay } from './replay-data';

describe('the replayed NFL player list', () => {
  const nfl = loadNflReplay();

  it('gives every club a QB, RBs, WRs and TEs with depth ranks 1 to n, positions QB/RB/WR/TE only', () => {
    const clubs = new Set(nfl.players.map((p) => p.teamAbb));
    expect(clubs.size).toBe(32);
    for (const club of clubs) {
      for (const [position, slots] of Object.entries(NFL_DEPTH_SLOTS)) {
        const ranks = nfl.players
          .filter((p) => p.teamAbb === club && p.position === position)
          .map((p) => p.depthRank);
        expect(ranks.length).toBeGreaterThanOrEqual(slots);
        expect(ranks).toEqual(ranks.map((_, i) => i + 1));
      }
    }
    expect(new Set(nfl.players.map((p) => p.position))).toEqual(new Set(['QB', 'RB', 'WR', 'TE']));
    expect(new Set(nfl.players.map((p) => p.id)).size).toBe(nfl.players.length);
  });

  it('lists no player twice and gives the recorded tight ends TE (2023: Hockenson MIN, Ertz ARI)', () => {
    // Different players may share an initial and last name (K. Allen); one club never lists one twice.
    const keys = nfl.players.map((p) => `${p.teamAbb}:${nflNameKey(p.name)}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const minshew = nfl.players.filter((p) => nflNameKey(p.name) === 'g.minshew');
    expect(minshew.map((p) => p.teamAbb)).toEqual(['IND']);
    const by = (name: string) => nfl.players.find((p) => p.name === name);
    expect(by('T.Hockenson')).toMatchObject({ teamAbb: 'MIN', position: 'TE' });
    expect(by('Z.Ertz')).toMatchObject({ teamAbb: 'ARI', position: 'TE' });
    expect(by('D.Njoku')).toMatchObject({ teamAbb: 'CLE', position: 'TE' });
  });

  it('names recorded players in full with position and headshot where a recorded file knows them', () => {
    const by = (name: string) => nfl.players.find((p) => p.name === name);
    expect(by('Travis Kelce')).toMatchObject({
      teamAbb: 'KC',
      position: 'TE',
      depthRank: 1,
      simulated: false,
    });
    expect(by('Travis Kelce')?.headshot).toMatch(/^https:\/\/a\.espncdn\.com\//);
    expect(by('Bijan Robinson')).toMatchObject({ teamAbb: 'ATL', position: 'RB', shortName: 'B. Robinson' });
    // Recorded week 2 players keep their recorded ids, so their week lines stay theirs.
    expect(nfl.stats.find((s) => s.player_id === by('Jordan Love')?.id && s.week === 2)).toMatchObject({
      pass_td: 3,
      simulated: false,
    });
    // Elsewhere the recorded short name stays, without a headshot.
    expect(nfl.players.find((p) => p.teamAbb === 'BAL' && p.name === 'L.Jackson')).toMatchObject({
      position: 'QB',
      depthRank: 1,
      headshot: null,
      simulated: false,
    });
  });

  it('fills empty slots with generated players marked simulated, with generated lines outside the recorded week', () => {
    const generated = nfl.players.filter((p) => p.simulated);
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.every((p) => p.headshot === null && /^\S+ \S+$/.test(p.name))).toBe(true);
    expect(new Set(generated.map((p) => p.name)).size).toBe(generated.length);
    const te1 = must(generated.find((p) => p.position === 'TE' && p.depthRank === 1));
    const lines = nfl.stats.filter((s) => s.player_id === te1.id);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.every((s) => s.simulated && s.week !== 2)).toBe(true);
    // Same input, same list.
    expect(loadNflReplay().players).toEqual(nfl.players);
  });

  it('matches short and full names by first initial and last name, suffixes dropped', () => {
    expect(nflNameKey('P.Mahomes')).toBe(nflNameKey('Patrick Mahomes'));
    expect(nflNameKey('P. Taylor')).toBe(nflNameKey('Patrick Taylor Jr.'));
    expect(nflNameKey('C.Edwards-Helaire')).toBe('c.edwards-helaire');
    const line = { ...emptyNflLine('x1', 'A.Smith', 'NYJ'), rec: 3 };
    const twins = [
      {
        espnId: '1',
        teamAbb: 'NYJ',
        name: 'Al Smith',
        displayName: 'Al Smith',
        shortName: 'A. Smith',
        position: 'WR',
        headshot: null,
      },
      {
        espnId: '2',
        teamAbb: 'NYJ',
        name: 'Art Smith',
        displayName: 'Art Smith',
        shortName: 'A. Smith',
        position: 'TE',
        headshot: null,
      },
    ];
    // Two known players share the short name: neither is guessed.
    expect(buildReplayNflPlayers([line], twins, ['NYJ']).find((p) => p.id === 'x1')?.name).toBe('A.Smith');
  });
});
