import { and, eq, sql } from 'drizzle-orm';
import {
  MAX_REMINDER_POOLS,
  type ReminderChoice,
  ReminderChoiceSchema,
  type ReminderSettingsResponse,
} from '../../../core/contracts/reminders';
import { poolDisplayName, siblingsOf } from '../../../core/pool/identity';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { reminderMutes, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { unsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe-token';

/** A stored choice as the API speaks it (anything unknown reads as the default, both). */
function choiceOf(value: string): ReminderChoice {
  const parsed = ReminderChoiceSchema.safeParse(value);
  return parsed.success ? parsed.data : 'both';
}

/** The user's reminder choice and their running pools (those they hold an entry in), muted or not. */
export async function getReminderSettings(ctx: AppContext, user: UserRow): Promise<ReminderSettingsResponse> {
  const rows = rowsOf<{
    pool_id: number;
    league_id: number;
    game: string;
    season: number;
    season_type: string;
    pool_idx: number;
    custom_name: string | null;
    game_name: string;
    league_name: string;
    muted: boolean;
    siblings: number;
  }>(
    await ctx.db.execute(sql`
      select p.id as pool_id, p.league_id, p.game, p.season, p.season_type, p.pool_idx, p.custom_name,
        p.game_name, l.name as league_name,
        exists (select 1 from reminder_mutes m where m.user_id = ${user.id} and m.pool_id = p.id) as muted,
        (select count(*) from pools s where s.league_id = p.league_id and s.game = p.game
          and s.season = p.season and s.season_type = p.season_type)::int as siblings
      from pools p
      join leagues l on l.id = p.league_id
      where not p.final and p.game <> 'world-cup'
        and p.id in (select e.pool_id from entries e where e.user_id = ${user.id})
      order by p.id desc
      limit ${MAX_REMINDER_POOLS}`),
  );
  return {
    reminders: choiceOf(user.reminders),
    email_confirmed: user.emailVerifiedAt !== null,
    pools: rows.map((row) => {
      const pool = {
        leagueId: row.league_id,
        game: row.game,
        season: row.season,
        seasonType: row.season_type,
        poolIdx: row.pool_idx,
        customName: row.custom_name,
        gameName: row.game_name,
      };
      return {
        pool_id: row.pool_id,
        pool_name: poolDisplayName(pool, siblingsOf(pool, row.siblings)),
        league_name: row.league_name,
        muted: row.muted,
      };
    }),
  };
}

/** Sets the user's reminder choice; setting the one they have answers the same. */
export async function setReminderChoice(
  ctx: AppContext,
  user: UserRow,
  reminders: ReminderChoice,
): Promise<ReminderSettingsResponse> {
  await ctx.db.update(users).set({ reminders }).where(eq(users.id, user.id));
  return getReminderSettings(ctx, { ...user, reminders });
}

/** Mutes or unmutes one of the user's pools; a repeat answers the same. */
export async function setPoolMute(
  ctx: AppContext,
  user: UserRow,
  poolId: number,
  muted: boolean,
): Promise<{ pool_id: number; muted: boolean }> {
  const [held] = rowsOf<{ held: boolean }>(
    await ctx.db.execute(sql`
      select exists (select 1 from entries e where e.user_id = ${user.id} and e.pool_id = ${poolId}) as held`),
  );
  if (!held?.held) throw notFound('You have no entry in that pool, so it sends you no reminders.');
  if (muted) {
    await ctx.db
      .insert(reminderMutes)
      .values({ userId: user.id, poolId, createdAt: ctx.clock.now() })
      .onConflictDoNothing();
  } else {
    await ctx.db
      .delete(reminderMutes)
      .where(and(eq(reminderMutes.userId, user.id), eq(reminderMutes.poolId, poolId)));
  }
  return { pool_id: poolId, muted };
}

export const BAD_UNSUBSCRIBE_TOKEN =
  'This unsubscribe link is not valid: it may have been cut or changed. Open the link from the mail again, or change your reminders on your profile.';

/** The user an unsubscribe token stands for: 400 for an altered token, 404 when the account is gone. */
export async function unsubscribeUser(
  ctx: AppContext,
  token: string,
): Promise<{ id: number; username: string }> {
  const userId = verifyUnsubscribeToken(await unsubscribeSecret(ctx), token);
  if (userId === null) throw badRequest(BAD_UNSUBSCRIBE_TOKEN);
  const [user] = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('This unsubscribe link is for an account that no longer exists.');
  return user;
}

/** Turns all pick reminders off for the token's user (one-click; a repeat answers the same). */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ username: string }> {
  const user = await unsubscribeUser(ctx, token);
  await ctx.db.update(users).set({ reminders: 'off' }).where(eq(users.id, user.id));
  return { username: user.username };
}
