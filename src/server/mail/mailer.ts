import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from '../lib/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one message; throws when the server refuses it. */
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/** Delivers over SMTP and keeps a copy of each message with its outcome, dated on the application's clock. */
export function createSmtpMailer(db: Db, clock: Clock, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
        await db.insert(mailOutbox).values({ ...message, status: 'sent', createdAt: clock.now() });
      } catch (error) {
        await db
          .insert(mailOutbox)
          .values({ ...message, status: 'failed', error: String(error), createdAt: clock.now() });
        throw error;
      }
    },
  };
}

/** Without SMTP, mail lands in the outbox table (dated on the application's clock), which a site admin reads on a page. */
export function createOutboxMailer(db: Db, clock: Clock): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({ ...message, status: 'outbox', createdAt: clock.now() });
    },
  };
}
