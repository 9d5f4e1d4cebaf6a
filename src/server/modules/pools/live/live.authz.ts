import type { Cell } from '../../../test/authz-matrix';

/** Who may call each live route (rows of src/server/authz.test.ts). */
export const LIVE_CELLS: Cell[] = [];
