import type { ReadinessResponse } from '../../../core/contracts/common';
import type { AppContext } from '../../context';

/** How long one dependency may take to answer before the instance counts as not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

type Check = ReadinessResponse['checks']['database'];

/** The check's answer, or down with words when it throws or takes longer than the timeout. */
async function within(what: string, check: () => Promise<Check>, timeoutMs: number): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(
      () => resolve({ state: 'down', message: `${what} did not answer within ${timeoutMs / 1000} s.` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      check().catch(() => ({ state: 'down' as const, message: `${what} cannot be reached.` })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: the database answers a query within the timeout, and the instance is
 * not shutting down. Redis (when REDIS_URL is set) is checked too, connected and answering a PING, and
 * reported, but never makes the instance unready: without it the site serves, only live updates stay on
 * each instance (a load balancer would otherwise pull every instance at once). The words name what is
 * wrong, never an address or a driver's error (the answer is public: proxies and orchestrators call it
 * unsigned).
 */
export async function checkReadiness(
  ctx: AppContext,
  state: { closing: boolean },
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<ReadinessResponse> {
  const [database, redis] = await Promise.all([
    within(
      'The database',
      async () =>
        (await ctx.database.ping())
          ? { state: 'up', message: 'The database answers.' }
          : { state: 'down', message: 'The database answered nothing.' },
      timeoutMs,
    ),
    ctx.config.redisUrl
      ? within(
          'Redis',
          async () => {
            const bus = ctx.bus;
            if (!bus) return { state: 'down', message: 'Live updates are not set up.' };
            const { up } = await bus.check();
            return up
              ? { state: 'up', message: 'Redis answers.' }
              : { state: 'down', message: 'Redis is not connected: live updates stay on this instance.' };
          },
          timeoutMs,
        )
      : Promise.resolve<Check>({ state: 'unused', message: 'REDIS_URL is not set: one instance.' }),
  ]);
  const problems = [
    ...(state.closing ? ['This instance is shutting down.'] : []),
    ...(database.state === 'down' ? [database.message] : []),
  ];
  const notes = redis.state === 'down' ? [redis.message] : [];
  return {
    status: problems.length === 0 ? 'ready' : 'not_ready',
    message: [...(problems.length === 0 ? ['Ready.'] : problems), ...notes].join(' '),
    checks: { database, redis },
  };
}
