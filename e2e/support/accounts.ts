import { existsSync, readFileSync } from 'node:fs';
import { type Page, request } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD } from './browser';

/** The demo's site admin, who may read the mail outbox. */
const SITE_ADMIN = 'commish';

export interface Account {
  username: string;
  nameFirst: string;
  nameLast: string;
  password: string;
}

/** A mail of the server's outbox, as the site admin reads it (or as the server printed it). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The outbox's mails matching `query` (an address or a subject), newest first, read as the site admin. */
export async function readOutbox(query: string, baseUrl = BASE_URL): Promise<OutboxMail[]> {
  const admin = await request.newContext({ baseURL: baseUrl });
  try {
    const login = await admin.post('/auth/login', {
      data: { username: SITE_ADMIN, password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`site admin login failed: ${login.status()}`);
    const answer = await admin.get(`/admin/outbox?q=${encodeURIComponent(query)}`);
    return ((await answer.json()) as { mails: OutboxMail[] }).mails;
  } finally {
    await admin.dispose();
  }
}

/** How the server frames each mail it prints (formatForConsole in the server's mailer). */
const MAIL_START = '--- mail not sent (no SMTP server configured) to ';
const MAIL_END = '\n--- end of mail';

/** Where each server under test prints the mail it cannot send (no SMTP), by its base URL. */
const mailLogs = new Map<string, string>();

/** Names the output file of a test's own server (own-server.ts). */
export function registerMailLog(baseUrl: string, file: string): void {
  mailLogs.set(baseUrl, file);
}

/**
 * The mail the server printed to its output, oldest first. Without SMTP the server prints each mail
 * whole, links included, and keeps only copies with sign-in and reset links hidden (decision 007), so
 * the tests read links where the person running a demo would.
 */
export function readSentMail(baseUrl = BASE_URL): OutboxMail[] {
  const file = mailLogs.get(baseUrl) ?? (baseUrl === BASE_URL ? process.env.E2E_MAIL_LOG : undefined);
  if (!file) throw new Error(`no output file is known for the server at ${baseUrl}`);
  const output = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const mails: OutboxMail[] = [];
  for (const block of output.split(MAIL_START).slice(1)) {
    const end = block.indexOf(MAIL_END);
    const [to, subjectLine, , ...body] = block.slice(0, end < 0 ? undefined : end).split('\n');
    mails.push({ to: to.trim(), subject: subjectLine.replace(/^Subject: /, ''), text: body.join('\n') });
  }
  return mails;
}

/** The path (/verify-email/… or /reset-password/…) of the newest such link mailed to the address. */
export async function mailedLinkPath(
  email: string,
  kind: 'verify-email' | 'reset-password',
  baseUrl = BASE_URL,
): Promise<string> {
  // The server's output reaches the file a moment after the answer that sent the mail.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pattern = new RegExp(`/${kind}/[\\w-]+`);
    for (const mail of readSentMail(baseUrl).reverse()) {
      const path = mail.to.toLowerCase() === email.toLowerCase() && mail.text.match(pattern)?.[0];
      if (path) return path;
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} link was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path (/verify-email/…) of the newest confirmation link mailed to the address. */
export function confirmationPath(email: string, baseUrl = BASE_URL): Promise<string> {
  return mailedLinkPath(email, 'verify-email', baseUrl);
}

/**
 * Registers through the API and confirms the address with the mailed link: the page's context is signed in.
 * `baseUrl` names the page's server when it is not the shared one (a test's own server).
 */
export async function registerConfirmed(page: Page, account: Account, baseUrl = BASE_URL): Promise<void> {
  const email = `${account.username}@example.com`;
  const registered = await page.request.post('/auth/register', {
    data: { ...account, email, passwordConfirm: account.password },
  });
  // A new account is signed in at once; confirming the address replaces that session.
  if (registered.status() !== 201) throw new Error(`register failed: ${await registered.text()}`);
  const token = (await confirmationPath(email, baseUrl)).split('/').pop();
  const verified = await page.request.post('/auth/verifyEmail', { data: { token } });
  if (!verified.ok()) throw new Error(`confirmation failed: ${await verified.text()}`);
}
