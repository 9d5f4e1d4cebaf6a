import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_HTML_MAX, LEAGUE_MESSAGES } from '../../../core/contracts/leagues';
import { leagues, mailOutbox, poolAudits } from '../../db/schema';
import { createSmtpMailer } from '../../mail/mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../../mail/smtp-test-server';
import { buildEntry, buildPool } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  addMemberByInvite,
  createLeagueAs,
  registerNamed,
  type TestUser,
} from '../../test/league-test-world';
import { timeLimit } from '../../test/time-limit';
import { notifyNewLeaguePool } from './league-mail.service';

let smtp: TestSmtpServer;
let t: TestApp;
let founder: TestUser;
let member: TestUser;
let leagueId: number;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

beforeEach(async () => {
  t = await createTestApp({
    mailer: (db, clock) => createSmtpMailer(db, clock, smtp.url, 'ALA <no-reply@ala.test>'),
  });
  founder = await registerNamed(t.app, 'founder');
  member = await registerNamed(t.app, 'member');
  leagueId = await createLeagueAs(t.app, founder, { name: 'Mail League', abb: 'MAIL' });
  await addMemberByInvite(t.app, t.ctx, leagueId, member);
  // The tests count their own mail, not the registrations' confirmation mail.
  smtp.received.length = 0;
});

function post(url: string, payload: object, user?: TestUser) {
  return t.app.inject({ method: 'POST', url, payload, headers: user ? { cookie: user.cookie } : {} });
}

describe('inviteByEmail', () => {
  it('delivers the invite URL over SMTP with text and HTML parts', async () => {
    const response = await post(
      '/leagueRoutes/inviteByEmail',
      { leagueId, email: 'friend@example.com' },
      member,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: LEAGUE_MESSAGES.inviteSent });
    const [league] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, leagueId));
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(['friend@example.com']);
    expect(mail.body).toContain(`http://localhost:3000/invite/league/${league.inviteCode}`);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const [kept] = await t.ctx.db.select().from(mailOutbox);
    expect(kept).toMatchObject({ status: 'sent', createdAt: t.clock.now() });
  });

  it('refuses an invalid address and non-members', async () => {
    const invalid = await post('/leagueRoutes/inviteByEmail', { leagueId, email: 'not-an-email' }, member);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: LEAGUE_MESSAGES.invalidEmail });
    const outsider = await registerNamed(t.app, 'outsider');
    smtp.received.length = 0;
    const refused = await post('/leagueRoutes/inviteByEmail', { leagueId, email: 'a@example.com' }, outsider);
    expect(refused.statusCode).toBe(403);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('inviteByEmail when the SMTP server is gone', () => {
  it('answers 502 ERROR SENDING INVITE and keeps the failed message', async () => {
    const gone = await startTestSmtpServer();
    await gone.close();
    t = await createTestApp({
      mailer: (db, clock) => createSmtpMailer(db, clock, gone.url, 'ALA <no-reply@ala.test>'),
    });
    const inviter = await registerNamed(t.app, 'inviter');
    const id = await createLeagueAs(t.app, inviter, { name: 'Dead Mail', abb: 'DEAD' });
    const response = await post(
      '/leagueRoutes/inviteByEmail',
      { leagueId: id, email: 'f@example.com' },
      inviter,
    );
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: LEAGUE_MESSAGES.inviteError });
    const [kept] = await t.ctx.db.select().from(mailOutbox);
    expect(kept).toMatchObject({ to: 'f@example.com', status: 'failed', createdAt: t.clock.now() });
  });
});

describe('POST /admin/emailUsers', () => {
  it('sends the sanitised message with a plain-text part to every member', async () => {
    const response = await post(
      '/admin/emailUsers',
      {
        subject: 'Week 3',
        html: '<p>Hello <b>all</b> <a href="https://ala.example/rules">rules</a></p><script>alert(1)</script><img src=x onerror=alert(2)>',
        umbrella: 'league',
        umbrellaId: leagueId,
        authorEmail: 'spoof@example.com',
      },
      founder,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      recipients: 2,
      sent: 2,
      failed: 0,
      message: LEAGUE_MESSAGES.emailSentBody,
    });
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([
      'founder@example.com',
      'member@example.com',
    ]);
    const [mail] = smtp.received;
    expect(mail.body).toContain('Subject: [MAIL] Week 3');
    expect(mail.body).toContain('<b>all</b>');
    expect(mail.body).toContain('rules (https://ala.example/rules)');
    expect(mail.body).not.toContain('<script');
    expect(mail.body).not.toContain('onerror');
  });

  it.each([
    [{ subject: '', html: '<p>x</p>' }, LEAGUE_MESSAGES.emailSubject],
    [{ html: '<p>x</p>' }, LEAGUE_MESSAGES.emailSubject],
    [{ subject: 'S', html: '' }, LEAGUE_MESSAGES.emailBody],
    [{ subject: 'S', html: '<p> </p><script>only code</script>' }, LEAGUE_MESSAGES.emailBody],
  ])('refuses %j with its message', async (payload, message) => {
    const response = await post(
      '/admin/emailUsers',
      { umbrella: 'league', umbrellaId: leagueId, ...payload },
      founder,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(smtp.received).toHaveLength(0);
  });

  it('answers a crafted body of 50,000 "<a" quickly, and refuses more than 100 KB with a message', async () => {
    const started = Date.now();
    const crafted = await post(
      '/admin/emailUsers',
      { subject: 'S', html: '<a'.repeat(50_000), umbrella: 'league', umbrellaId: leagueId },
      founder,
    );
    // No readable text survives; a backtracking sanitiser would hold the server on this input.
    expect(crafted.statusCode).toBe(400);
    expect(crafted.json()).toEqual({ message: LEAGUE_MESSAGES.emailBody });
    // A guard only, generous for a loaded machine: the answer takes milliseconds.
    expect(Date.now() - started).toBeLessThan(timeLimit(3_000));
    const tooLong = await post(
      '/admin/emailUsers',
      {
        subject: 'S',
        html: `<p>${'x'.repeat(EMAIL_HTML_MAX)}</p>`,
        umbrella: 'league',
        umbrellaId: leagueId,
      },
      founder,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: LEAGUE_MESSAGES.emailTooLong });
    // Deep nesting within the limit is flattened, and its text still goes out.
    const nested = await post(
      '/admin/emailUsers',
      { subject: 'S', html: `${'<b>'.repeat(30_000)}deep`, umbrella: 'league', umbrellaId: leagueId },
      founder,
    );
    expect(nested.statusCode).toBe(200);
    expect(smtp.received[0].body).toContain('deep');
  });

  it('refuses members who are not admins', async () => {
    const response = await post(
      '/admin/emailUsers',
      { subject: 'S', html: 'hi', umbrella: 'league', umbrellaId: leagueId },
      member,
    );
    expect(response.statusCode).toBe(403);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('POST /admin/emailUsers to a pool', () => {
  it("mails each entrant of the pool once (not other members, not another pool's entrants) and audits it", async () => {
    const pool = await buildPool(t.ctx, { leagueId, customName: 'Main Pool' });
    const other = await buildPool(t.ctx, { leagueId, poolIdx: 1 });
    const entrant = await registerNamed(t.app, 'entrant');
    const elsewhere = await registerNamed(t.app, 'elsewhere');
    for (const user of [entrant, elsewhere]) await addMemberByInvite(t.app, t.ctx, leagueId, user);
    await buildEntry(t.ctx, { poolId: pool.id, userId: entrant.id });
    await buildEntry(t.ctx, { poolId: pool.id, userId: entrant.id, entryNum: 2 });
    await buildEntry(t.ctx, { poolId: pool.id, userId: founder.id });
    await buildEntry(t.ctx, { poolId: other.id, userId: elsewhere.id });
    smtp.received.length = 0;
    const response = await post(
      '/admin/emailUsers',
      {
        subject: 'Week 3 picks',
        html: '<p>Picks lock <b>Sunday</b>.</p>',
        umbrella: 'pool',
        umbrellaId: pool.id,
      },
      founder,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      recipients: 2,
      sent: 2,
      failed: 0,
      message: LEAGUE_MESSAGES.emailSentBody,
    });
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([
      'entrant@example.com',
      'founder@example.com',
    ]);
    expect(smtp.received[0].body).toContain('Subject: [MAIL] Week 3 picks');
    const audits = await t.ctx.db.select().from(poolAudits);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      poolId: pool.id,
      userId: founder.id,
      entryId: null,
      action: 'email',
      summary: `E-mail to the pool's entrants: "Week 3 picks" (2 recipients)`,
      oldValue: null,
      newValue: { subject: 'Week 3 picks', recipients: 2, sent: 2, failed: 0 },
    });
    // The body stays in the mail, not in the audit log.
    expect(JSON.stringify(audits[0])).not.toContain('Sunday');
  });

  it('refuses members who are not admins and writes no audit row; a league e-mail writes none either', async () => {
    const pool = await buildPool(t.ctx, { leagueId });
    await buildEntry(t.ctx, { poolId: pool.id, userId: member.id });
    const refused = await post(
      '/admin/emailUsers',
      { subject: 'S', html: 'hi', umbrella: 'pool', umbrellaId: pool.id },
      member,
    );
    expect(refused.statusCode).toBe(403);
    const empty = await post(
      '/admin/emailUsers',
      { subject: 'S', html: '<p> </p>', umbrella: 'pool', umbrellaId: pool.id },
      founder,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: LEAGUE_MESSAGES.emailBody });
    const unknown = await post(
      '/admin/emailUsers',
      { subject: 'S', html: 'hi', umbrella: 'pool', umbrellaId: 999_999 },
      founder,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: LEAGUE_MESSAGES.poolNotFound });
    const league = await post(
      '/admin/emailUsers',
      { subject: 'S', html: 'hi', umbrella: 'league', umbrellaId: leagueId },
      founder,
    );
    expect(league.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(2);
    expect(await t.ctx.db.select().from(poolAudits)).toEqual([]);
  });
});

describe('notifyNewLeaguePool', () => {
  it('mails only the members who keep new-pool e-mails on', async () => {
    await post('/user/updateSettings', { leagueId, settings: { newPoolEmails: false } }, member);
    const pool = await buildPool(t.ctx, { leagueId, game: 'nba', gameName: 'NBA', season: 2018 });
    const result = await notifyNewLeaguePool(t.ctx, pool.id);
    expect(result).toEqual({ recipients: 1, sent: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([['founder@example.com']]);
    expect(smtp.received[0].body).toContain('http://localhost:3000/nba/MAIL/2018/reg/0');
  });
});
