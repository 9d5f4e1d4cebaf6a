import { sql } from 'drizzle-orm';
import { LEAGUE_MEMBER_SEARCH_CAP, type LeagueMember } from '../../../core/contracts/leagues';
import { type PageQuery, pageOffset } from '../../../core/contracts/paging';
import type { DbOrTx } from '../../db/client';
import type { LeagueRow } from '../../db/schema';
import { containsPattern } from '../../lib/paging';
import { isLeagueAdmin } from './league-access';

/*
 * A league's member list, paged in SQL: the global league has every user as a member and its pools a
 * million entries, so neither the members nor the entries are ever read whole. Members sort by prizes won
 * (descending), then by the order they joined. Prizes come only from entries that won some (the partial
 * index entries_prizes_idx), a few rows however big the pools; the members who won nothing follow in the
 * order of the index on (league, joined), skipped over in the index alone.
 */

interface MemberSqlRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  username: string;
  photo_url: string | null;
  tagline: string | null;
  name_first: string;
  name_last: string;
  created_at: Date | string;
  prizes: string | number;
}

export interface MemberPageOptions {
  /** Real names reach members only; they are searched only for them too. */
  showNames: boolean;
}

/** The users who won prizes in the league's pools, with their sums (bigint: many pools' prizes add up). */
function prizedSql(leagueId: number) {
  return sql`select e.user_id, sum(e.prizes)::bigint as prizes
    from entries e join pools p on p.id = e.pool_id
    where p.league_id = ${leagueId} and e.prizes <> 0
    group by e.user_id`;
}

function searchSql(query: Pick<PageQuery, 'q'>, options: MemberPageOptions) {
  if (!query.q) return sql`true`;
  const pattern = containsPattern(query.q);
  return options.showNames
    ? sql`(u.username ilike ${pattern} or (u.name_first || ' ' || u.name_last) ilike ${pattern})`
    : sql`u.username ilike ${pattern}`;
}

function toMember(league: LeagueRow, row: MemberSqlRow, showNames: boolean): LeagueMember {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    username: row.username,
    photo_url: row.photo_url,
    tagline: row.tagline,
    real_name: showNames ? `${row.name_first} ${row.name_last}` : null,
    created_at: new Date(row.created_at).toISOString(),
    admin: isLeagueAdmin(league, row.username),
    prizes: Number(row.prizes),
  };
}

const memberColumns = sql`m.id, m.user_id, u.username, u.photo_url, u.tagline, u.name_first, u.name_last,
  m.created_at`;

/**
 * One page of the league's members matching `q`, and how many match. The page is cut from two ordered
 * parts: the prize winners (few), then everyone else by the order they joined (the index
 * league_members_since_idx). Without a search the page is skipped to in the index before any user row is
 * read; a search walks the same order, filtering as it goes, and counts its matches beside.
 */
export async function leagueMemberPage(
  db: DbOrTx,
  league: LeagueRow,
  query: PageQuery,
  options: MemberPageOptions,
): Promise<{ members: LeagueMember[]; total: number }> {
  const offset = pageOffset(query);
  const search = searchSql(query, options);
  const [winnerCount, total] = await Promise.all([
    db.execute<{ count: number }>(sql`
      with prized as (${prizedSql(league.id)})
      select count(*)::int as count from prized pz
      join league_members m on m.league_id = ${league.id} and m.user_id = pz.user_id
      join users u on u.id = m.user_id
      where ${search}`),
    db.execute<{ total: number }>(
      query.q
        ? // A broad search stops counting past the cap: the rest of its matches are never read.
          sql`select count(*)::int as total from (select 1 from league_members m join users u on u.id = m.user_id
            where m.league_id = ${league.id} and ${search} limit ${LEAGUE_MEMBER_SEARCH_CAP + 1}) matches`
        : sql`select count(*)::int as total from league_members m where m.league_id = ${league.id}`,
    ),
  ]);
  const winners = Number(winnerCount.rows[0]?.count ?? 0);
  const fromWinners = Math.max(0, Math.min(query.pageSize, winners - offset));
  const fromOthers = query.pageSize - fromWinners;
  const othersOffset = Math.max(0, offset - winners);
  const [winnerRows, otherRows] = await Promise.all([
    fromWinners === 0
      ? Promise.resolve({ rows: [] as MemberSqlRow[] })
      : db.execute<MemberSqlRow>(sql`
          with prized as (${prizedSql(league.id)})
          select ${memberColumns}, pz.prizes
          from prized pz
          join league_members m on m.league_id = ${league.id} and m.user_id = pz.user_id
          join users u on u.id = m.user_id
          where ${search}
          order by pz.prizes desc, m.created_at, m.user_id
          limit ${fromWinners} offset ${offset}`),
    fromOthers === 0
      ? Promise.resolve({ rows: [] as MemberSqlRow[] })
      : db.execute<MemberSqlRow>(
          query.q
            ? // Walked in the order members joined, filtered as it goes: a broad search fills its page at once.
              sql`
              with prized as (${prizedSql(league.id)})
              select ${memberColumns}, 0 as prizes
              from league_members m join users u on u.id = m.user_id
              where m.league_id = ${league.id} and ${search}
                and m.user_id not in (select user_id from prized)
              order by m.created_at, m.user_id
              limit ${fromOthers} offset ${othersOffset}`
            : // The page is found in the index alone; only its own users are read.
              sql`
              with prized as (${prizedSql(league.id)}),
              page as (
                select m.id, m.user_id, m.created_at from league_members m
                where m.league_id = ${league.id} and m.user_id not in (select user_id from prized)
                order by m.created_at, m.user_id
                limit ${fromOthers} offset ${othersOffset})
              select ${memberColumns}, 0 as prizes
              from page m join users u on u.id = m.user_id
              order by m.created_at, m.user_id`,
        ),
  ]);
  return {
    members: [...winnerRows.rows, ...otherRows.rows].map((row) => toMember(league, row, options.showNames)),
    total: Number(total.rows[0]?.total ?? 0),
  };
}

/** One user's member row in the league with their prizes, or null when they are not a member. */
export async function leagueMemberOf(
  db: DbOrTx,
  league: LeagueRow,
  userId: number | undefined,
  options: MemberPageOptions,
): Promise<LeagueMember | null> {
  if (userId === undefined) return null;
  const rows = await db.execute<MemberSqlRow>(sql`
    select ${memberColumns},
      (select coalesce(sum(e.prizes), 0)::bigint from entries e join pools p on p.id = e.pool_id
        where p.league_id = ${league.id} and e.user_id = ${userId} and e.prizes <> 0) as prizes
    from league_members m join users u on u.id = m.user_id
    where m.league_id = ${league.id} and m.user_id = ${userId}`);
  const row = rows.rows[0];
  return row ? toMember(league, row, options.showNames) : null;
}
