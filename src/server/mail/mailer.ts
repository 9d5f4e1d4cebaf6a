import { eq, sql } from 'drizzle-orm';
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
  /** Extra headers of the delivered mail (List-Unsubscribe of RFC 8058); stored copies leave them out. */
  headers?: Readonly<Record<string, string>>;
}

/** What a stored copy says in place of a link that acts for the recipient. */
export const HIDDEN_LINK = "[link hidden: only the recipient's own mail carries it]";

export interface Mailer {
  /** Sends one message; throws when the server refuses it. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends several messages at once where the mailer can (the outbox stores them in one statement);
   * a message SMTP refuses is recorded as failed and the rest go on. Callers fall back to `send`.
   */
  sendMany?(messages: readonly MailMessage[]): Promise<void>;
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

/**
 * Delivers over SMTP and keeps a copy of each message (secret links hidden) with its outcome, dated on
 * the application's clock. The copy is written first ('sending'), so no mail reaches SMTP without its
 * row: a server killed during the exchange leaves a 'sending' row, the trace of a mail that may or may
 * not have gone out (decision 033).
 */
export function createSmtpMailer(db: Db, clock: Clock, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...storedCopy(message), status: 'sending', createdAt: clock.now() })
        .returning({ id: mailOutbox.id });
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers ? { ...message.headers } : undefined,
        });
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error: String(error) })
          .where(eq(mailOutbox.id, row.id));
        throw error;
      }
      await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, row.id));
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
    async sendMany(messages) {
      if (messages.length === 0) return;
      const copies = messages.map(storedCopy);
      const col = (pick: (copy: ReturnType<typeof storedCopy>) => string | null) =>
        sql.param(copies.map(pick));
      await db.execute(sql`
        insert into mail_outbox ("to", subject, text, html, status, created_at)
        select t.to, t.subject, t.text, t.html, 'outbox', ${clock.now().toISOString()}::timestamptz
        from unnest(${col((c) => c.to)}::text[], ${col((c) => c.subject)}::text[],
          ${col((c) => c.text)}::text[], ${col((c) => c.html ?? null)}::text[]) as t("to", subject, text, html)`);
      if (deliver) for (const message of messages) deliver(message);
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
