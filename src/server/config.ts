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
  siteAdmins: string[];
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /** Public address of the site, used in links sent by e-mail. */
  publicUrl: string;
  /**
   * Which proxies may name the client (X-Forwarded-For) and the scheme (X-Forwarded-Proto): false
   * (none, the default), true (any), or addresses and subnets such as `loopback` or `10.0.0.0/8`.
   * Trusting a header anyone can send would let one client pass for many and slip past the per-IP
   * login limits.
   */
  trustProxy: boolean | string;
  logLevel: string;
  webDir: string;
  /** Where the 2019 NBA pool, finished offline, is kept. */
  nba19OfflineUrl: string;
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
    siteAdmins: (env.SITE_ADMINS ?? 'commish')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: path.resolve(env.WEB_DIR ?? './dist/web'),
    nba19OfflineUrl: env.NBA19_OFFLINE_URL ?? 'https://docs.google.com/spreadsheets/',
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text === '1' || text.toLowerCase() === 'true') return true;
  return text;
}
