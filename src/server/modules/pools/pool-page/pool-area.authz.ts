import type { Cell } from '../../../test/authz-matrix';
import { BONUSES_CELLS } from '../bonuses/bonuses.authz';
import { COMMISH_CELLS } from '../commish/commish.authz';
import { CREATION_CELLS } from '../creation/creation.authz';
import { ENTRY_ACTIONS_CELLS } from '../entry-actions/entry-actions.authz';
import { EXPORTS_CELLS } from '../exports/exports.authz';
import { FEED_CELLS } from '../feed/feed.authz';
import { FINANCES_CELLS } from '../finances/finances.authz';
import { LIVE_CELLS } from '../live/live.authz';
import { ODDS_CELLS } from '../odds/odds.authz';
import { SCOREBOARD_CELLS } from '../scoreboard/scoreboard.authz';
import { SETTLEMENT_CELLS } from '../settlement/settlement.authz';
import { STANDINGS_CELLS } from '../standings/standings.authz';

/** The authorization rows of the settled pool area's routes, one file per area. */
export const POOL_AREA_CELLS: Cell[] = [
  ...BONUSES_CELLS,
  ...COMMISH_CELLS,
  ...CREATION_CELLS,
  ...ENTRY_ACTIONS_CELLS,
  ...EXPORTS_CELLS,
  ...FEED_CELLS,
  ...FINANCES_CELLS,
  ...LIVE_CELLS,
  ...ODDS_CELLS,
  ...SCOREBOARD_CELLS,
  ...SETTLEMENT_CELLS,
  ...STANDINGS_CELLS,
];
