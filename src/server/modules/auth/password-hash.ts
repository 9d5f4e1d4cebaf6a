import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashCost } from '../../config';

/** argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline. */
const STRONG = { algorithm: 2 } as const;

/**
 * The cheapest argon2id the library accepts, for test runs only: the suites register thousands of
 * accounts, and the strong cost there buys nothing. A hash records its own parameters, so either kind
 * verifies under either setting.
 */
const CHEAP_FOR_TESTS = { algorithm: 2, memoryCost: 1024, timeCost: 1 } as const;

/** Hashes a password at the configured cost (`config.passwordHash`). */
export const hashPassword = (password: string, cost: PasswordHashCost): Promise<string> =>
  hash(password, cost === 'cheap-for-tests' ? CHEAP_FOR_TESTS : STRONG);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password);
