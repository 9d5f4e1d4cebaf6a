// The site admin's and the pool tools' keys, kept out of the start-up code: see query-keys.ts.

/** Site admin: feed health, failing settlements, result entry, the mail outbox. */
export const adminKeys = {
  feeds: ['admin', 'feeds'] as const,
  settlement: (page: number) => ['admin', 'settlement', page] as const,
  activeWeek: (game: string, season: number) => ['activeWeek', game, season] as const,
  weekSchedules: {
    all: ['weekSchedules'] as const,
    of: (game: string, season: number, week: number) => ['weekSchedules', game, season, week] as const,
  },
  outbox: (page: number, query: string) => ['outbox', page, query] as const,
};

/** The Commish tools' reads (under the pool's keys). */
export const commishKeys = {
  settings: (poolId: number) => ['pool', 'commish', 'settings', poolId] as const,
  entrants: (poolId: number, request: object = {}) => ['pool', 'commishEntrants', poolId, request] as const,
  members: (poolId: number, q: string) => ['pool', 'commishEntrants', poolId, 'members', q] as const,
  missingPicks: {
    all: (poolId: number) => ['pool', 'commish', 'missingPicks', poolId] as const,
    page: (poolId: number, request: object) => ['pool', 'commish', 'missingPicks', poolId, request] as const,
  },
  prizeSplit: (poolId: number, query: object) => ['pool', 'prizeSplit', poolId, query] as const,
  bonusParams: (poolId: number, query: string) => ['pool', 'commish', 'bonus-params', poolId, query] as const,
  bonusEvents: (poolId: number) => ['pool', 'commish', 'bonus-events', poolId] as const,
  bonusDetails: (poolId: number, bonusId: number | null, query: string) =>
    ['pool', 'commish', 'bonus-details', poolId, bonusId, query] as const,
  audit: (poolId: number, page: number) => ['pool', 'audit', poolId, page] as const,
  picks: (poolId: number, entryId: number | null, q: string) =>
    ['pool', 'commish', 'picks', poolId, entryId, q] as const,
};

/** Create a Pool's reads, under the pool's keys so that a pool-wide refresh includes them. */
export const creationKeys = {
  options: ['pool', 'creation', 'options'] as const,
  previous: (leagueId: number | null, game: string) =>
    ['pool', 'creation', 'previous', leagueId, game] as const,
};
