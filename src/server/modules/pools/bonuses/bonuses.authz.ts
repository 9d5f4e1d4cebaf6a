import type { Cell } from '../../../test/authz-matrix';

/** Who may call each bonuses route (rows of src/server/authz.test.ts). */
export const BONUSES_CELLS: Cell[] = [];
