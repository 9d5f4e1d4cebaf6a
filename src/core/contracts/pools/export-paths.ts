// Kept apart from the exports' schemas: the Standings tab, a page a phone opens first, links to its
// file and would otherwise load zod schemas it never uses.

/** The routes, by pool id. Standings and the week grid are for any visitor of the pool, the rest commissioner only. */
export const exportPaths = {
  standings: (poolId: number) => `/api/pools/${poolId}/export/standings.csv`,
  picks: (poolId: number) => `/api/pools/${poolId}/commish/export/picks.csv`,
  ledger: (poolId: number) => `/api/pools/${poolId}/commish/export/ledger.csv`,
  finances: (poolId: number) => `/api/pools/${poolId}/commish/export/finances.csv`,
  missingPicks: (poolId: number) => `/api/pools/${poolId}/commish/export/missing-picks.csv`,
  /** The printable grid of one week (JSON, paged): `?page=&pageSize=`. */
  week: (poolId: number, week: number) => `/api/pools/${poolId}/export/week/${week}`,
} as const;
