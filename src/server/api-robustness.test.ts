import type { HTTPMethods, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlayableGameSchema } from '../core/games';
import { games, leagueRequests } from './db/schema';
import { grantSiteAdmin } from './modules/admin/site-admins.service';
import { createSession } from './modules/auth/sessions';
import { buildEntry, buildPool } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { createLeagueAs, registerNamed } from './test/league-test-world';
import { timeLimit } from './test/time-limit';

/**
 * Walks every route the application registers (collected as they are registered, so the list
 * cannot go stale) with hostile input, as a visitor, a user and a site admin: no answer may be a
 * 5xx, and every 4xx must carry a non-empty message the UI can show.
 */

interface Route {
  method: HTTPMethods;
  url: string;
  schema: RouteOptions['schema'];
}

/** A schema as JSON Schema (zod's public z.toJSONSchema, of what a request may send). */
interface JsonSchema {
  /** Several for a nullable leaf: `["string", "null"]`. */
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
}

// Each route's schemas are sampled many times over: converted once each.
const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();
const jsonSchemaOf = (schema: unknown): JsonSchema | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    jsonSchemas.set(schema, json);
  }
  return json;
};

type Leaf = 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'other';

/** A value of the schema's shape; `leaf` may replace any leaf value (kind, plausible value). */
function sample(schema: unknown, leaf: (kind: Leaf, value: unknown) => unknown = (_k, v) => v): unknown {
  const json = jsonSchemaOf(schema);
  return json ? sampleJson(json, leaf, '') : leaf('other', 'abc');
}

function sampleJson(json: JsonSchema, leaf: (kind: Leaf, value: unknown) => unknown, name: string): unknown {
  // A union (or a nullable) by its first option.
  const options = json.anyOf ?? json.oneOf;
  if (options) return sampleJson(options[0], leaf, name);
  if (json.enum) return leaf('enum', json.enum[0]);
  if ('const' in json) return leaf('enum', json.const);
  const type = Array.isArray(json.type) ? json.type.find((one) => one !== 'null') : json.type;
  switch (type) {
    case 'object':
      // A record has no named properties.
      if (!json.properties) return leaf('object', {});
      return Object.fromEntries(
        Object.entries(json.properties).map(([key, value]) => [key, sampleJson(value, leaf, key)]),
      );
    case 'array':
      return leaf('array', [json.items ? sampleJson(json.items, leaf, name) : 'abc']);
    case 'number':
    case 'integer':
      // The smallest value the schema's lower bound allows, from 1 (a season passes as 1900).
      return leaf(
        'number',
        Math.max(
          1,
          json.minimum ?? Number.NEGATIVE_INFINITY,
          json.exclusiveMinimum === undefined ? Number.NEGATIVE_INFINITY : json.exclusiveMinimum + 1,
        ),
      );
    case 'boolean':
      return leaf('boolean', false);
    case 'string': {
      // Plausible by format or by field name, so that the body passes validation and reaches the service.
      const key = name.toLowerCase();
      const value =
        json.format === 'email' || key.includes('email')
          ? 'someone@example.com'
          : json.format === 'uri' || /logo|photo|url/.test(key)
            ? 'https://example.com/a.png'
            : json.format === 'date-time' || key.includes('date')
              ? '2026-11-22'
              : key.includes('password')
                ? 'correct-horse'
                : 'abc';
      return leaf('string', value);
    }
    default:
      return leaf('other', 'abc');
  }
}

const HUGE = 'x'.repeat(10_000);
const INFINITY = '__INFINITY__';
const json = (value: unknown) => JSON.stringify(value).replaceAll(`"${INFINITY}"`, '1e999');

/** Raw JSON texts to send as the body of a write, generic and shaped by the route's body schema. */
function bodies(schema: unknown): (string | undefined)[] {
  const swap = (kind: Leaf, value: unknown): unknown => {
    if (kind === 'string' || kind === 'enum') return 12345;
    if (kind === 'number') return 'abc';
    if (kind === 'boolean') return 'yes';
    if (kind === 'object') return 'x';
    if (kind === 'array') return { x: 1 };
    return value;
  };
  const numbers = (n: unknown) => (kind: Leaf, value: unknown) => (kind === 'number' ? n : value);
  const strings = (s: unknown) => (kind: Leaf, value: unknown) => (kind === 'string' ? s : value);
  // Each number alone out of range, the others plausible: a bound on one field must not hide another's.
  const numberLeaves = (() => {
    let n = 0;
    sample(schema, (kind, value) => {
      if (kind === 'number') n += 1;
      return value;
    });
    return n;
  })();
  const oneNumber = (target: number, replacement: unknown) => {
    let index = -1;
    return json(
      sample(schema, (kind, value) => {
        if (kind !== 'number') return value;
        index += 1;
        return index === target ? replacement : value;
      }),
    );
  };
  const single = Array.from({ length: numberLeaves }, (_, target) => [
    oneNumber(target, 2_147_483_648),
    oneNumber(target, -1),
  ]).flat();
  return [
    ...single,
    undefined,
    '{"unterminated": ',
    'not json at all',
    '[]',
    '[{"a":1}]',
    'null',
    '"a string"',
    '42',
    '{}',
    json(sample(schema)),
    json(sample(schema, swap)),
    json(sample(schema, strings(HUGE))),
    json(sample(schema, strings('é漢字🙂 ../..'))),
    json(sample(schema, strings('   '))),
    json(sample(schema, strings('nul\u0000here'))),
    json(sample(schema, numbers(-1))),
    json(sample(schema, numbers(0))),
    json(sample(schema, numbers(1.5))),
    json(sample(schema, numbers(2_147_483_648))),
    json(sample(schema, numbers(Number.MAX_SAFE_INTEGER * 1000))),
    json(sample(schema, numbers(INFINITY))),
    json(sample(schema, numbers('NaN'))),
    json(sample(schema, numbers('-1'))),
    json(sample(schema, (kind, value) => (kind === 'other' ? value : null))),
  ];
}

/** Hostile values for one path parameter (as they appear in the URL). */
const PARAM_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999999',
  '1e999',
  'NaN',
  encodeURIComponent('é漢字🙂'),
  '..',
  '%2e%2e',
  '%00',
  '%ZZ',
  'x'.repeat(300),
  'x'.repeat(10_000),
];

/** The URLs to try for a route: plausible params, then each param replaced by each hostile value. */
function urls(route: Route): string[] {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const plausible = (sample(route.schema?.params) ?? {}) as Record<string, unknown>;
  const fill = (override: Record<string, string>) =>
    route.url.replace(
      /:(\w+)/g,
      (_m, name: string) => override[name] ?? encodeURIComponent(String(plausible[name] ?? '1')),
    );
  const result = [fill({})];
  for (const name of names) for (const value of PARAM_VALUES) result.push(fill({ [name]: value }));
  const query = route.schema?.querystring;
  const base = result[0];
  if (query) {
    const plausibleQuery = sample(query) as Record<string, unknown>;
    for (const value of ['abc', '-1', '2147483648', '1e999', 'NaN', encodeURIComponent(HUGE)]) {
      const params = Object.keys(plausibleQuery)
        .map((key) => `${key}=${value}`)
        .join('&');
      result.push(`${base}?${params}`);
    }
  }
  result.push(`${base}?code=${HUGE}&state=..&season=-1&week=NaN`);
  return result;
}

let t: TestApp;
const routes: Route[] = [];
let admin: { id: number };
let player: { id: number };
let address = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: 'test-client', GOOGLE_CLIENT_SECRET: 'test-secret' },
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS')
          routes.push({ method, url: route.url, schema: route.schema });
      }
    },
  });
  // A small world, so that plausible ids (1) reach real rows: league 1 with pool 1 and request 1.
  const adminUser = await registerNamed(t.app, 'admin');
  await grantSiteAdmin(t.ctx.db, 'admin');
  const playerUser = await registerNamed(t.app, 'player');
  admin = adminUser;
  player = playerUser;
  const leagueId = await createLeagueAs(t.app, adminUser, { name: 'Private Club', abb: 'PRIV' });
  await createLeagueAs(t.app, playerUser, { name: 'Open Club', abb: 'OPEN', joinable: true });
  await buildPool(t.ctx, { leagueId, maxEntries: 1 });
  // Entry 1 is the admin's, in a hidden league's pool: the player's calls naming it take the path of an
  // entry they may not see (answered as a missing one), the admin's reach the entry's own rules.
  const hiddenId = await createLeagueAs(t.app, adminUser, { name: 'Hidden Club', abb: 'HIDE', hidden: true });
  const hiddenPool = await buildPool(t.ctx, { leagueId: hiddenId });
  await buildEntry(t.ctx, { poolId: hiddenPool.id, userId: adminUser.id });
  await t.ctx.db.insert(leagueRequests).values({
    leagueId,
    userId: playerUser.id,
    status: 2,
    source: 'home',
    createdAt: t.ctx.clock.now(),
    updatedAt: t.ctx.clock.now(),
  });
  // A game of each key with the plausible id, so that result entry reaches its service.
  for (const game of PlayableGameSchema.options) {
    await t.ctx.db.insert(games).values({
      game,
      gid: 'abc',
      season: 2023,
      home: 'AAA',
      away: 'BBB',
      startTime: new Date('2026-11-20T18:00:00Z'),
    });
  }
});

type Role = 'visitor' | 'player' | 'admin';

/** One request; each gets its own client address (the rate limits are per address) and session. */
async function send(
  role: Role,
  method: HTTPMethods,
  url: string,
  body?: string,
): Promise<LightMyRequestResponse> {
  address += 1;
  const headers: Record<string, string> = {};
  if (role !== 'visitor') {
    // A fresh session per request: logout, login and register end the one they were sent with.
    const token = await createSession(
      t.ctx.db,
      role === 'admin' ? admin.id : player.id,
      t.ctx.wallClock.now(),
    );
    headers.cookie = `ala_session=${token}`;
  }
  const options: InjectOptions = {
    method,
    url,
    headers,
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = body;
  }
  return t.app.inject(options);
}

function problem(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  let message: unknown;
  try {
    message = response.json().message;
  } catch {
    return `answered ${response.statusCode} without JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof message !== 'string' || message.trim() === '') {
    return `answered ${response.statusCode} without a message: ${response.body.slice(0, 200)}`;
  }
  return null;
}

describe('every route answers hostile input with a 4xx and a message, never a 5xx', () => {
  it('collects the routes as they are registered', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    // A few landmarks of each module, so that a broken collector cannot pass silently.
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /auth/register',
        'GET /leagueRoutes/fetchLeague/:a/:b',
        'POST /user/regForGame',
        'GET /api/weekSchedules/:game/:season/:seasonType/:week',
        'POST /admin/super/addChangelogEntry',
        'GET /auth/google/callback',
      ]),
    );
  });

  it(
    'survives every route with every role',
    async () => {
      const failures: string[] = [];
      let count = 0;
      for (const route of routes) {
        const isWrite = route.method !== 'GET';
        for (const role of ['visitor', 'player', 'admin'] as Role[]) {
          const tries: [string, string | undefined][] = [];
          for (const url of urls(route))
            tries.push([url, isWrite ? json(sample(route.schema?.body)) : undefined]);
          if (isWrite) for (const body of bodies(route.schema?.body)) tries.push([urls(route)[0], body]);
          for (const [url, body] of tries) {
            count += 1;
            const response = await send(role, route.method, url, body);
            const found = problem(response);
            if (found) {
              failures.push(
                `${role} ${route.method} ${url.slice(0, 80)} ${body?.slice(0, 80) ?? '(no body)'}: ${found}`,
              );
            }
          }
        }
      }
      expect(count).toBeGreaterThan(500);
      expect(failures).toEqual([]);
    },
    timeLimit(240_000),
  );
});
