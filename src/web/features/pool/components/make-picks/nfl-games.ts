/*
 * An NFL week's games as Make Picks and the Scoreboard draw them: "away at home", grouped by the viewer's
 * day, each team by its city and nickname.
 */

/** One game of the week, both sides named. */
export interface WeekGame {
  gid: string;
  away: string;
  home: string;
  kickoff: Date;
  status: 'scheduled' | 'in_progress' | 'final' | 'postponed';
}

/** Games grouped by the day `dayOf` gives each kickoff (the viewer's date), in kickoff order. */
export function groupGamesByDay<G extends Pick<WeekGame, 'kickoff'>>(
  games: readonly G[],
  dayOf: (kickoff: Date) => string,
): { day: string; games: G[] }[] {
  const days: { day: string; games: G[] }[] = [];
  for (const game of games) {
    const day = dayOf(game.kickoff);
    const last = days.at(-1);
    if (last?.day === day) last.games.push(game);
    else days.push({ day, games: [game] });
  }
  return days;
}

/** A team's name as the games show it: "Kansas City Chiefs" (a name that holds its city is kept whole). */
export function teamFullName(detail: { c: string; n: string } | undefined, abb: string): string {
  const { city, nickname } = teamNameParts(detail, abb);
  return city ? `${city} ${nickname}` : nickname;
}

/** A team's city and nickname apart ("Kansas City", "Chiefs"): a phone's game card puts them on two lines. */
export function teamNameParts(
  detail: { c: string; n: string } | undefined,
  abb: string,
): { city: string; nickname: string } {
  if (!detail) return { city: '', nickname: abb };
  const nickname = detail.n.startsWith(`${detail.c} `) ? detail.n.slice(detail.c.length + 1) : detail.n;
  return { city: detail.c, nickname };
}
