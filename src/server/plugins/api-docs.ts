import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI generated from the same zod schemas that validate requests, browsable at /api/docs and as JSON at
 * /api/docs/json. Must be registered before the routes it describes.
 */
export async function registerApiDocs(app: FastifyInstance, options: { https: boolean }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FleetClaims API',
        description:
          'JSON over /api with a cookie session (log in with POST /api/login). Errors answer { message, code?, fieldErrors? }.',
        version: '1.0.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fc_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // Swagger UI sets its own strict CSP on its pages; over plain http it must not upgrade its requests.
    staticCSP: true,
    transformStaticCSP: (header) => {
      // Like the app (decision 002), Swagger UI needs inline styles; over plain http it must not upgrade.
      const styled = header.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';");
      return options.https ? styled : styled.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
}
