import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { API_DOCS_PREFIX, OPENAPI_JSON_PATH } from './openapi';

/**
 * Routes left out of the API's description on purpose: the description and its page themselves,
 * Prometheus's /metrics and the web app's redirect. Any other route must be described.
 */
const UNDOCUMENTED = [
  'GET /metrics',
  'GET /nba19/offline',
  `GET ${OPENAPI_JSON_PATH}`,
  `GET ${API_DOCS_PREFIX}`,
  `GET ${API_DOCS_PREFIX}/json`,
  `GET ${API_DOCS_PREFIX}/yaml`,
  `GET ${API_DOCS_PREFIX}/static/index.html`,
  `GET ${API_DOCS_PREFIX}/static/swagger-initializer.js`,
  `GET ${API_DOCS_PREFIX}/static/*`,
].sort();

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  responses?: Record<string, { description?: unknown; content?: Record<string, { schema?: unknown }> }>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  operationId?: string;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

let t: TestApp;
const routes: string[] = [];
let doc: Document;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${route.url}`);
      }
    },
  });
  const answer = await t.app.inject({ url: OPENAPI_JSON_PATH });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  doc = answer.json<Document>();
});

/** Fastify's `/a/:id` as OpenAPI writes it: `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI description', () => {
  it('describes every registered route with its method, but the ones left out on purpose', () => {
    expect(routes.length).toBeGreaterThan(80);
    const missing = routes.filter((route) => {
      const [method, url] = route.split(' ');
      return doc.paths[openApiPath(url)]?.[method.toLowerCase()] === undefined;
    });
    expect(missing.sort()).toEqual(UNDOCUMENTED);
    // And it describes nothing that is not a route.
    const described = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.filter((op) => !routes.map((r) => openApiPath(r)).includes(op))).toEqual([]);
  });

  it('is an OpenAPI 3 document in structure', () => {
    expect(doc.openapi).toMatch(/^3\.[01]\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(METHODS, where).toContain(method);
        // Every operation answers something, each response with its words.
        const responses = Object.entries(operation.responses ?? {});
        expect(responses.length, where).toBeGreaterThan(0);
        for (const [status, response] of responses) {
          expect(status, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
          expect(typeof response.description, `${where} ${status}`).toBe('string');
          for (const media of Object.values(response.content ?? {})) {
            expect(typeof media.schema, `${where} ${status}`).toBe('object');
          }
        }
        // Each path template names a required path parameter; parameters say where they go.
        const parameters = operation.parameters ?? [];
        for (const name of templated) {
          expect(
            parameters.some((p) => p.name === name && p.in === 'path' && p.required === true),
            `${where} {${name}}`,
          ).toBe(true);
        }
        for (const parameter of parameters) {
          expect(['query', 'header', 'path', 'cookie'], where).toContain(parameter.in);
          expect(typeof parameter.schema, where).toBe('object');
        }
        for (const media of Object.values(operation.requestBody?.content ?? {})) {
          expect(typeof media.schema, where).toBe('object');
        }
        if (operation.operationId) {
          expect(operationIds.has(operation.operationId), where).toBe(false);
          operationIds.add(operation.operationId);
        }
      }
    }
  });

  it('carries the zod contracts: bodies, queries and answers with their fields', () => {
    const register = doc.paths['/auth/register'].post;
    const body = register.requestBody?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    expect(body.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    const ready = doc.paths['/api/ready'].get;
    expect(Object.keys(ready.responses ?? {}).sort()).toEqual(['200', '503']);
    const answer = ready.responses?.['200'].content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(answer.properties)).toEqual(['status', 'message', 'checks']);
    const paged = doc.paths['/admin/settlement'].get.parameters ?? [];
    expect(paged.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize']),
    );
  });
});

describe('the documentation page', () => {
  it('is served under the site’s Content-Security-Policy with no inline script, read-only', async () => {
    const page = await t.app.inject({ url: API_DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // Every script is a file of the page, none inline.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src=/);
      expect(content.trim()).toBe('');
    }
    const initializer = await t.app.inject({ url: `${API_DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toMatch(/"supportedSubmitMethods":\s*\[\]/);
    // The page reads the same description.
    const json = await t.app.inject({ url: `${API_DOCS_PREFIX}/json` });
    expect(json.json<Document>().paths).toEqual(doc.paths);
  });
});
