import type { FastifyRequest } from 'fastify';
import { ROUTE_AUDIENCE, type Audience } from '../../src/model/route-permissions.ts';

/** The route a request matched, as ROUTE_AUDIENCE names it ('METHOD /api/path/:param'); HEAD is its GET. */
export const routeOf = (request: FastifyRequest): string =>
  `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`;

/** Who may call the matched route; undefined for a route missing from the table, and for no route (a 404). */
export const audienceOf = (request: FastifyRequest): Audience | undefined =>
  request.is404 ? undefined : ROUTE_AUDIENCE[routeOf(request)];
