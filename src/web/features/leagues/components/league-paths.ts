/** Where a league that does not exist (or hides from the viewer) sends the browser. */
export const LEAGUE_NOT_FOUND_PATH = '/league/error/notfound';
