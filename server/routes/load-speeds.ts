import { LoadSpeedQuery, LoadSpeeds } from '../../src/model/admin.ts';
import { previousMonth, rangeDays, toIsoDate } from '../../src/model/date-range.ts';
import { computeDashboard } from '../dashboard/compute.ts';
import { routesUsing } from '../plugins/services.ts';
import { badRequest } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { selectMerchants } from '../scope/visible-merchants.ts';
import { routeSchema } from '../http/route-schema.ts';

/**
 * GET /test/dash/load-speeds (analytics spec §6, §7): the admin panel's testing flag shows this
 * test on the dashboard. It computes the caller's default dashboard (previous month, every
 * visible merchant) `amountOfReqsToMake` times, uncached, and answers each run's milliseconds.
 * For internal admins, and for an admin acting as a distributor user; never for the user alone.
 */
export const loadSpeedRoutes = routesUsing(['dashboard', 'dashboardMemory', 'scope'], async (app) => {
  app.get('/test/dash/load-speeds', { schema: routeSchema('Admin', 'Time the dashboard as a user sees it', { query: LoadSpeedQuery, answer: LoadSpeeds }) }, async (request): Promise<LoadSpeeds> => {
    const q = validate(LoadSpeedQuery, request.query, 'query');
    if (Number(q.userId) !== (await request.scope.caller()).id) throw badRequest('userId must be the logged-in user.');
    const selection = await selectMerchants(app.scope, await request.scope.visible(), []);
    const range = previousMonth(toIsoDate(new Date()));
    const body = { ...range, showRebates: 1 as const, showDeviations: 1 as const, merchants: [] };
    const version = await app.dashboard.dataVersion();
    const timingsMs: number[] = [];
    for (let i = 0; i < Number(q.amountOfReqsToMake); i++) {
      const started = performance.now();
      await computeDashboard(app, selection, body, rangeDays(range), version);
      timingsMs.push(Math.round(performance.now() - started));
    }
    return { timingsMs };
  });
});
