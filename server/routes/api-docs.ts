import type { FastifyPluginAsync } from 'fastify';
import * as t from 'io-ts';
import { apiReferencePage, type OpenApiDocument } from '../http/api-reference-page.ts';
import { fileAnswer, routeSchema } from '../http/route-schema.ts';

/** The OpenAPI document is JSON Schema all the way down: described, not checked, here. */
const OpenApiJson = t.type({ openapi: t.string, info: t.UnknownRecord, paths: t.UnknownRecord });

/** The generated API reference (server/http/openapi.ts): the document, and a page drawn from it. */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  // @fastify/swagger builds the document once, on the first call, and keeps it.
  const openApi = () => app.swagger() as unknown as OpenApiDocument;

  app.get('/openapi.json', { schema: routeSchema('API reference', 'The OpenAPI 3.1 document of this API', { answer: OpenApiJson }) }, async () => openApi());

  app.get('/docs', { schema: routeSchema('API reference', 'The API reference as a page', { answer: fileAnswer('An HTML page', 'text/html') }) }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(apiReferencePage(openApi())));
};
