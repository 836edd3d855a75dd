import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TOKEN_SCOPES } from '@shared/api-tokens.js';

export const API_DOCS_PREFIX = '/api/docs';

/** What of an OpenAPI document the header is added to. */
interface OpenApiDocument {
  paths?: Record<string, { post?: { parameters?: unknown[] } } | undefined>;
  components?: { parameters?: Record<string, unknown> };
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Any 1 to 255 visible ASCII characters, new for each record you mean to create (decision 040). A retry with the ' +
    'same key within a day (after a 503 or a lost connection) is answered with the first outcome — same status ' +
    'and body, plus `Idempotent-Replayed: true` — instead of creating again. Scoped to the logged-in user; the same ' +
    'key with another body or route answers 422, and while the first request still runs, 409. Ignored without a session.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255 },
};

/** The `Idempotency-Key` header, declared once and referenced by every POST operation. */
function withIdempotencyKeyHeader(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => {
      const post = item?.post;
      if (!post) return [path, item];
      const parameters = [...(post.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
      return [path, { ...item, post: { ...post, parameters } }];
    }),
  );
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      parameters: { ...document.components?.parameters, IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
    },
  };
}

/**
 * Each route's security in the document (issue 33): a route of a permission takes the cookie session or an API
 * token holding that permission as a scope (named in `x-scope` and the description); a person's own routes
 * (`authenticated`) only the session; public routes neither.
 */
const SESSION_ONLY: Record<string, string[]>[] = [{ session: [] }];
const SESSION_OR_TOKEN: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];

/** The route's description with a line about who may call it. */
const withLine = (schema: Record<string, unknown>, line: string) =>
  typeof schema.description === 'string' ? `${schema.description}\n\n${line}` : line;

const withAccess: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const access = (input.route.config as { access?: string } | undefined)?.access;
  if (!access || access === 'public' || !input.url.startsWith('/api')) return transformed;
  const schema = transformed.schema as Record<string, unknown>;
  // A person's own routes, and the permissions no token may hold (tokens, webhooks, impersonation): sessions only.
  if (access === 'authenticated' || !(API_TOKEN_SCOPES as readonly string[]).includes(access)) {
    const only =
      access === 'authenticated'
        ? {}
        : {
            description: withLine(
              schema,
              `Permission: \`${access}\` (a session only: no API token may hold it).`,
            ),
          };
    return { ...transformed, schema: { ...schema, ...only, security: SESSION_ONLY } };
  }
  const scopeLine = `Scope: \`${access}\` (a session whose role holds it, or an API token with it).`;
  return {
    ...transformed,
    schema: {
      ...schema,
      description: withLine(schema, scopeLine),
      security: SESSION_OR_TOKEN,
      'x-scope': access,
    },
  };
};

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
          'JSON over /api with a cookie session (log in with POST /api/login) or an API token (`Authorization: Bearer ' +
          'fct_…`, created under System Settings → API & Webhooks, or by a manager under Edit Profile where an administrator ' +
          'allows it; each route names the scope it ' +
          'needs). A token may make 600 requests a minute: every answer carries RateLimit-Limit, RateLimit-Remaining ' +
          'and RateLimit-Reset, and past the limit 429 with Retry-After. Errors answer { message, code?, fieldErrors? }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'fc_session' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token (fct_…) with the route’s scope',
          },
        },
      },
    },
    transform: withAccess,
    transformObject: (documents) =>
      'openapiObject' in documents
        ? (withIdempotencyKeyHeader(
            documents.openapiObject as OpenApiDocument,
          ) as typeof documents.openapiObject)
        : documents.swaggerObject,
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
