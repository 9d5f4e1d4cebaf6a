import type { Cell } from '../../../../test/authz-matrix';

/** Who may call each route of the area (rows of src/server/authz.test.ts). */
export const EDIT_PICKS_CELLS: Cell[] = [];
