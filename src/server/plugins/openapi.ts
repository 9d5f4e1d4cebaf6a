import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the API's description is served: the browsable page, and the document itself. */
export const API_DOCS_PREFIX = '/api/docs';
export const OPENAPI_JSON_PATH = `${API_DOCS_PREFIX}/openapi.json`;
/** The page's groups of calls, by the start of their path (the first that matches). */
const TAGS: ReadonlyArray<readonly [string, string]> = [
  ['/api/pools/', 'Pools'],
  ['/pools/', 'Pools'],
  ['/leagueRoutes/', 'Leagues and pools hub'],
  ['/auth/', 'Accounts and sessions'],
  ['/user/', 'Users'],
  ['/api/me/', 'Users'],
  ['/admin/', 'Commish tools and site admins'],
  ['/api/', 'General'],
];
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * The OpenAPI 3.1 description of the API, generated from the routes' zod schemas as they are
 * registered (so it must come before them), and Swagger UI to browse it. Read-only: the page sends no
 * request to the API ("Try it out" is off). Only API paths are described: pages, built files and
 * /metrics are not the API. Swagger UI's page runs no inline script, so the site's Content-Security-
 * Policy (helmet's, no inline script) holds for it unchanged.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { isApiPath: (path: string) => boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ALA Survivor API',
        description:
          'The calls behind the web app. Signed-in calls carry the `ala_session` cookie that /auth/login sets; ' +
          'writes from a browser must come from the site itself (Origin check). Every error answers ' +
          '`{ "message": "..." }` in words.',
        version: '1',
      },
      tags: TAGS.map(([, name]) => ({ name })),
    },
    transform: (input) => {
      if (!options.isApiPath(input.url)) return { schema: { hide: true }, url: input.url };
      const described = jsonSchemaTransform(input);
      const tag = TAGS.find(([prefix]) => input.url.startsWith(prefix))?.[1] ?? 'General';
      return { ...described, schema: { ...described.schema, tags: [tag] } };
    },
  });
  // Swagger UI's page has no viewport setting: without one a phone lays it out 980 px wide.
  app.addHook('onSend', async (request, _reply, payload) => {
    const page = request.routeOptions.url;
    if ((page !== API_DOCS_PREFIX && page !== `${API_DOCS_PREFIX}/`) || typeof payload !== 'string') {
      return payload;
    }
    return payload.replace('<meta charset="UTF-8">', `<meta charset="UTF-8">\n${VIEWPORT}`);
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    theme: { title: 'ALA Survivor API' },
    uiConfig: {
      // Read-only: no request is sent from the page, and no schema goes to an outside validator.
      supportedSubmitMethods: [],
      validatorUrl: null,
      // No bar to load another description: this page shows this API's.
      layout: 'BaseLayout',
      docExpansion: 'list',
      deepLinking: true,
    },
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
