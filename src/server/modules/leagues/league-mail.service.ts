import { and, eq } from 'drizzle-orm';
import { type EmailUsersResponse, LEAGUE_MESSAGES } from '../../../core/contracts/leagues';
import { poolPagePathIn } from '../../../core/pool/identity';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { entries, leagueMembers, leagues, pools, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { publicUrl } from '../../lib/public-url';
import { formatMailInstant } from '../../mail/mail-format';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, htmlToText, sanitizeHtml } from '../../mail/sanitize-html';
import { recordPoolAudits } from '../pools/store/pool-audits.repo';
import { requireLeagueAdmin, requireLeagueMember } from './league-access';

/** The invite link a member shares: it opens the league page in invite mode. */
export function inviteUrl(ctx: AppContext, inviteCode: string): string {
  return `${publicUrl(ctx.config)}/invite/league/${inviteCode}`;
}

/** Mails an invitation to the league; only members may invite. */
export async function inviteByEmail(
  ctx: AppContext,
  inviter: UserRow,
  leagueId: number,
  email: string,
): Promise<{ message: string }> {
  const { league } = await requireLeagueMember(ctx.db, leagueId, inviter);
  const url = inviteUrl(ctx, league.inviteCode);
  const from = `${inviter.nameFirst} ${inviter.nameLast} (${inviter.username})`;
  const message: MailMessage = {
    to: email,
    subject: `You have been invited to join ${league.name} on ALA Survivor`,
    text: [
      `${from} has invited you to join ${league.name}, a league on ALA Survivor.`,
      '',
      `Accept the invitation here: ${url}`,
      '',
      'If you do not have an account yet, you can create one from that page.',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(from)} has invited you to join <b>${escapeHtml(league.name)}</b>, a league on ALA Survivor.</p>`,
      `<p><a href="${escapeHtml(url)}">Accept the invitation</a></p>`,
      `<p>Or paste this link into your browser: ${escapeHtml(url)}</p>`,
    ].join('\n'),
  };
  try {
    await ctx.mailer.send(message);
  } catch {
    throw new AppError(502, LEAGUE_MESSAGES.inviteError);
  }
  return { message: LEAGUE_MESSAGES.inviteSent };
}

interface Recipient {
  email: string;
}

/** Sends one message per recipient and counts the outcomes; one bad address does not stop the rest. */
async function sendAll(ctx: AppContext, recipients: Recipient[], build: (to: string) => MailMessage) {
  let sent = 0;
  let failed = 0;
  for (const recipient of recipients) {
    try {
      await ctx.mailer.send(build(recipient.email));
      sent += 1;
    } catch {
      failed += 1;
    }
  }
  return { sent, failed };
}

/**
 * Email League / Email Pool: a league admin writes to every member (league) or to the owner of every entry of
 * the pool (pool; once per person, whatever the number of entries). The HTML is sanitised here, whatever the
 * editor sent, and a plain-text part goes with it. An e-mail to a pool is audited (subject and recipients).
 */
export async function emailUsers(
  ctx: AppContext,
  author: UserRow,
  input: { subject: string; html: string; umbrella: 'league' | 'pool'; umbrellaId: number },
): Promise<EmailUsersResponse> {
  let leagueId = input.umbrellaId;
  let notFoundMessage: string = LEAGUE_MESSAGES.notFound;
  if (input.umbrella === 'pool') {
    const [pool] = await ctx.db.select().from(pools).where(eq(pools.id, input.umbrellaId)).limit(1);
    if (!pool) throw notFound(LEAGUE_MESSAGES.poolNotFound);
    leagueId = pool.leagueId;
    // A pool of a hidden league answers outsiders exactly as an unknown pool.
    notFoundMessage = LEAGUE_MESSAGES.poolNotFound;
  }
  const { league } = await requireLeagueAdmin(ctx.db, leagueId, author, notFoundMessage);
  const html = sanitizeHtml(input.html);
  const text = htmlToText(html);
  if (!text) throw badRequest(LEAGUE_MESSAGES.emailBody);
  const rows =
    input.umbrella === 'league'
      ? await ctx.db
          .selectDistinct({ email: users.email })
          .from(leagueMembers)
          .innerJoin(users, eq(users.id, leagueMembers.userId))
          .where(eq(leagueMembers.leagueId, league.id))
      : await ctx.db
          .selectDistinct({ email: users.email })
          .from(entries)
          .innerJoin(users, eq(users.id, entries.userId))
          .where(eq(entries.poolId, input.umbrellaId));
  const footer = `Sent by ${author.username}, commissioner of ${league.name}, via ALA Survivor.`;
  const { sent, failed } = await sendAll(ctx, rows, (to) => ({
    to,
    subject: `[${league.abb}] ${input.subject}`,
    text: `${text}\n\n--\n${footer}`,
    html: `${html}\n<hr>\n<p>${escapeHtml(footer)}</p>`,
  }));
  if (input.umbrella === 'pool') {
    // The pool's audit log keeps who wrote to its entrants and what about, never the body.
    const count = `${rows.length} ${rows.length === 1 ? 'recipient' : 'recipients'}`;
    await recordPoolAudits(
      ctx.db,
      input.umbrellaId,
      author,
      [
        {
          action: 'email',
          summary: `E-mail to the pool's entrants: "${input.subject}" (${count})`,
          newValue: { subject: input.subject, recipients: rows.length, sent, failed },
        },
      ],
      ctx.clock.now(),
    );
  }
  return {
    recipients: rows.length,
    sent,
    failed,
    message: failed === 0 ? LEAGUE_MESSAGES.emailSentBody : `${sent} sent, ${failed} failed.`,
  };
}

/** Tells the members who want it that the league has a new pool; call it after the pool is created. */
export async function notifyNewLeaguePool(
  ctx: AppContext,
  poolId: number,
): Promise<{ recipients: number; sent: number; failed: number }> {
  const [found] = await ctx.db
    .select({ pool: pools, league: leagues })
    .from(pools)
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .where(eq(pools.id, poolId))
    .limit(1);
  if (!found) throw notFound(LEAGUE_MESSAGES.poolNotFound);
  const { pool, league } = found;
  const rows = await ctx.db
    .select({ email: users.email })
    .from(leagueMembers)
    .innerJoin(users, eq(users.id, leagueMembers.userId))
    .where(and(eq(leagueMembers.leagueId, league.id), eq(leagueMembers.emailNewPools, true)));
  const name = pool.customName?.trim() || `${pool.gameName} ${pool.season}`;
  const url = `${publicUrl(ctx.config)}${poolPagePathIn(pool, league)}`;
  const settingsUrl = `${publicUrl(ctx.config)}/league/${league.abb}/settings`;
  const deadline = formatMailInstant(pool.entryDeadline);
  const result = await sendAll(ctx, rows, (to) => ({
    to,
    subject: `New pool in ${league.name}: ${name}`,
    text: [
      `${league.name} has opened a new pool: ${name}.`,
      `Sign up before ${deadline}: ${url}`,
      '',
      `You get this e-mail because of your league settings: ${settingsUrl}`,
    ].join('\n'),
    html: [
      `<p><b>${escapeHtml(league.name)}</b> has opened a new pool: ${escapeHtml(name)}.</p>`,
      `<p><a href="${escapeHtml(url)}">Sign up</a> before ${escapeHtml(deadline)}.</p>`,
      `<p>You get this e-mail because of your <a href="${escapeHtml(settingsUrl)}">league settings</a>.</p>`,
    ].join('\n'),
  }));
  return { recipients: rows.length, ...result };
}
