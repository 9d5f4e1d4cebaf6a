import path from 'node:path';
import { z } from 'zod';

/** Where the demo's replayed time starts by default: late in MLB 2023, after NFL week 2. */
export const DEFAULT_DEMO_CLOCK_START = '2023-09-20T16:00:00Z';

/** How costly a password hash is: the OWASP baseline, or the cheapest argon2id, which test runs ask for. */
export type PasswordHashCost = 'strong' | 'cheap-for-tests';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: how long a request waits for a database connection before it answers 503. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: how long one statement may run before the server cancels it (the request answers 503). */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  /** Seed the demo world into a new database. */
  demo: boolean;
  /** Where the demo's replayed time starts (DEMO_CLOCK_START; checked when the demo's clock is made). */
  demoClockStart: Date;
  /** The demo's replayed milliseconds per real millisecond (DEMO_CLOCK_SPEED). */
  demoClockSpeed: number;
  /** PASSWORD_HASH=cheap-for-tests: the cheap hash; anything else (or nothing) keeps the strong one. */
  passwordHash: PasswordHashCost;
  /**
   * Whether this instance may lead and run the jobs (feeds, settlement, reminders, the demo's replay).
   * JOBS=off: it serves requests only and never asks for the leadership (a restored copy of a database
   * looked at beside the live site, which would otherwise send the reminders again).
   */
  jobs: boolean;
  /** Pools' settlement jobs this instance runs at once (SETTLE_WORKERS). */
  settleWorkers: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /**
   * Key of the reminders' unsubscribe links (HMAC). Unset: the server makes one and keeps it in the
   * database, shared by every instance. Set it to rotate the key (old links then stop working).
   */
  unsubscribeSecret: string | undefined;
  /** Web push's VAPID key pair (base64url); unset, the server makes one and keeps it in the database. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** Who the push services may contact about our pushes: a mailto: or https: address. */
  vapidSubject: string;
  /** The hosts a push subscription may point at (a suffix match): the browsers' push services. */
  pushServiceHosts: string[];
  /**
   * Public address of the site, used in links sent by e-mail. When PUBLIC_URL is unset this is only the
   * fallback (`http://localhost:PORT`): links follow the address the request came to, when that names
   * this machine (see lib/public-url.ts). Production sets PUBLIC_URL.
   */
  publicUrl: string;
  /** True when PUBLIC_URL was given: every link uses it, whatever the request's Host says. */
  publicUrlFixed: boolean;
  /**
   * Which proxies may name the client (X-Forwarded-For) and the scheme (X-Forwarded-Proto): false
   * (none, the default), true (any), or addresses and subnets such as `loopback` or `10.0.0.0/8`.
   * Trusting a header anyone can send would let one client pass for many and slip past the per-IP
   * login limits.
   */
  trustProxy: boolean | string;
  logLevel: string;
  /** API requests allowed per client address and minute (a benchmark from one address raises it). */
  rateLimitMax: number;
  webDir: string;
  /**
   * How long the server may spend rendering a page's first view with its data (docs/decisions/022), in
   * milliseconds; past it the plain app is sent. 0 sends the plain app always.
   */
  ssrBudgetMs: number;
  /**
   * Pages rendered at once by one instance; a page asked for while that many render is sent as the plain
   * app at once (decision 037): a flood of first views never holds up the API.
   */
  ssrConcurrency: number;
  /**
   * Pools in play whose first views (Home, Make Picks, Standings, as a phone opens them) are rendered once
   * the server listens, so the first visitors do not wait on a cold render (decision 037).
   */
  ssrWarmPools: number;
  /** Where the 2019 NBA pool, finished offline, is kept. */
  nba19OfflineUrl: string;
  /** Which feed gives each game's schedules and results (decision 008). */
  feeds: FeedSettings;
  /** Redis carrying live pool changes between instances (unset: in-process, one instance). */
  redisUrl: string | undefined;
  /** The Redis pub/sub channel of those changes (instances sharing one Redis for several sites differ). */
  redisChannel: string;
  /** Live streams (SSE) one instance holds open at most; past it a new one is refused with 429. */
  liveMaxStreams: number;
  /** Live streams one client address may hold open at most on one instance (429 past it). */
  liveMaxStreamsPerIp: number;
  /** Registrations one client address may make in 15 minutes (429 past it; decision 007). */
  registrationsPerIp: number;
  /** A pick not written within this long of its request's start is dropped with a 503 (decision 033). */
  pickDeadlineMs: number;
  /**
   * The bearer token Prometheus sends to read /metrics (decision 019). Unset, /metrics answers 404: the
   * figures name routes and pools, so nobody reads them without being told the token.
   */
  metricsToken: string | undefined;
  /**
   * The header a proxy in front names each request by (e.g. `x-request-id`), believed when it is a short
   * plain id; unset, every request gets an id of its own. Either way the answer carries it in X-Request-Id.
   */
  requestIdHeader: string | undefined;
}

/** The feeds a game can be polled from: a real provider, the demo's replay, or none. */
export const FEED_CHOICES = {
  mlb: ['mlb-statsapi', 'espn', 'replay', 'off'],
  nba: ['nba-cdn', 'espn', 'replay', 'off'],
  nfl: ['espn', 'replay', 'off'],
} as const;

export interface FeedSettings {
  mlb: (typeof FEED_CHOICES.mlb)[number];
  nba: (typeof FEED_CHOICES.nba)[number];
  nfl: (typeof FEED_CHOICES.nfl)[number];
  /** Base URLs of the real providers (unset: the public addresses). */
  espnUrl: string | undefined;
  mlbStatsApiUrl: string | undefined;
  nbaCdnUrl: string | undefined;
  /** How long one feed request may take before it counts as failed. */
  timeoutMs: number;
}

/** Unset, empty and blank are alike (the default applies); text is read trimmed. */
const blankIsUnset = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);

/** A setting read from the environment: `schema` sees the trimmed text, or undefined when unset or blank. */
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema);

const text = (fallback: string) => setting(z.string().default(fallback));
const optionalText = setting(z.string().optional());
/** A base URL without its trailing slash. */
const baseUrl = setting(
  z
    .string()
    .transform((url) => url.replace(/\/$/, ''))
    .optional(),
);

/** A whole number of `unit`, at least `min`. */
const wholeNumber = (fallback: number, min: number, unit: string, note = `at least ${min}`) =>
  setting(
    z.coerce
      .number({ error: `must be a whole number of ${unit}, ${note}` })
      .int()
      .min(min)
      .default(fallback),
  );

const feed = <K extends keyof typeof FEED_CHOICES>(key: K) =>
  setting(z.enum(FEED_CHOICES[key], { error: `must be one of ${FEED_CHOICES[key].join(', ')}` }).optional());

/**
 * Every environment variable the server reads, with its default and what it accepts: a new setting is one
 * line here and one field of Config. Settings that hold a secret are never echoed in an error.
 */
const ENV = z.object({
  PORT: setting(
    z.coerce.number({ error: 'must be a TCP port, 0 to 65535' }).int().min(0).max(65_535).default(3000),
  ),
  HOST: text('0.0.0.0'),
  DATABASE_URL: optionalText,
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(5_000, 1, 'milliseconds'),
  // A big pool's settlement runs statements of several seconds: the default leaves them room.
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(30_000, 1, 'milliseconds'),
  DATA_DIR: text('./data'),
  DEMO: setting(z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()),
  // Read as they come: only the demo makes its clock of them, and refuses an instant or speed it cannot use.
  DEMO_CLOCK_START: text(DEFAULT_DEMO_CLOCK_START),
  DEMO_CLOCK_SPEED: optionalText,
  PASSWORD_HASH: optionalText,
  JOBS: setting(z.enum(['on', 'off'], { error: 'must be on or off' }).default('on')),
  // Pools' settlement jobs one instance runs at once (decision 043): each mostly waits on the database.
  SETTLE_WORKERS: wholeNumber(4, 1, 'jobs'),
  SMTP_URL: optionalText,
  MAIL_FROM: text('ALA Survivor <no-reply@ala-survivor.local>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  // A signing key: a short one could be guessed.
  UNSUBSCRIBE_SECRET: setting(
    z.string().min(32, 'must be at least 32 characters long (a random string)').optional(),
  ),
  VAPID_PUBLIC_KEY: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
      .optional(),
  ),
  VAPID_SUBJECT: setting(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address')
      .optional(),
  ),
  PUSH_SERVICE_HOSTS: text(
    'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,web.push.apple.com,notify.windows.com,push.apple.com',
  ),
  PUBLIC_URL: baseUrl,
  TRUST_PROXY: setting(
    z
      .string()
      .optional()
      .transform((value): boolean | string => {
        const lower = value?.toLowerCase();
        if (lower === undefined || lower === '0' || lower === 'false') return false;
        if (lower === '1' || lower === 'true') return true;
        return value as string;
      }),
  ),
  LOG_LEVEL: text('info'),
  RATE_LIMIT_MAX: wholeNumber(600, 1, 'requests per minute'),
  WEB_DIR: text('./dist/web'),
  SSR_BUDGET_MS: wholeNumber(300, 0, 'milliseconds', '0 to turn server rendering off'),
  SSR_CONCURRENCY: wholeNumber(2, 1, 'pages rendered at once'),
  SSR_WARM_POOLS: wholeNumber(3, 0, 'pools whose first views are rendered at start', '0 for none'),
  NBA19_OFFLINE_URL: text('https://docs.google.com/spreadsheets/'),
  FEED_MLB: feed('mlb'),
  FEED_NBA: feed('nba'),
  FEED_NFL: feed('nfl'),
  FEED_ESPN_URL: baseUrl,
  FEED_MLB_STATSAPI_URL: baseUrl,
  FEED_NBA_CDN_URL: baseUrl,
  FEED_TIMEOUT_MS: wholeNumber(10_000, 1, 'milliseconds'),
  REDIS_URL: optionalText,
  REDIS_CHANNEL: text('ala-survivor:pool-changes'),
  LIVE_MAX_STREAMS: wholeNumber(10_000, 1, 'streams'),
  LIVE_MAX_STREAMS_PER_IP: wholeNumber(10, 1, 'streams'),
  REGISTRATIONS_PER_IP: wholeNumber(5, 1, 'registrations'),
  PICK_DEADLINE_MS: wholeNumber(10_000, 100, 'milliseconds'),
  // Long enough not to be guessed; unset turns /metrics off.
  METRICS_TOKEN: setting(
    z
      .string()
      .regex(/^\S{16,}$/, 'must be at least 16 characters without spaces (e.g. `openssl rand -hex 24`)')
      .optional(),
  ),
  // Node gives header names in lower case.
  REQUEST_ID_HEADER: setting(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9-]+$/, 'must be a header name such as x-request-id')
      .optional(),
  ),
});

type Env = z.infer<typeof ENV>;

const SECRETS: ReadonlySet<string> = new Set([
  'UNSUBSCRIBE_SECRET',
  'METRICS_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'VAPID_PRIVATE_KEY',
]);

/** Reads the configuration from the environment; the defaults give the zero-setup embedded mode. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ENV.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = SECRETS.has(name) ? '' : ` (got "${env[name]}")`;
      return `${name} ${issue.message}${got}.`;
    });
    throw new Error(lines.join('\n'));
  }
  const e = parsed.data;
  // A new embedded database gets the demo world unless DEMO=0; a real server only with DEMO=1.
  const demo = e.DATABASE_URL ? e.DEMO === '1' : e.DEMO !== '0';
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir: path.resolve(e.DATA_DIR),
    demo,
    demoClockStart: new Date(e.DEMO_CLOCK_START),
    demoClockSpeed: e.DEMO_CLOCK_SPEED === undefined ? 1 : Number(e.DEMO_CLOCK_SPEED),
    passwordHash: e.PASSWORD_HASH === 'cheap-for-tests' ? 'cheap-for-tests' : 'strong',
    jobs: e.JOBS === 'on',
    settleWorkers: e.SETTLE_WORKERS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlFixed: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    webDir: path.resolve(e.WEB_DIR),
    ssrBudgetMs: e.SSR_BUDGET_MS,
    ssrConcurrency: e.SSR_CONCURRENCY,
    ssrWarmPools: e.SSR_WARM_POOLS,
    nba19OfflineUrl: e.NBA19_OFFLINE_URL,
    feeds: chooseFeeds(e, { replaying: demo }),
    redisUrl: e.REDIS_URL,
    redisChannel: e.REDIS_CHANNEL,
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    liveMaxStreamsPerIp: e.LIVE_MAX_STREAMS_PER_IP,
    registrationsPerIp: e.REGISTRATIONS_PER_IP,
    pickDeadlineMs: e.PICK_DEADLINE_MS,
    metricsToken: e.METRICS_TOKEN,
    requestIdHeader: e.REQUEST_ID_HEADER,
  };
}

/**
 * The feed of each game: the demo (embedded, or DEMO=1 with DATABASE_URL) replays its seasons on its
 * replayed clock; a real server polls the real providers.
 */
function chooseFeeds(e: Env, mode: { replaying: boolean }): FeedSettings {
  const choose = <K extends keyof typeof FEED_CHOICES>(
    key: K,
    real: (typeof FEED_CHOICES)[K][number],
  ): (typeof FEED_CHOICES)[K][number] => {
    const name = `FEED_${key.toUpperCase()}` as 'FEED_MLB' | 'FEED_NBA' | 'FEED_NFL';
    const chosen = e[name] as (typeof FEED_CHOICES)[K][number] | undefined;
    if (chosen === undefined) return mode.replaying ? 'replay' : real;
    if ((chosen === 'replay') !== mode.replaying && chosen !== 'off') {
      throw new Error(
        mode.replaying
          ? `${name}=${chosen}: the demo runs on a replayed 2023 clock, so its feeds are replay or off.`
          : `${name}=replay works only in the demo (DEMO=1, or no DATABASE_URL and DEMO not 0).`,
      );
    }
    return chosen;
  };
  return {
    mlb: choose('mlb', 'mlb-statsapi'),
    nba: choose('nba', 'nba-cdn'),
    nfl: choose('nfl', 'espn'),
    espnUrl: e.FEED_ESPN_URL,
    mlbStatsApiUrl: e.FEED_MLB_STATSAPI_URL,
    nbaCdnUrl: e.FEED_NBA_CDN_URL,
    timeoutMs: e.FEED_TIMEOUT_MS,
  };
}
