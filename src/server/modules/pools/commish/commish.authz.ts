import type { Cell } from '../../../test/authz-matrix';
import { AUDIT_CELLS } from './audit/audit.authz';
import { BONUS_POOL_CELLS } from './bonus-pool/bonus-pool.authz';
import { DESK_CELLS } from './desk/desk.authz';
import { EDIT_PICKS_CELLS } from './edit-picks/edit-picks.authz';
import { ENTRANTS_ADMIN_CELLS } from './entrants/entrants.authz';
import { MISSING_PICKS_CELLS } from './missing-picks/missing-picks.authz';
import { MONEY_CELLS } from './money/money.authz';
import { SETTINGS_CELLS } from './settings/settings.authz';

/** The authorization rows of the Commish tools' routes, one file per tool. */
export const COMMISH_CELLS: Cell[] = [
  ...AUDIT_CELLS,
  ...SETTINGS_CELLS,
  ...ENTRANTS_ADMIN_CELLS,
  ...DESK_CELLS,
  ...EDIT_PICKS_CELLS,
  ...BONUS_POOL_CELLS,
  ...MONEY_CELLS,
  ...MISSING_PICKS_CELLS,
];
