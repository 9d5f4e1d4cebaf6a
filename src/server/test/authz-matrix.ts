/** The authorization matrix's vocabulary, shared by src/server/authz.test.ts and each pool area's cells. */

export const ROLES = ['visitor', 'nonMember', 'member', 'admin', 'siteAdmin'] as const;
export type Role = (typeof ROLES)[number];
export const OUTSIDERS: Role[] = ['visitor', 'nonMember', 'siteAdmin'];

export interface World {
  hiddenId: number;
  privateId: number;
  poolId: number;
  requestId: number;
  inviteCode: string;
  entryId: number;
}

export interface Cell {
  name: string;
  method: 'GET' | 'POST';
  /** The registered route this row exercises, as `METHOD /url/:param`. */
  route: string;
  url: (w: World) => string;
  payload?: (w: World, role: Role) => object;
  expected: Record<Role, number>;
  /** The gate view and invite view may name the hidden league itself (never its members). */
  mayNameLeague?: boolean;
  /** A visible league page lists usernames (never real names); the hidden league's pools only via its invite. */
  mayListMembers?: boolean;
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
