import { type Cell, commishPost } from '../../../../test/authz-matrix';

/** Who may call each route of the area (rows of src/server/authz.test.ts); the admin posts a harmless alert. */
export const DESK_CELLS: Cell[] = [
  {
    name: "Commish's Desk post",
    method: 'POST',
    route: 'POST /admin/commishPosts',
    url: () => '/admin/commishPosts',
    payload: (w) => ({ activePool: w.poolId, post: 'Picks lock at noon.', summary: 'Reminder', type: 17 }),
    expected: commishPost(200),
  },
];
