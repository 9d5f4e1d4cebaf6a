/** The authorization matrix's vocabulary, shared by src/server/authz.test.ts and each pool area's cells. */

export const ROLES = ['visitor', 'nonMember', 'member', 'admin', 'siteAdmin'] as const;
export type Role = (typeof ROLES)[number];
export const OUTSIDERS: Role[] = ['visitor', 'nonMember', 'siteAdmin'];

export interface World {
  hiddenId: number;
  privateId: number;
  poolId: number;
  /** A pool of the private (listed, not joinable) league. */
  privatePoolId: number;
  requestId: number;
  inviteCode: string;
  entryId: number;
  /** An entry id that no entry has. */
  missingEntryId: number;
}

export interface Cell {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The registered route this row exercises, as `METHOD /url/:param`. */
  route: string;
  url: (w: World) => string;
  payload?: (w: World, role: Role) => object;
  expected: Record<Role, number>;
  /** The gate view and invite view may name the hidden league itself (never its members). */
  mayNameLeague?: boolean;
  /** A visible league page lists usernames (never real names); the hidden league's pools only via its invite. */
  mayListMembers?: boolean;
  /**
   * The message of an entry that does not exist: an outsider's 404 must say exactly this, so an entry of a
   * league the caller cannot see answers as a missing id (entry ids cannot be probed).
   */
  entryNotFound?: string;
  /** Roles that may read everything this route answers (the site admin reading the whole mail outbox). */
  seesAll?: Role[];
}

export const all = (status: number): Record<Role, number> => ({
  visitor: status,
  nonMember: status,
  member: status,
  admin: status,
  siteAdmin: status,
});

/** A hidden league's pool: found by its members and admins only. */
export const HIDDEN_POOL: Record<Role, number> = {
  visitor: 404,
  nonMember: 404,
  member: 200,
  admin: 200,
  siteAdmin: 404,
};

/** A private league's pool: listed for everyone, read by its members only (decision 035). */
export const PRIVATE_POOL: Record<Role, number> = {
  visitor: 403,
  nonMember: 403,
  member: 200,
  admin: 200,
  siteAdmin: 403,
};

/** A Commish tools read of the hidden league's pool: its admins only (members are refused, outsiders find nothing). */
export const COMMISH_GET: Record<Role, number> = {
  visitor: 404,
  nonMember: 404,
  member: 403,
  admin: 200,
  siteAdmin: 404,
};

/** A Commish tools write on the hidden league's pool; `adminStatus` is what the admin's request of the row gets. */
export const commishPost = (adminStatus = 200): Record<Role, number> => ({
  visitor: 401,
  nonMember: 404,
  member: 403,
  admin: adminStatus,
  siteAdmin: 404,
});
