import type { Cell } from '../../../test/authz-matrix';

/** Who may call each finances route (rows of src/server/authz.test.ts). */
export const FINANCES_CELLS: Cell[] = [];
