import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { countPassedDeadlines } from '../calendar';
import {
  upsertGameFacts,
  upsertGames,
  upsertNflPlayers,
  upsertNflWeekStats,
  upsertSeasonParams,
  upsertTeams,
} from '../sports.repo';
import { listTeamSeeds } from '../teams';
import { gameAsOf, loadReplaySeasons, type ReplaySeason, type ReplaySeasons } from './replay-data';

async function writeSeason(tx: DbOrTx, season: ReplaySeason, now: Date): Promise<void> {
  const shown = season.games.map((g) => gameAsOf(g, now, season.lineScores?.get(g.gid)));
  const { ids } = await upsertGames(tx, shown, `replay-${season.source}`, now);
  const finals = new Set(shown.filter((g) => g.status === 'final').map((g) => g.gid));
  await upsertGameFacts(
    tx,
    season.facts.filter((f) => finals.has(f.gid)),
    ids,
    now,
  );
  await upsertSeasonParams(
    tx,
    { game: season.game, season: season.season, seasonType: 'reg', active: true, final: false },
    season.calendar,
    now,
  );
}

/**
 * Seeds the replayed seasons (MLB 2023, NBA 2018-19 and NFL 2020 on 2023-24 dates), all clubs and
 * the NFL player pool; only games started before the clock's now carry scores.
 */
export async function seedSportsData(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const { mlb, nba, nfl } = loadReplaySeasons();
  await ctx.db.transaction(async (tx) => {
    // The clubs as they were in the replayed seasons (the Athletics are OAK in MLB 2023).
    for (const season of [mlb, nba, nfl]) await upsertTeams(tx, listTeamSeeds(season.game, season.season));
    for (const season of [mlb, nba, nfl]) await writeSeason(tx, season, now);
    await upsertNflPlayers(tx, nfl.players);
    await writeLockedNflWeekStats(tx, nfl, now);
  });
}

/**
 * Writes the replayed NFL week lines of every week locked at now, like a feed would deliver them
 * (idempotent); returns how many weeks are locked.
 */
export async function writeLockedNflWeekStats(
  tx: DbOrTx,
  nfl: Pick<ReplaySeasons['nfl'], 'calendar' | 'stats'>,
  now: Date,
  fromWeek = 1,
): Promise<number> {
  const locked = countPassedDeadlines(nfl.calendar.deadlines, now);
  await upsertNflWeekStats(
    tx,
    nfl.stats.filter((s) => s.week >= fromWeek && s.week <= locked),
  );
  return locked;
}
