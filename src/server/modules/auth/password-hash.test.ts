import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  const strongCost = loadConfig({}).passwordHash;
  const cheapCost = loadConfig({ PASSWORD_HASH: 'cheap-for-tests' }).passwordHash;

  it('are argon2id at the OWASP baseline unless the tests ask for the cheap kind', async () => {
    const strong = await hashPassword('correct-horse', strongCost);
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const cheap = await hashPassword('correct-horse', cheapCost);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('verify whichever kind under either setting, as each hash records its parameters', async () => {
    const strong = await hashPassword('correct-horse', strongCost);
    const cheap = await hashPassword('correct-horse', cheapCost);
    expect(await verifyPassword(strong, 'correct-horse')).toBe(true);
    expect(await verifyPassword(cheap, 'correct-horse')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong-horse')).toBe(false);
  });
});
