import type { FastifyInstance } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer';

/** A mailer that also keeps every message it is given, links included, for tests to read. */
export interface CapturingMailer extends Mailer {
  readonly sent: MailMessage[];
}

/**
 * Wraps a mailer so that tests read the links a user would get from the message itself: stored copies
 * hide them (decision 007). A message is kept even when the inner mailer refuses it.
 */
export function captureMail(inner: Mailer): CapturingMailer {
  const sent: MailMessage[] = [];
  const sendMany = inner.sendMany?.bind(inner);
  return {
    kind: inner.kind,
    sent,
    async send(message) {
      sent.push(message);
      await inner.send(message);
    },
    ...(sendMany && {
      async sendMany(messages: readonly MailMessage[]) {
        sent.push(...messages);
        await sendMany(messages);
      },
    }),
  };
}

/** The messages the application's mailer was given, oldest first (the test harness always captures). */
export function sentMail(app: FastifyInstance): MailMessage[] {
  const mailer = app.ctx.mailer as Partial<CapturingMailer>;
  if (!mailer.sent) throw new Error('this application does not capture its mail');
  return mailer.sent;
}

/** The newest message sent to the address whose text matches the pattern, or undefined. */
export function lastMailTo(app: FastifyInstance, to: string, pattern?: RegExp): MailMessage | undefined {
  return sentMail(app)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && (!pattern || pattern.test(mail.text)))
    .at(-1);
}
