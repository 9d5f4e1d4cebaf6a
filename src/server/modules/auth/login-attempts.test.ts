import { describe, expect, it } from 'vitest';
import { waitMessage } from '../../../core/contracts/auth';
import { buildApp } from '../../app';
import { registerUser } from '../../test/factories';
import { createTestApp } from '../../test/harness';

/*
 * Two instances of the application on one database (a cluster behind a load balancer) count the same
 * login tries (decision 033): spreading them over the instances buys an attacker nothing.
 */
describe('login slow-down shared by the instances', () => {
  it('counts failures made on one instance when another is asked', async () => {
    const t = await createTestApp();
    const other = await buildApp({ ...t.ctx }, { serveWeb: false });
    await other.ready();
    try {
      await registerUser(t.app, { username: 'fran', email: 'fran@x.io', password: 'secret-pass' });
      const attempt = (app: typeof t.app, password = 'wrong-pass') =>
        app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'fran', password } });
      // Five free failures, alternating between the instances.
      for (let i = 0; i < 5; i += 1) expect((await attempt(i % 2 ? other : t.app)).statusCode).toBe(401);
      // Both now make the next try wait, right password or not.
      for (const app of [t.app, other]) {
        const slowed = await attempt(app, 'secret-pass');
        expect(slowed.statusCode).toBe(429);
        expect(slowed.json().message).toBe(waitMessage(1));
      }
      t.wallClock.advance(1000);
      expect((await attempt(other)).statusCode).toBe(401);
      expect((await attempt(t.app)).json().message).toBe(waitMessage(2));
      // A success on one instance clears the account's count for both.
      t.wallClock.advance(2000);
      expect((await attempt(t.app, 'secret-pass')).statusCode).toBe(200);
      expect((await attempt(other)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
