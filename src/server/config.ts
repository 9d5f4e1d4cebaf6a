import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Seed the demo world into a new database. */
  demo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /**
   * Key of the reminders' unsubscribe links (HMAC). Unset: the server makes one and keeps it in the
   * database, shared by every instance. Set it to rotate the key (old links then stop working).
   */
  unsubscribeSecret: string | undefined;
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

/** Reads the configuration from the environment; the defaults give the zero-setup embedded mode. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  // A new embedded database gets the demo world unless DEMO=0; a real server only with DEMO=1.
  const demo = databaseUrl ? env.DEMO === '1' : env.DEMO !== '0';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    demo,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'ALA Survivor <no-reply@ala-survivor.local>',
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    unsubscribeSecret: parseSecret('UNSUBSCRIBE_SECRET', env.UNSUBSCRIBE_SECRET),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlFixed: Boolean(env.PUBLIC_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitMax: parseRateLimitMax(env.RATE_LIMIT_MAX),
    webDir: path.resolve(env.WEB_DIR ?? './dist/web'),
    ssrBudgetMs: parseSsrBudget(env.SSR_BUDGET_MS),
    nba19OfflineUrl: env.NBA19_OFFLINE_URL ?? 'https://docs.google.com/spreadsheets/',
    feeds: parseFeeds(env, { replaying: demo && !databaseUrl, demo }),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    redisChannel: env.REDIS_CHANNEL?.trim() || 'ala-survivor:pool-changes',
    liveMaxStreams: parseStreamCap('LIVE_MAX_STREAMS', env.LIVE_MAX_STREAMS, 10_000),
    liveMaxStreamsPerIp: parseStreamCap('LIVE_MAX_STREAMS_PER_IP', env.LIVE_MAX_STREAMS_PER_IP, 10),
    registrationsPerIp: parseStreamCap('REGISTRATIONS_PER_IP', env.REGISTRATIONS_PER_IP, 5, 'registrations'),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    requestIdHeader: parseRequestIdHeader(env.REQUEST_ID_HEADER),
  };
}

/**
 * The feed of each game: the embedded demo replays its seasons; a real server (DATABASE_URL with
 * DEMO=0) polls the real providers; a demo world on a real server polls nothing unless told.
 */
function parseFeeds(env: NodeJS.ProcessEnv, mode: { replaying: boolean; demo: boolean }): FeedSettings {
  const choose = <K extends keyof typeof FEED_CHOICES>(
    key: K,
    real: (typeof FEED_CHOICES)[K][number],
  ): (typeof FEED_CHOICES)[K][number] => {
    const name = `FEED_${key.toUpperCase()}`;
    const text = env[name]?.trim() ?? '';
    const choices: readonly string[] = FEED_CHOICES[key];
    if (text === '') return mode.replaying ? 'replay' : mode.demo ? 'off' : real;
    if (!choices.includes(text))
      throw new Error(`${name} must be one of ${choices.join(', ')} (got "${text}").`);
    if ((text === 'replay') !== mode.replaying && text !== 'off') {
      throw new Error(
        mode.replaying
          ? `${name}=${text}: the embedded demo runs on a replayed 2023 clock, so its feeds are replay or off.`
          : `${name}=replay works only in the embedded demo (no DATABASE_URL, DEMO not 0).`,
      );
    }
    return text as (typeof FEED_CHOICES)[K][number];
  };
  const url = (name: string) => env[name]?.trim().replace(/\/$/, '') || undefined;
  const timeout = Number(env.FEED_TIMEOUT_MS?.trim() || 10_000);
  if (!Number.isSafeInteger(timeout) || timeout < 1) {
    throw new Error(`FEED_TIMEOUT_MS must be a whole number of milliseconds (got "${env.FEED_TIMEOUT_MS}").`);
  }
  return {
    mlb: choose('mlb', 'mlb-statsapi'),
    nba: choose('nba', 'nba-cdn'),
    nfl: choose('nfl', 'espn'),
    espnUrl: url('FEED_ESPN_URL'),
    mlbStatsApiUrl: url('FEED_MLB_STATSAPI_URL'),
    nbaCdnUrl: url('FEED_NBA_CDN_URL'),
    timeoutMs: timeout,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text === '1' || text.toLowerCase() === 'true') return true;
  return text;
}

function parseRateLimitMax(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 600;
  const max = Number(text);
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new Error(
      `RATE_LIMIT_MAX must be a whole number of requests per minute, at least 1 (got "${text}").`,
    );
  }
  return max;
}

/** A cap on open live streams: a whole number of at least 1, or the default when unset. */
function parseSsrBudget(text: string | undefined): number {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return 300;
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(
      `SSR_BUDGET_MS must be a whole number of milliseconds, 0 to turn server rendering off (got "${text}").`,
    );
  }
  return value;
}

function parseStreamCap(name: string, text: string | undefined, fallback: number, unit = 'streams'): number {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return fallback;
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of ${unit}, at least 1 (got "${text}").`);
  }
  return value;
}

/** A signing key: unset, or at least 32 characters (a short one could be guessed). */
function parseSecret(name: string, text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return undefined;
  if (trimmed.length < 32) throw new Error(`${name} must be at least 32 characters long (a random string).`);
  return trimmed;
}

/** A metrics token long enough not to be guessed; unset or empty turns /metrics off. */
function parseMetricsToken(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (text.length < 16 || /\s/.test(text)) {
    throw new Error(
      'METRICS_TOKEN must be at least 16 characters without spaces (e.g. `openssl rand -hex 24`).',
    );
  }
  return text;
}

/** An HTTP header name, lower case (Node gives header names in lower case). */
function parseRequestIdHeader(value: string | undefined): string | undefined {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return undefined;
  if (!/^[a-z0-9-]+$/.test(text)) {
    throw new Error(`REQUEST_ID_HEADER must be a header name such as x-request-id (got "${value}").`);
  }
  return text;
}
