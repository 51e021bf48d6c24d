import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AUDIENCE_WORDS, ROUTE_AUDIENCE } from '../../src/model/route-permissions.ts';

/**
 * Route schemas document the API and serialise its answers (Fastify's fast-json-stringify: what a
 * schema leaves out stays out). They do not validate requests: io-ts stays the one validator
 * (handlers call `validate`, whose 400 messages users and tests know), so Fastify compiles no ajv
 * validator.
 */
export async function documentedApi(app: FastifyInstance, version: string): Promise<void> {
  app.setValidatorCompiler(() => () => true);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Distributor Portal API', version, description: 'Generated from the routes’ schemas, which are derived from the io-ts codecs of src/model (docs/api.md).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /api/auth/login answers with.' } } },
      security: [{ bearer: [] }],
    },
    // The SPA's own routes have no tags: only the API is documented.
    hideUntagged: true,
    transform: ({ schema, url, route }) => ({ schema: withAudience(schema, `${[route.method].flat()[0]} ${url}`), url }),
  });
}

/** Who may call a route (src/model/route-permissions.ts), said in its description; public ones need no token. */
function withAudience(schema: FastifySchema | undefined, route: string): FastifySchema {
  const audience = ROUTE_AUDIENCE[route];
  if (!schema || !audience) return schema ?? {};
  return { ...schema, description: `Who may call it: ${AUDIENCE_WORDS[audience]}.`, ...(audience === 'public' ? { security: [] } : {}) };
}
