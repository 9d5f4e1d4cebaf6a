import type { Cell } from '../../../test/authz-matrix';

/** Who may call each scoreboard route (rows of src/server/authz.test.ts). */
export const SCOREBOARD_CELLS: Cell[] = [];
