import type { FastifyPluginAsync } from 'fastify';
import { AppStatus } from '../../src/model/auth.ts';
import type { Deps } from '../deps.ts';
import { routeSchema } from '../http/route-schema.ts';

export const statusRoutes: FastifyPluginAsync<{ deps: Deps; version: string; maintenance: () => Promise<boolean> }> = async (
  app,
  { deps, version, maintenance },
) => {
  app.get('/health', { schema: routeSchema('Status', 'Whether the server and its database answer') }, async (_request, reply) => {
    try {
      await deps.ping();
      // Which answers the figures now: the in-memory indexes, or SQL while they build (server/main.ts).
      return { ok: true, indexes: { dashboard: deps.dashboardMemory.state(), rebates: deps.rebateMemory.state() } };
    } catch {
      return reply.code(503).send({ message: 'The database is not reachable.' });
    }
  });

  app.get('/status', { schema: routeSchema('Status', 'Maintenance mode and the built version', { answer: AppStatus }) }, async (): Promise<AppStatus> => ({ maintenance: await maintenance(), version }));
};
