import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * A big pool for the Commish tools' tests, written in SQL (one INSERT ... SELECT per table): `users` league
 * members named `${prefix}1` and up, each with `perUser` entries. Entry n of a user has lives n % 3 (so some
 * are eliminated), weeks alive n, and every 7th user's entries are inactive with a note.
 */
export async function bulkPoolEntries(
  db: DbOrTx,
  options: { poolId: number; leagueId: number; prefix: string; users: number; perUser: number },
): Promise<void> {
  const { poolId, leagueId, prefix, users, perUser } = options;
  await db.execute(sql`
    insert into users (username, email, name_first, name_last)
    select ${prefix} || n, ${prefix} || n || '@example.test', 'Big', 'Pool' from generate_series(1, ${users}) as n`);
  const mine = sql`starts_with(u.username, ${prefix})`;
  await db.execute(sql`
    insert into league_members (league_id, user_id) select ${leagueId}, u.id from users u where ${mine}`);
  await db.execute(sql`
    insert into entries (pool_id, user_id, entry_num, lives, weeks_alive, status, notes)
    select ${poolId}, u.id, k, k % 3, k,
      case when u.id % 7 = 0 then 0 else 1 end,
      case when u.id % 7 = 0 then 'note of ' || u.username else null end
    from users u cross join generate_series(1, ${perUser}) as k
    where ${mine}`);
}
