import type { Cell } from '../../../test/authz-matrix';

/** Who may call each entry-actions route (rows of src/server/authz.test.ts). */
export const ENTRY_ACTIONS_CELLS: Cell[] = [];
