import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database with the demo world on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('seeds nothing on a real server unless DEMO=1, and DEMO=0 turns the embedded demo off', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('starts the demo clock at its default instant at real speed, unless DEMO_CLOCK_* say otherwise', () => {
    expect(loadConfig({}).demoClockStart.toISOString()).toBe('2023-09-20T16:00:00.000Z');
    expect(loadConfig({}).demoClockSpeed).toBe(1);
    const set = loadConfig({ DEMO_CLOCK_START: '2023-10-01T00:00:00Z', DEMO_CLOCK_SPEED: '3600' });
    expect(set.demoClockStart.toISOString()).toBe('2023-10-01T00:00:00.000Z');
    expect(set.demoClockSpeed).toBe(3600);
  });

  it('hashes passwords at the strong cost unless PASSWORD_HASH=cheap-for-tests', () => {
    expect(loadConfig({}).passwordHash).toBe('strong');
    expect(loadConfig({ PASSWORD_HASH: 'cheap' }).passwordHash).toBe('strong');
    expect(loadConfig({ PASSWORD_HASH: 'cheap-for-tests' }).passwordHash).toBe('cheap-for-tests');
  });

  it('runs the jobs unless JOBS=off', () => {
    expect(loadConfig({}).jobs).toBe(true);
    expect(loadConfig({ JOBS: 'on' }).jobs).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', JOBS: ' off ' }).jobs).toBe(false);
    expect(() => loadConfig({ JOBS: 'no' })).toThrow('JOBS must be on or off (got "no").');
  });

  it('reads RATE_LIMIT_MAX, 600 by default, and refuses a value that is no positive whole number', () => {
    expect(loadConfig({}).rateLimitMax).toBe(600);
    expect(loadConfig({ RATE_LIMIT_MAX: ' 100000 ' }).rateLimitMax).toBe(100_000);
    for (const value of ['0', '-5', '1.5', 'lots']) {
      expect(() => loadConfig({ RATE_LIMIT_MAX: value })).toThrow(/RATE_LIMIT_MAX/);
    }
  });

  it('trusts no proxy unless TRUST_PROXY names one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('turns /metrics on only with a METRICS_TOKEN long enough not to be guessed', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    for (const value of ['short', '0123456789 abcdef']) {
      expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(
        /METRICS_TOKEN must be at least 16 characters/,
      );
    }
  });

  it('believes a proxy request id only under the header REQUEST_ID_HEADER names', () => {
    expect(loadConfig({}).requestIdHeader).toBeUndefined();
    expect(loadConfig({ REQUEST_ID_HEADER: 'X-Request-Id' }).requestIdHeader).toBe('x-request-id');
    expect(() => loadConfig({ REQUEST_ID_HEADER: 'x request id' })).toThrow(/REQUEST_ID_HEADER/);
  });

  it('names every variable it cannot read, with what it got, but never echoes a secret', () => {
    expect(() => loadConfig({ PORT: 'http', FEED_MLB: 'statcast', DEMO: 'yes' })).toThrow(
      [
        'PORT must be a TCP port, 0 to 65535 (got "http").',
        'DEMO must be 0 or 1 (got "yes").',
        'FEED_MLB must be one of mlb-statsapi, espn, replay, off (got "statcast").',
      ].join('\n'),
    );
    expect(() => loadConfig({ UNSUBSCRIBE_SECRET: 'hunter2' })).toThrow(
      /^UNSUBSCRIBE_SECRET must be at least 32 characters long \(a random string\)\.$/,
    );
    expect(() => loadConfig({ FEED_MLB: 'espn' })).toThrow(/FEED_MLB=espn: the demo runs/);
  });
});
