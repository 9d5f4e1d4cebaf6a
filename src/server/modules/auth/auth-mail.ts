import type { UserRow } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/sanitize-html';

/**
 * A message with the same words in text and HTML: paragraphs, and one link. The link signs in or
 * resets a password, so it is secret: stored copies hide it.
 */
function compose(to: string, subject: string, paragraphs: string[], link?: string): MailMessage {
  const text = paragraphs.join('\n\n').replace('{link}', link ?? '');
  const html = paragraphs
    .map((paragraph) =>
      paragraph === '{link}'
        ? `<p><a href="${escapeHtml(link ?? '')}">${escapeHtml(link ?? '')}</a></p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('');
  return { to, subject, text, html, secretLinks: link ? [link] : [] };
}

export function verificationMail(user: UserRow, link: string): MailMessage {
  return compose(
    user.email,
    'Confirm your ALA Survivor e-mail address',
    [
      `Hi ${user.nameFirst},`,
      `Please confirm that ${user.email} is the address of the ALA Survivor account ${user.username}. Open this link within 24 hours; it also logs you in:`,
      '{link}',
      'If you did not create this account, ignore this e-mail.',
    ],
    link,
  );
}

/**
 * To the owner of an address someone tried to register again. An unconfirmed address gets a fresh
 * confirmation link: its owner may have lost the first mail, or someone else used the address.
 */
export function addressTakenMail(owner: UserRow, publicUrl: string, verifyLink?: string): MailMessage {
  return compose(
    owner.email,
    'Your ALA Survivor account',
    [
      `Hi ${owner.nameFirst},`,
      `Someone (perhaps you) tried to create a new ALA Survivor account with this address. It already belongs to the account ${owner.username}, so no new account was made.`,
      ...(verifyLink
        ? [
            'The address of that account is not confirmed yet. If it is yours, open this link within 24 hours to confirm it and log in:',
            '{link}',
          ]
        : [
            `To use it, log in at ${publicUrl} with your username or this address. If you forgot your password, choose "Forgot your password?" in the login window.`,
          ]),
      'If it was not you, you can ignore this e-mail: nothing has changed.',
    ],
    verifyLink,
  );
}

export function resetMail(user: UserRow, link: string): MailMessage {
  return compose(
    user.email,
    'Reset your ALA Survivor password',
    [
      `Hi ${user.nameFirst},`,
      `Someone asked to reset the password of ${user.username}. Open this link within 1 hour to choose a new one:`,
      '{link}',
      'If it was not you, ignore this e-mail.',
    ],
    link,
  );
}

/** A reset asked for an account whose address is not confirmed: confirm it first. */
export function confirmBeforeResetMail(user: UserRow, link: string): MailMessage {
  return compose(
    user.email,
    'Confirm your ALA Survivor e-mail address',
    [
      `Hi ${user.nameFirst},`,
      `Someone asked to reset the password of ${user.username}. A reset link is only sent to a confirmed address, and this one is not confirmed yet. Open this link within 24 hours to confirm it; it also logs you in, and you can then ask for a reset again if you need one:`,
      '{link}',
      'If it was not you, ignore this e-mail.',
    ],
    link,
  );
}
