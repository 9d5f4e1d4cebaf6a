import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, handleError } from './error-handler';
import { conflict } from './errors';

/** A bare application whose one route throws what it is given. */
async function answerTo(error: unknown) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(handleError);
  app.get('/boom', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: response.statusCode, message: response.json().message };
}

/** What Drizzle throws for a driver error: its own error with the PostgreSQL one as the cause. */
function drizzleError(code: string, constraint?: string) {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
    code,
    constraint,
  });
  return Object.assign(new Error('Failed query: insert into ...'), { cause });
}

describe('handleError', () => {
  it('answers a unique violation that escaped its service with 409 and a message', async () => {
    expect(await answerTo(drizzleError('23505', 'some_idx'))).toEqual({
      status: 409,
      message: ERROR_MESSAGES.conflict,
    });
  });

  it('keeps the message of an application error and hides other database errors behind a 500', async () => {
    expect(await answerTo(conflict('Taken.'))).toEqual({ status: 409, message: 'Taken.' });
    expect(await answerTo(drizzleError('22003'))).toEqual({ status: 500, message: ERROR_MESSAGES.server });
  });
});
