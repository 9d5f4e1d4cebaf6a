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

/** A mail of the server's outbox, as the site admin reads it. */
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

/** The path (/verify-email/…) of the newest confirmation link mailed to the address. */
export async function confirmationPath(email: string, baseUrl = BASE_URL): Promise<string> {
  for (const mail of await readOutbox(email, baseUrl)) {
    const path =
      mail.to.toLowerCase() === email.toLowerCase() && mail.text.match(/\/verify-email\/[\w-]+/)?.[0];
    if (path) return path;
  }
  throw new Error(`no confirmation link was mailed to ${email}`);
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
  if (registered.status() !== 202) throw new Error(`register failed: ${await registered.text()}`);
  const token = (await confirmationPath(email, baseUrl)).split('/').pop();
  const verified = await page.request.post('/auth/verifyEmail', { data: { token } });
  if (!verified.ok()) throw new Error(`confirmation failed: ${await verified.text()}`);
}
