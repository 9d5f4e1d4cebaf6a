import type { FastifyInstance } from 'fastify';
import { must } from '../../core/must';
import type { AppContext } from '../context';
import { registerUser } from './factories';

/** A signed-in test user: the cookie to send and who it is. */
export interface TestUser {
  cookie: string;
  username: string;
  id: number;
}

/** Registers a user with a recognisable real name (tests assert that it never leaks). */
export function registerNamed(app: FastifyInstance, username: string): Promise<TestUser> {
  return registerUser(app, { username, nameFirst: `First${username}`, nameLast: `Secret${username}` });
}

/** Creates a league through the API as `owner` and returns its id. */
export async function createLeagueAs(
  app: FastifyInstance,
  owner: TestUser,
  payload: { name: string; abb: string; joinable?: boolean; hidden?: boolean; desc?: string },
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/leagueRoutes/createLeague',
    headers: { cookie: owner.cookie },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`createLeague failed: ${response.body}`);
  return response.json().league.id;
}

/** Makes `user` a member through the invite code of the league (works for every league kind). */
export async function addMemberByInvite(
  app: FastifyInstance,
  ctx: AppContext,
  leagueId: number,
  user: TestUser,
): Promise<void> {
  const league = await ctx.db.query.leagues.findFirst({ where: (l, { eq }) => eq(l.id, leagueId) });
  const response = await app.inject({
    method: 'POST',
    url: '/leagueRoutes/acceptInvite',
    headers: { cookie: user.cookie },
    payload: { invite_code: must(league).inviteCode },
  });
  if (response.statusCode !== 200) throw new Error(`acceptInvite failed: ${response.body}`);
}
