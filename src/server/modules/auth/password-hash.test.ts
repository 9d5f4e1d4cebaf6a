import { afterEach, describe, expect, it } from 'vitest';
import { CHEAP_HASH_SETTING, hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  const before = process.env[CHEAP_HASH_SETTING.name];
  afterEach(() => {
    if (before === undefined) delete process.env[CHEAP_HASH_SETTING.name];
    else process.env[CHEAP_HASH_SETTING.name] = before;
  });

  it('are argon2id at the OWASP baseline unless the tests ask for the cheap kind', async () => {
    delete process.env[CHEAP_HASH_SETTING.name];
    const strong = await hashPassword('correct-horse');
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    process.env[CHEAP_HASH_SETTING.name] = CHEAP_HASH_SETTING.value;
    const cheap = await hashPassword('correct-horse');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('verify whichever kind under either setting, as each hash records its parameters', async () => {
    delete process.env[CHEAP_HASH_SETTING.name];
    const strong = await hashPassword('correct-horse');
    process.env[CHEAP_HASH_SETTING.name] = CHEAP_HASH_SETTING.value;
    const cheap = await hashPassword('correct-horse');
    expect(await verifyPassword(strong, 'correct-horse')).toBe(true);
    expect(await verifyPassword(cheap, 'correct-horse')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong-horse')).toBe(false);
  });
});
