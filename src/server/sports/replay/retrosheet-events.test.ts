import { describe, expect, it } from 'vitest';
import { type BonusEvent, detectMlbGameBonuses } from '../../../core/bonus/detect';
import { BONUS_IDS } from '../../../core/bonus/options';
import { type MlbGameFacts, MlbGameFactsSchema } from '../../../core/facts';
import { must } from '../../../core/must';
import { loadMlbReplay } from './replay-data';
import type { GameLogMlbFacts } from './retrosheet';
import {
  classifyHit,
  parsePlayEvent,
  parseRetrosheetEvents,
  readBundledEventFacts,
  toBundledEventFacts,
} from './retrosheet-events';

// Lines of the real event file 2023PHI.EVN: Luis Arraez's cycle at Philadelphia on 2023-04-11.
const ARRAEZ_CYCLE = `id,PHI202304110
version,2
info,visteam,MIA
info,hometeam,PHI
info,date,2023/04/11
info,number,0
start,arral001,"Luis Arraez",0,3,4
start,bertj001,"Jon Berti",0,9,6
start,schwk001,"Kyle Schwarber",1,2,10
start,sosae001,"Edmundo Sosa",1,7,5
play,1,0,arral001,10,BX,D9/F89XD
play,3,0,bertj001,21,BFBX,HR/F8XD
play,3,0,arral001,01,CX,8/L8D
play,6,0,arral001,01,CX,T9/L9L
play,6,0,bertj001,00,,NP
play,6,0,bertj001,31,.BBBCB,W.2-3;1-2
play,6,1,schwk001,11,BCX,HR/L9LD
play,6,1,sosae001,12,CBFFH,HP.2-3;1-2
play,7,0,arral001,11,CBX,HR/F7D
play,8,0,bertj001,21,CB*BX,S8/L8D+.2-H
play,8,0,arral001,21,B*BCX,S7/L7.3-H;1-2
`;

describe('Retrosheet event parser', () => {
  it('tells hits from stolen bases, defensive indifference and hit batters', () => {
    expect(['S8', 'S', 'D7', 'DGR', 'T9', 'HR', 'H9', 'SB2', 'DI', 'HP', 'E6', 'K'].map(classifyHit)).toEqual(
      [
        'single',
        'single',
        'double',
        'double',
        'triple',
        'home_run',
        'home_run',
        null,
        null,
        null,
        null,
        null,
      ],
    );
  });

  it('reads runners and RBI of a home run from its advances', () => {
    expect(parsePlayEvent('HR/F89XD.3-H;2-H;1-H')).toMatchObject({
      hit: 'home_run',
      runnersOnBase: 3,
      rbi: 4,
    });
    expect(parsePlayEvent('HR/F7D.3-H(UR);2-H(UR);1-H(UR);B-H(UR)')).toMatchObject({
      runnersOnBase: 3,
      rbi: 4,
    });
    expect(parsePlayEvent('HR/F78XD')).toMatchObject({ runnersOnBase: 0, rbi: 1 });
    expect(parsePlayEvent('HP.3-H;2-3;1-2')).toMatchObject({ hitByPitch: true, hit: null, rbi: 1 });
  });

  it("finds Arraez's cycle, the home runs and the hit batter of a real game", () => {
    const [game] = parseRetrosheetEvents(ARRAEZ_CYCLE);
    expect(game).toMatchObject({ gid: 'PHI202304110', date: '2023-04-11', away: 'MIA', home: 'PHI' });
    expect(game.batters.find((b) => b.batter === 'Luis Arraez')).toEqual({
      batter: 'Luis Arraez',
      team_abb: 'MIA',
      singles: 1,
      doubles: 1,
      triples: 1,
      home_runs: 1,
    });
    expect(game.plays.map((p) => `${p.half} ${p.inning} ${p.batter} ${p.event}`)).toEqual([
      'top 3 Jon Berti home_run',
      'bottom 6 Kyle Schwarber home_run',
      'bottom 6 Edmundo Sosa hit_by_pitch',
      'top 7 Luis Arraez home_run',
    ]);
    expect(game.hits).toEqual({ away: 6, home: 1 });
    const back = must(readBundledEventFacts(JSON.stringify(toBundledEventFacts(game))).get(game.gid));
    expect(back({ away: 'MIA', home: 'PHI' })).toEqual({
      plays: game.plays,
      batters: game.batters.filter((b) => b.batter === 'Luis Arraez'),
    });
  });
});

describe('MLB 2023 bonus facts from the bundled event facts', () => {
  const mlb = loadMlbReplay();
  const facts = mlb.facts.map((f) => f.facts as GameLogMlbFacts);
  const events = facts.flatMap((f) => detectMlbGameBonuses(f, 1));
  const of = (id: number) => events.filter((e: BonusEvent) => e.bonus_id === id);

  it('gives every game its plays, with nothing missing and the fact schema kept', () => {
    expect(mlb.facts.every((f) => f.missing.length === 0)).toBe(true);
    for (const f of mlb.facts.slice(0, 50)) MlbGameFactsSchema.parse(f.facts);
  });

  it('finds the five 2023 cycles', () => {
    expect(
      of(BONUS_IDS.cycle)
        .map((e) => `${e.gid} ${e.team_abb} ${e.player}`)
        .sort(),
    ).toEqual([
      'ARI202306120 PHI J.T. Realmuto',
      'BAL202305120 BAL Cedric Mullins',
      'BOS202308280 HOU Jose Altuve',
      'CIN202306230 CIN Elly De La Cruz',
      'PHI202304110 MIA Luis Arraez',
    ]);
  });

  it('finds 128 grand slams among 5868 home runs, Ohtani on 2023-08-18 among them', () => {
    const homeRuns = facts.flatMap((f) => f.plays).filter((p) => p.event === 'home_run');
    expect(homeRuns).toHaveLength(5868);
    const slams = of(BONUS_IDS.grandSlam);
    expect(slams).toHaveLength(128);
    expect(slams.find((e) => e.gid === 'ANA202308180')).toMatchObject({
      team_abb: 'LAA',
      player: 'Shohei Ohtani',
    });
  });

  it('names each hit batter, as many per side as the game log counts (72 Astros)', () => {
    for (const f of facts) {
      for (const side of ['away', 'home'] as const) {
        const hit = f.plays.filter(
          (p) => p.event === 'hit_by_pitch' && p.batter_team_abb === f[side].team_abb,
        );
        expect(hit.length, f.gid).toBe(f.team_counts[side].hbp);
      }
    }
    const beaned = facts.flatMap((f: MlbGameFacts) => detectMlbGameBonuses(f, 1, 'HOU'));
    expect(beaned.filter((e) => e.bonus_id === BONUS_IDS.beaned)).toHaveLength(72);
  });
});
