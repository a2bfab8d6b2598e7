import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pkg from '../../package.json' with { type: 'json' };
import { documentComponents, documentRoutes } from './openapi-transform';
import type { RouteDoc } from './route-doc';

interface OpenApiOptions {
  docs: Record<string, RouteDoc>;
  publicUrl: string;
}

/**
 * The OpenAPI 3.1 document of every route at GET /api/openapi.json, built from the routes' zod
 * schemas and routes/route-docs.ts, and Swagger UI at /api/docs. The UI's files are served from
 * the package, so it works offline and under the app's CSP (own scripts only). Registered before
 * the routes: @fastify/swagger learns them as they are added.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, { docs, publicUrl }: OpenApiOptions) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OCX API',
        version: pkg.version,
        description:
          'Web analytics and campaign attribution. Errors answer `{ "error": "…" }`. Signed-in routes take ' +
          'the session cookie from /api/auth, or a read-only personal access token for GETs.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          accessToken: { type: 'http', scheme: 'bearer', description: 'Personal access token (read-only)' },
          websiteKey: { type: 'http', scheme: 'bearer', description: 'Website API key (ocx_…)' },
        },
      },
    },
    transform: documentRoutes(docs),
    transformObject: documentComponents,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // No calls to validator.swagger.io: the page needs nothing outside this server.
    validatorUrl: false,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
  });
  app.get('/api/openapi.json', async () => app.swagger());
});
