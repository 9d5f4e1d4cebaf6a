import { REQUEST_STATUS } from '../../core/contracts/leagues';
import { must } from '../../core/must';
import type { AppContext } from '../context';
import { leagueMembers, leagueRequests, leagues, siteAdmins, users } from '../db/schema';
import { createToken } from '../lib/tokens';
import { hashPassword } from '../modules/auth/password-hash';
import { seedSportsData } from '../sports/replay/seed-sports';
import { settleDemoWeeks } from './demo-entrants';
import { crownDemoChampions, seedChangelog, seedLeaguePools } from './demo-pools';
import { DEMO_USERS } from './demo-users';

/** Every demo account shares this password; the README gives it. */
export const DEMO_PASSWORD = 'survivor2026';

interface DemoLeague {
  name: string;
  abb: string;
  desc: string;
  joinable: boolean;
  hidden: boolean;
  founder: string;
  admins: string[];
  members: string[];
  pending?: string[];
}

export const DEMO_LEAGUES: DemoLeague[] = [
  {
    name: 'A Level Above',
    abb: 'ala',
    desc: 'The global public pools of ALA Survivor. Anyone can join.',
    joinable: true,
    hidden: false,
    founder: 'commish',
    admins: ['commish'],
    members: DEMO_USERS.map(([username]) => username),
  },
  {
    name: 'Sunday Squad',
    abb: 'SQUAD',
    desc: 'Friends from the Thursday pickup game. Bragging rights and a little cash.',
    joinable: false,
    hidden: false,
    founder: 'jordan',
    admins: ['jordan', 'commish'],
    members: ['jordan', 'commish', 'taylor', 'sam', 'riley', 'alex'],
    pending: ['blake'],
  },
  {
    name: 'Office Pool',
    abb: 'OFFCE',
    desc: 'Open to everyone on the third floor, and their friends.',
    joinable: true,
    hidden: false,
    founder: 'taylor',
    admins: ['taylor'],
    members: ['taylor', 'jamie', 'drew', 'morgan', 'quinn', 'avery'],
  },
  {
    name: 'High Rollers',
    abb: 'HIGH',
    desc: 'Invitation only.',
    joinable: false,
    hidden: true,
    founder: 'sam',
    admins: ['sam'],
    members: ['sam', 'riley', 'quinn'],
  },
];

/** The demo leagues exist by this date at the latest: before the first demo pool (MLB 2022) opened. */
const FOUNDED_BY = new Date('2022-01-15T17:00:00Z');

/** Fills a new database with the demo world: users, leagues, their pools and entries, and the entrants' picks. */
export async function seedDemoWorld(ctx: AppContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, ctx.config.passwordHash);
  // Everything is dated on the application's clock, which replays a past season in the demo.
  const now = ctx.clock.now().getTime();
  const DAY_MS = 24 * 60 * 60 * 1000;
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  // The leagues host concluded 2022 pools, so they were founded (and joined) before those seasons began.
  const founded = Math.min(now - 600 * DAY_MS, FOUNDED_BY.getTime());
  const afterFounding = (days: number) => new Date(founded + days * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_USERS.map(([username, nameFirst, nameLast]) => ({
          username,
          nameFirst,
          nameLast,
          email: `${username}@example.com`,
          passwordHash,
          // Demo addresses count as confirmed, so that every account feature works in the demo.
          emailVerifiedAt: afterFounding(-30),
          tagline: username === 'commish' ? 'Runs the global pools' : null,
          createdAt: afterFounding(-30),
        })),
      )
      .returning();
    const idOf = new Map(inserted.map((user) => [user.username, user.id]));
    // The demo's commissioner runs the site too (outbox, feeds); elsewhere a grant is explicit.
    await tx
      .insert(siteAdmins)
      .values({ userId: must(idOf.get('commish'), 'demo commish'), grantedAt: afterFounding(-30) });
    for (const league of DEMO_LEAGUES) {
      const [row] = await tx
        .insert(leagues)
        .values({
          name: league.name,
          abb: league.abb,
          desc: league.desc,
          joinable: league.joinable,
          hidden: league.hidden,
          founderId: idOf.get(league.founder),
          admins: league.admins,
          inviteCode: createToken().slice(0, 12),
          createdAt: afterFounding(0),
        })
        .returning();
      await tx.insert(leagueMembers).values(
        league.members.map((username, index) => ({
          leagueId: row.id,
          userId: must(idOf.get(username), `demo user ${username}`),
          createdAt: afterFounding(index * 3),
        })),
      );
      for (const username of league.pending ?? []) {
        await tx.insert(leagueRequests).values({
          leagueId: row.id,
          userId: must(idOf.get(username), `demo user ${username}`),
          status: REQUEST_STATUS.pending,
          createdAt: daysAgo(2),
          updatedAt: daysAgo(2),
        });
      }
    }
  });
  // Pools take their weeks from the replayed seasons, so the sports data goes in first.
  await seedSportsData(ctx);
  await ctx.db.transaction(async (tx) => {
    await seedLeaguePools(ctx, tx);
    await seedChangelog(ctx, tx);
  });
  // The concluded seasons end as their commissioners closed them, before anything settles the rest.
  await crownDemoChampions(ctx);
  // The running pools' weeks so far: the demo entrants pick before each lock and the weeks settle on
  // the replayed results, exactly as the settlement job goes on doing while the demo runs.
  await settleDemoWeeks(ctx);
}
