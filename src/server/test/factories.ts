import type { FastifyInstance } from 'fastify';
import type { RegisterRequest } from '../../core/contracts/auth';

let counter = 0;

/** A valid registration payload; override any field. */
export function buildRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  const username = overrides.username ?? `player${counter}`;
  return {
    nameFirst: 'Pat',
    nameLast: 'Player',
    username,
    email: `${username}@example.com`,
    password: 'correct-horse',
    passwordConfirm: overrides.password ?? 'correct-horse',
    profilePhoto: null,
    ...overrides,
  };
}

/** Registers a user through the API and returns the session cookie header value. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<RegisterRequest> = {},
): Promise<{ cookie: string; username: string; id: number }> {
  const payload = buildRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return {
    cookie: sessionCookie(response.headers['set-cookie']),
    username: payload.username,
    id: response.json().user.id,
  };
}

/** The "name=value" part of the session cookie in a Set-Cookie header. */
export function sessionCookie(header: string | string[] | undefined): string {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const found = list.find((value) => value.startsWith('ala_session='));
  if (!found) throw new Error('no session cookie was set');
  return found.split(';')[0];
}
