import { type Page, request } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD } from './browser';

/** The demo's site admin, who may read the mail outbox. */
const SITE_ADMIN = 'commish';

/** The path (/verify-email/…) of the newest confirmation link mailed to the address, read from the outbox as the site admin. */
export async function confirmationPath(email: string): Promise<string> {
  const admin = await request.newContext({ baseURL: BASE_URL });
  try {
    const login = await admin.post('/auth/login', {
      data: { username: SITE_ADMIN, password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`site admin login failed: ${login.status()}`);
    const answer = await admin.get(`/admin/outbox?q=${encodeURIComponent(email)}`);
    const { mails } = (await answer.json()) as { mails: { to: string; text: string }[] };
    for (const mail of mails) {
      const path =
        mail.to.toLowerCase() === email.toLowerCase() && mail.text.match(/\/verify-email\/[\w-]+/)?.[0];
      if (path) return path;
    }
    throw new Error(`no confirmation link was mailed to ${email}`);
  } finally {
    await admin.dispose();
  }
}

/** Registers through the API and confirms the address with the mailed link: the page's context is signed in. */
export async function registerConfirmed(
  page: Page,
  account: { username: string; nameFirst: string; nameLast: string; password: string },
): Promise<void> {
  const email = `${account.username}@example.com`;
  const registered = await page.request.post('/auth/register', {
    data: { ...account, email, passwordConfirm: account.password },
  });
  if (registered.status() !== 202) throw new Error(`register failed: ${await registered.text()}`);
  const token = (await confirmationPath(email)).split('/').pop();
  const verified = await page.request.post('/auth/verifyEmail', { data: { token } });
  if (!verified.ok()) throw new Error(`confirmation failed: ${await verified.text()}`);
}
