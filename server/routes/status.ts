import { AppStatus } from '../../src/model/auth.ts';
import { routesUsing } from '../plugins/services.ts';
import { routeSchema } from '../http/route-schema.ts';

export const statusRoutes = routesUsing(['ping', 'dashboardMemory', 'rebateMemory'], async (app, { version, maintenance }: { version: string; maintenance: () => Promise<boolean> }) => {
  app.get('/health', { schema: routeSchema('Status', 'Whether the server and its database answer') }, async (_request, reply) => {
    try {
      await app.ping();
      // Which answers the figures now: the in-memory indexes, or SQL while they build (server/main.ts).
      // families: the heads of the families the dashboard index holds (INDEX_FAMILIES), or 'all'.
      const families = app.dashboardMemory.families ?? 'all';
      return { ok: true, indexes: { dashboard: app.dashboardMemory.state(), rebates: app.rebateMemory.state(), families } };
    } catch {
      return reply.code(503).send({ message: 'The database is not reachable.' });
    }
  });

  app.get('/status', { schema: routeSchema('Status', 'Maintenance mode and the built version', { answer: AppStatus }) }, async (): Promise<AppStatus> => ({ maintenance: await maintenance(), version }));
});
