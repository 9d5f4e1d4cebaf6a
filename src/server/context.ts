import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { AppMetrics } from './lib/metrics';
import type { PoolBus } from './lib/redis-bus';
import type { Mailer } from './mail/mailer';

/** What every service needs from the running application. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** The application's time: replayed history in the demo, real time otherwise. */
  clock: Clock;
  /** Real time, for security lifetimes only: sessions, password-reset links, attempt limits. */
  wallClock: Clock;
  mailer: Mailer;
  /** Live pool changes (notifyPoolChanged); buildApp makes it from the configuration when absent. */
  bus?: PoolBus;
  /** Prometheus metrics (jobs and streams count into them); buildApp makes them when absent. */
  metrics?: AppMetrics;
}
