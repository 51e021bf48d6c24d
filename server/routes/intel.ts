import { routesUsing } from '../plugins/services.ts';
import { assembleDebug, assembleIntel } from '../intel/assemble.ts';
import { jsonFor, sendCached, sendJson, type Sent } from '../dashboard/answer-cache.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { callerLeft, clientGone } from '../http/client-gone.ts';
import type { DashboardIndex } from '../dashboard/dashboard-index-load.ts';
import type { IntelRepository } from '../repositories/intel.ts';
import { daysInRange } from '../repositories/dashboard-range.ts';
import { visibleAmong, type Scope } from '../scope/visible-merchants.ts';
import { MAX_RANGE_DAYS, RANGE_TOO_LONG_MESSAGE } from '../../src/model/dashboard.ts';
import {
  DebugParams, DebugQuery, INTEL_BATCH_SIZE, INTEL_BATCH_TOO_LARGE, IntelPayload,
  DebugDetails, IntelResponse,
} from '../../src/model/intel.ts';
import { routeSchema } from '../http/route-schema.ts';

/** The dashboard's range rule (spec §5), said the same way. */
function checkRange(startDate: string, endDate: string) {
  const days = daysInRange(startDate, endDate);
  if (days < 1) throw badRequest('The end date must not be before the start date.');
  if (days > MAX_RANGE_DAYS) throw badRequest(RANGE_TOO_LONG_MESSAGE);
}

/** First day of the month `back` months before the month of `day` (YYYY-MM-DD). */
function monthBefore(day: string, back: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
}

export const intelRoutes = routesUsing(['dashboardMemory', 'intel', 'intelAnswers', 'intelOn', 'readsFor', 'scope'], async (app) => {
  /**
   * Computes intel for merchant ids already narrowed to the scope: names, volumes and months from
   * the data version's index when it holds them (no query), item rows always from the lines.
   */
  async function intelFor(
    repo: IntelRepository, index: DashboardIndex | null,
    scope: Scope, merchantIds: number[], startDate: string, endDate: string, options: { monthly: boolean; items: boolean },
  ): Promise<IntelResponse> {
    if (merchantIds.length === 0) return [];
    const { monthly } = options;
    const memory = index?.sellers ? { sellers: index.sellers, directory: index.directory } : null;
    // The line chart's 12 months end with the range's last month.
    const [fromMonth, toMonth] = [monthBefore(endDate, 11), monthBefore(endDate, 0)];
    const [merchants, volumes, items, months] = await Promise.all([
      memory?.directory.merchantRows(merchantIds, scope.distributorId) ?? repo.merchants(merchantIds, scope.distributorId),
      memory?.sellers.byMerchantSeller(merchantIds, startDate, endDate) ?? repo.volumes(merchantIds, startDate, endDate),
      options.items ? repo.items(merchantIds, startDate, endDate, scope.distributorId) : null,
      monthly ? (memory?.sellers.monthly(merchantIds, fromMonth, toMonth) ?? repo.monthly(merchantIds, fromMonth, toMonth)) : null,
    ]);
    const sellerIds = [...new Set([...volumes.map((v) => v.sellerId), ...(months ?? []).map((m) => m.sellerId)])];
    const sellers = memory?.directory.sellers(sellerIds) ?? await repo.sellers(sellerIds);
    return assembleIntel({ merchants, volumes, items, monthly: months, sellers, familyIds: scope.familyIds });
  }

  app.post('/intel', { schema: routeSchema('Intel', 'Intel of a date range and locations', { body: IntelPayload, answer: IntelResponse }) }, async (request, reply): Promise<Sent<IntelResponse>> => {
    const body = validate(IntelPayload, request.body, 'body');
    if (body.merchants.length > INTEL_BATCH_SIZE) throw badRequest(INTEL_BATCH_TOO_LARGE);
    checkRange(body.startDate, body.endDate);
    // The gate checked the caller's flag (the one whose session asks); View As then narrows whose merchants.
    const reads = await app.readsFor(request, reply); // the replica when it is new enough
    const [scope, version] = await Promise.all([request.scope.visible(), reads.dashboard.dataVersion()]);
    if (body.merchants.length === 0) return sendJson(reply, jsonFor(reply)([]));
    // Merchants outside the scope are dropped silently: an error would tell the caller they exist.
    const index = app.dashboardMemory.serving(version, scope.distributorId);
    const visible = await visibleAmong(index?.directory ?? app.scope, scope, body.merchants.map((m) => m.id));
    const order = new Map(body.merchants.map((m, i) => [m.id, i]));
    const ids = [...visible].sort((a, b) => order.get(a)! - order.get(b)!);
    const options = { monthly: body.monthly === true, items: body.items !== false };
    const { startDate, endDate } = body;
    // Cached like the dashboard's answers: the answer is decided by the house (its family) and the
    // merchants already narrowed to the caller's scope, the range and the options.
    const key = { route: 'intel', distributorId: scope.distributorId, familyIds: scope.familyIds, ids, startDate, endDate, options };
    // A new range or house aborts the batch in the browser; its query stops in PostgreSQL too
    // (once nobody else waits for the same answer).
    return sendCached(reply, app.intelAnswers, key, version, (signal) =>
      reads.cancellable(signal, (db) => intelFor(app.intelOn(db), index, scope, ids, startDate, endDate, options)).then(jsonFor(reply)), clientGone(reply))
      .catch((err: unknown) => Promise.reject(callerLeft(err)));
  });

  /** /debug_details/{id}: one merchant's sellers and items, for internal admins (any merchant, the active house's view). */
  app.get('/debug/details/:merchantId', { schema: routeSchema('Intel', 'The figures behind a location’s Intel', { params: DebugParams, query: DebugQuery, answer: DebugDetails }) }, async (request): Promise<DebugDetails> => {
    const { merchantId } = validate(DebugParams, request.params, 'path');
    const query = validate(DebugQuery, request.query, 'query');
    checkRange(query.startDate, query.endDate);
    // An internal admin switched into a user's session (POST /auth/session) keeps the admin's debug page (the gate).
    const scope = await request.scope.visibleToCaller();
    const id = Number(merchantId);
    const [row] = await app.intel.merchants([id], scope.distributorId);
    if (!row) throw notFound('No such merchant.');
    const [intel] = await intelFor(app.intel, null, scope, [id], query.startDate, query.endDate, { monthly: false, items: true });
    const accounts = await app.intel.accounts(id);
    const sellers = await app.intel.sellers([...accounts.keys(), ...(await app.intel.volumes([id], query.startDate, query.endDate)).map((v) => v.sellerId)]);
    return assembleDebug(intel!, row, accounts, sellers);
  });
});
