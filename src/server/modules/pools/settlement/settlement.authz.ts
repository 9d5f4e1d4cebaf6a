import type { Cell } from '../../../test/authz-matrix';

/** Who may call each settlement route (rows of src/server/authz.test.ts). */
export const SETTLEMENT_CELLS: Cell[] = [];
