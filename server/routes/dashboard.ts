import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadRepositories } from '../deps.ts';
import { routesUsing } from '../plugins/services.ts';
import { assembleLostVolume } from '../dashboard/assemble.ts';
import { jsonFor, sendCached, type Sent } from '../dashboard/answer-cache.ts';
import { computeDashboard, nothingSelected, sellerMonthsOf } from '../dashboard/compute.ts';
import type { DashboardIndex } from '../dashboard/dashboard-index-load.ts';
import { callerLeft, clientGone } from '../http/client-gone.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { dashboardRepository, type DashboardRepository, type LocationMonths } from '../repositories/dashboard.ts';
import { validate } from '../http/validate.ts';
import { daysInRange, monthStart, monthsOf } from '../repositories/dashboard-range.ts';
import { selectMerchants, type Selection } from '../scope/visible-merchants.ts';
import {
  DashboardPayload, MAX_RANGE_DAYS, MerchantIdsPayload, RANGE_TOO_LONG_MESSAGE,
  DashboardResponse, LostVolumeResponse, MonthlyVolumeResponse,
} from '../../src/model/dashboard.ts';
import { routeSchema } from '../http/route-schema.ts';

export const VOLUME_BY_MONTH_OFF = 'Volume by month is not available.';

/** The lost volume's rows from the data version's index, as ownVolumeByLocation reads them; null without seller volumes. */
function ownVolumeInMemory(index: DashboardIndex, selection: Selection, last: string, before: string): LocationMonths[] | null {
  const merchantIds = selection.all ? (index.directory.houseMerchants.get(selection.distributorId) ?? []) : selection.merchantIds;
  return index.sellers?.familyMonths(merchantIds, selection.familyIds, last, before)
    .map((m) => ({ locationName: index.directory.merchant(m.merchantId)?.name ?? '', last: m.last, previous: m.previous })) ?? null;
}
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const dashboardRoutes = routesUsing(['dashboardAnswers', 'dashboardMemory', 'readsFor', 'scope', 'settings'], async (app) => {
  /**
   * The caller's selection, the data version read meanwhile (one round trip less to wait for) and
   * the repositories to read with (the replica's when it is new enough: app.readsFor).
   */
  const selectionFor = async (request: FastifyRequest, reply: FastifyReply, merchantIds: readonly number[]) => {
    const reads = await app.readsFor(request, reply);
    const [scope, version] = await Promise.all([request.scope.visible(), reads.dashboard.dataVersion()]);
    const index = app.dashboardMemory.serving(version, scope.distributorId);
    return { selection: await selectMerchants(index?.directory ?? app.scope, scope, merchantIds), version, reads, index };
  };

  /**
   * The answer for what decides it: the route, the merchants selected and the call's own values;
   * sent as cached bytes. `compute` reads through `sql`, whose queries PostgreSQL cancels when the
   * caller leaves (a new range, another house) and nobody else waits for the same answer.
   */
  const cached = async <T>(
    reply: FastifyReply, route: string, { selection, version, reads }: { selection: Selection; version: string; reads: ReadRepositories },
    values: unknown, compute: (sql: DashboardRepository) => Promise<T>,
  ): Promise<Sent<T>> => sendCached(reply, app.dashboardAnswers, { route, selection, values }, version,
    (signal) => reads.cancellable(signal, (db) => compute(dashboardRepository(db))).then(jsonFor(reply)), clientGone(reply))
    .catch((err: unknown) => Promise.reject(callerLeft(err)));

  app.post('/dashboard', { schema: routeSchema('Dashboard', 'The dashboard of a date range and locations', { body: DashboardPayload, answer: DashboardResponse }) }, async (request, reply): Promise<Sent<DashboardResponse>> => {
    const body = validate(DashboardPayload, request.body, 'body');
    const days = daysInRange(body.startDate, body.endDate);
    if (days < 1) throw badRequest('The end date must not be before the start date.');
    if (days > MAX_RANGE_DAYS) throw badRequest(RANGE_TOO_LONG_MESSAGE);
    const read = await selectionFor(request, reply, body.merchants);
    const { startDate, endDate, showRebates, showDeviations } = body; // the merchants are in the selection
    return cached(reply, 'dashboard', read, { startDate, endDate, showRebates, showDeviations },
      (sql) => computeDashboard({ dashboard: sql, dashboardMemory: app.dashboardMemory, scope: app.scope }, read.selection, body, days, read.version));
  });

  /** Per location, the house's own volume last calendar month against the month before. */
  app.post('/dashboard/lost-volume', { schema: routeSchema('Dashboard', 'Lost volume of locations', { body: MerchantIdsPayload, answer: LostVolumeResponse }) }, async (request, reply): Promise<Sent<LostVolumeResponse>> => {
    const body = validate(MerchantIdsPayload, request.body, 'body');
    const read = await selectionFor(request, reply, body.merchantIds);
    const { selection, index } = read;
    const today = new Date();
    const [last, before] = [monthStart(today, 1), monthStart(today, 2)];
    return cached(reply, 'lost-volume', read, [last, before], async (sql) =>
      assembleLostVolume(nothingSelected(selection) ? [] : (index && ownVolumeInMemory(index, selection, last, before)) ?? await sql.ownVolumeByLocation(selection, last, before)));
  });

  /** The house's own volume in each of the last 12 whole calendar months (feature flag volumeByMonth). */
  app.post('/dashboard/monthly-volume', { schema: routeSchema('Dashboard', 'Monthly volume of locations', { body: MerchantIdsPayload, answer: MonthlyVolumeResponse }) }, async (request, reply): Promise<Sent<MonthlyVolumeResponse>> => {
    const body = validate(MerchantIdsPayload, request.body, 'body');
    if ((await app.settings.features()).volumeByMonth !== true) throw notFound(VOLUME_BY_MONTH_OFF);
    const read = await selectionFor(request, reply, body.merchantIds);
    const { selection, index } = read;
    const today = new Date();
    const from = monthStart(today, 12);
    const to = isoDay(Date.parse(`${monthStart(today, 0)}T00:00:00Z`) - DAY);
    return cached(reply, 'monthly-volume', read, [from, to], async (sql) => {
      const rolled = index ? index.directory.rolled(selection.distributorId) : await sql.hasAccountRollups(selection.distributorId);
      const rows = nothingSelected(selection) ? [] : await sellerMonthsOf({ dashboard: sql }, index, selection, from, to, rolled);
      const family = new Set(selection.familyIds);
      const own = new Map(monthsOf(from, to).map((m) => [m, 0]));
      for (const r of rows) if (family.has(r.sellerId)) own.set(r.month, own.get(r.month)! + r.volume);
      return { data: [...own].map(([month, v]) => ({ month, totalPurchase: Math.round(v * 100) / 100 })) };
    });
  });
});
