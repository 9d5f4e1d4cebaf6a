/**
 * An entry's status, stored as a number: an active entry counts (standings, prize pool, picks owed);
 * an inactive one was deactivated by the commissioner and counts nowhere.
 */
export const ENTRY_STATUS = { active: 1, inactive: 0 } as const;

export type EntryStatus = (typeof ENTRY_STATUS)[keyof typeof ENTRY_STATUS];
