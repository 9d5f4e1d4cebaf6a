import type { Cell } from '../../../test/authz-matrix';

/** Who may call each standings route (rows of src/server/authz.test.ts). */
export const STANDINGS_CELLS: Cell[] = [];
