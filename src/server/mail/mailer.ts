import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from '../lib/clock';
import { escapeHtml } from './sanitize-html';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Links that act for the recipient (sign in, confirm, reset): only the delivered mail carries them.
   * Every stored copy has them replaced by HIDDEN_LINK, so that whoever reads the outbox or a leaked
   * table cannot use them.
   */
  secretLinks?: readonly string[];
}

/** What a stored copy says in place of a link that acts for the recipient. */
export const HIDDEN_LINK = "[link hidden: only the recipient's own mail carries it]";

export interface Mailer {
  /** Sends one message; throws when the server refuses it. */
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/** The message as it may be stored: its secret links hidden in the text and the HTML. */
export function storedCopy(message: MailMessage): {
  to: string;
  subject: string;
  text: string;
  html?: string;
} {
  let { text, html } = message;
  for (const link of message.secretLinks ?? []) {
    if (!link) continue;
    text = text.replaceAll(link, HIDDEN_LINK);
    html = html?.replaceAll(escapeHtml(link), escapeHtml(HIDDEN_LINK)).replaceAll(link, HIDDEN_LINK);
  }
  return { to: message.to, subject: message.subject, text, html };
}

/** Delivers over SMTP and keeps a copy of each message (secret links hidden) with its outcome, dated on the application's clock. */
export function createSmtpMailer(db: Db, clock: Clock, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      const copy = storedCopy(message);
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await db.insert(mailOutbox).values({ ...copy, status: 'sent', createdAt: clock.now() });
      } catch (error) {
        await db
          .insert(mailOutbox)
          .values({ ...copy, status: 'failed', error: String(error), createdAt: clock.now() });
        throw error;
      }
    },
  };
}

/**
 * Without SMTP, mail lands in the outbox table (dated on the application's clock), which a site admin
 * reads on a page; secret links are hidden there. `deliver` hands the whole message, links included,
 * to whoever runs the server (its console), so that a demo without SMTP can still confirm an address or
 * reset a password (decision 007).
 */
export function createOutboxMailer(db: Db, clock: Clock, deliver?: (message: MailMessage) => void): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insert(mailOutbox)
        .values({ ...storedCopy(message), status: 'outbox', createdAt: clock.now() });
      deliver?.(message);
    },
  };
}

/** The whole message as plain text, for the console of a server without SMTP. */
export function formatForConsole(message: MailMessage): string {
  return [
    `--- mail not sent (no SMTP server configured) to ${message.to}`,
    `Subject: ${message.subject}`,
    '',
    message.text,
    '--- end of mail',
    '',
  ].join('\n');
}
