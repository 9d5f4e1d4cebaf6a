import { formatMailInstant } from '../../../../mail/mail-format';
import type { MailMessage } from '../../../../mail/mailer';
import { escapeHtml } from '../../../../mail/sanitize-html';
import { entryLabel } from '../../store/pool-entries.repo';
import type { OwingPlayer } from './missing-picks.repo';

/** What every nudge mail of one pool's nudge shares. */
export interface NudgeMailContext {
  poolName: string;
  leagueName: string;
  week: number;
  lockAt: Date;
  needed: number;
  /** The pool's Make Picks page. */
  makePicksUrl: string;
  commissioner: string;
}

function describeEntry(player: OwingPlayer, entry: OwingPlayer['entries'][number], needed: number): string {
  const parts = [`${entry.lives} ${entry.lives === 1 ? 'life' : 'lives'} left`];
  if (needed > 1) parts.push(`${entry.picksMade} of ${needed} picks made`);
  if (entry.insured) parts.push('insured: if you do not pick, insurance will pick for it at the lock');
  return `${entryLabel(player.username, entry.entryNum)} (${parts.join('; ')})`;
}

/** One player's nudge: the pool, the week, its deadline, their entries that owe a pick, and a Make Picks link. */
export function buildNudgeMail(player: OwingPlayer, mail: NudgeMailContext): MailMessage {
  const deadline = formatMailInstant(mail.lockAt);
  const lines = player.entries.map((entry) => describeEntry(player, entry, mail.needed));
  const what = mail.needed > 1 ? `${mail.needed} picks` : 'a pick';
  const intro = `${mail.commissioner}, the commissioner of ${mail.poolName} in ${mail.leagueName}, reminds you that ${
    lines.length === 1 ? 'your entry below has' : 'your entries below have'
  } not made ${what} for Week ${mail.week}. Week ${mail.week} locks ${deadline}.`;
  return {
    to: player.email,
    subject: `Reminder: make your Week ${mail.week} pick in ${mail.poolName}`,
    text: [
      `Hi ${player.username},`,
      '',
      intro,
      '',
      ...lines.map((line) => `- ${line}`),
      '',
      `Make your picks: ${mail.makePicksUrl}`,
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(player.username)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(mail.makePicksUrl)}">Make your picks</a></p>`,
    ].join('\n'),
  };
}
