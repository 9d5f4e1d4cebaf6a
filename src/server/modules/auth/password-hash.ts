import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline. */
const STRONG = { algorithm: 2 } as const;

/**
 * The cheapest argon2id the library accepts, for test runs only: the suites register thousands of
 * accounts, and the strong cost there buys nothing. A hash records its own parameters, so either kind
 * verifies under either setting.
 */
const CHEAP_FOR_TESTS = { algorithm: 2, memoryCost: 1024, timeCost: 1 } as const;

/** The setting that asks for the cheap hash; anything else (or nothing) keeps the strong one. */
export const CHEAP_HASH_SETTING = { name: 'PASSWORD_HASH', value: 'cheap-for-tests' } as const;

const options = () =>
  process.env[CHEAP_HASH_SETTING.name] === CHEAP_HASH_SETTING.value ? CHEAP_FOR_TESTS : STRONG;

export const hashPassword = (password: string): Promise<string> => hash(password, options());

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password);
