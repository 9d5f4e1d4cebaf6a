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
  {
    name: "Commish's Desk crowning by the end rule",
    method: 'POST',
    route: 'POST /admin/crownByEndRule',
    url: () => '/admin/crownByEndRule',
    payload: (w) => ({ poolId: w.poolId }),
    // The world's pool is not decided: the admin's request is refused in words, nothing changes.
    expected: commishPost(400),
  },
];
