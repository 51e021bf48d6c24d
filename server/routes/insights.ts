import { routesUsing } from '../plugins/services.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { assembleIntel } from '../intel/assemble.ts';
import { orderHistoryOf, winBackOf } from '../insights/assemble.ts';
import { scopeWinBack } from '../insights/win-back.ts';
import { daysInRange } from '../repositories/dashboard-range.ts';
import { visibleAmong, visibleMerchantIds } from '../scope/visible-merchants.ts';
import { MAX_RANGE_DAYS, RANGE_TOO_LONG_MESSAGE } from '../../src/model/dashboard.ts';
import {
  CompetitiveItemsPayload, InsightsMerchantsPayload, ORDER_HISTORY_MERCHANTS, ORDER_HISTORY_ONE_MONTH, OrderHistoryPayload,
  WinBackPayload,
  type CompetitiveItem, CompetitiveItems, type InsightsMerchant, OrderHistory, WinBackList, InsightsMerchants,
} from '../../src/model/insights.ts';
import { routeSchema } from '../http/route-schema.ts';

/** The dashboard's range rule (spec §5), said the same way. */
function checkRange(startDate: string, endDate: string) {
  const days = daysInRange(startDate, endDate);
  if (days < 1) throw badRequest('The end date must not be before the start date.');
  if (days > MAX_RANGE_DAYS) throw badRequest(RANGE_TOO_LONG_MESSAGE);
}

const share = (part: number, total: number) => (total > 0 ? part / total : 0);
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Competitive insights (docs/insights.md): every call scoped like the dashboard (foreign merchants
 * invisible, View As honoured) and open to every signed-in distributor user, like the screens.
 * They read the replica when it is new enough (app.readsFor).
 */
export const insightsRoutes = routesUsing(['readsFor', 'scope'], async (app) => {
  /** The merchants table: volumes of every visible merchant, or of those that lost a category or item. */
  app.post('/competitive/merchants', { schema: routeSchema('Insights', 'Locations with competitor share', { body: InsightsMerchantsPayload, answer: InsightsMerchants }) }, async (request, reply): Promise<InsightsMerchant[]> => {
    const body = validate(InsightsMerchantsPayload, request.body, 'body');
    checkRange(body.startDate, body.endDate);
    const [scope, reads] = await Promise.all([request.scope.visible(), app.readsFor(request, reply)]);
    let ids: number[] | null = scope.all ? null : scope.merchantIds;
    if (body.category !== undefined || body.item !== undefined) {
      const visible = ids ?? await visibleMerchantIds(app.scope, scope);
      const lost = await reads.insights.merchantsThatLost(visible, body.startDate, body.endDate, scope.familyIds, body);
      ids = visible.filter((id) => lost.has(id));
    }
    if (ids !== null && ids.length === 0) return [];
    const rows = await reads.insights.merchantVolumes(scope.distributorId, ids, body.startDate, body.endDate, scope.familyIds);
    return rows.map(({ total, competitor, ...m }) => ({
      ...m, totalVolume: cents(total), competitorVolume: cents(competitor), competitorVolumePerc: share(competitor, total),
    }));
  });

  /** One merchant's items by seller, split into competitors' (competition) and the house family's (self). */
  app.post('/competitive/items', { schema: routeSchema('Insights', 'A location’s competitive items', { body: CompetitiveItemsPayload, answer: CompetitiveItems }) }, async (request, reply): Promise<CompetitiveItems> => {
    const body = validate(CompetitiveItemsPayload, request.body, 'body');
    checkRange(body.startDate, body.endDate);
    const [scope, reads] = await Promise.all([request.scope.visible(), app.readsFor(request, reply)]);
    // Another family's merchant, or one outside the caller's locations, is as missing as an unknown id.
    const [id] = await visibleAmong(app.scope, scope, [body.merchantId]);
    if (id === undefined) throw notFound('No such merchant.');
    const [merchants, volumes, items, itemVolumes] = await Promise.all([
      reads.intel.merchants([id], scope.distributorId),
      reads.intel.volumes([id], body.startDate, body.endDate),
      reads.intel.items([id], body.startDate, body.endDate, scope.distributorId),
      reads.insights.itemVolumes(id, body.startDate, body.endDate),
    ]);
    const sellers = await reads.intel.sellers(volumes.map((v) => v.sellerId));
    const [intel] = assembleIntel({ merchants, volumes, items, monthly: null, sellers, familyIds: scope.familyIds });
    const sellerId = new Map(sellers.map((s) => [s.platformId, s.id]));
    const rows = (competitor: boolean): CompetitiveItem[] =>
      intel!.data.filter((g) => g.competitor === competitor).flatMap((g) =>
        g.items.map((item) => ({
          ...item,
          distributor: g.distributor,
          distributorPlatformId: g.distributorPlatformId,
          volume: cents(itemVolumes.get(`${sellerId.get(g.distributorPlatformId)}|${item.min}`) ?? 0),
        })));
    return { merchant: merchants[0]!, totalVolume: intel!.totalVolume, competitorVolume: intel!.competitorVolume, competition: rows(true), self: rows(false) };
  });

  /** The order history fetch (spec §7): competitor invoices with their lines, one calendar month at a time. */
  app.post('/competitive/order-history', { schema: routeSchema('Insights', 'Order history of locations', { body: OrderHistoryPayload, answer: OrderHistory }) }, async (request, reply): Promise<OrderHistory> => {
    const body = validate(OrderHistoryPayload, request.body, 'body');
    if (body.startDate.slice(0, 7) !== body.endDate.slice(0, 7)) throw badRequest(ORDER_HISTORY_ONE_MONTH);
    checkRange(body.startDate, body.endDate);
    if (body.merchants.length > ORDER_HISTORY_MERCHANTS) throw badRequest(`At most ${ORDER_HISTORY_MERCHANTS} merchants per order-history request.`);
    const [scope, reads] = await Promise.all([request.scope.visible(), app.readsFor(request, reply)]);
    const visible = new Set(await visibleAmong(app.scope, scope, body.merchants.map((m) => m.id)));
    // Merchants outside the scope are dropped silently, in the order asked.
    const merchants = body.merchants.filter((m, i) => visible.has(m.id) && body.merchants.findIndex((x) => x.id === m.id) === i);
    if (merchants.length === 0) return [];
    const names = await reads.intel.merchants(merchants.map((m) => m.id), scope.distributorId);
    const lines = await reads.insights.orderLines(merchants.map((m) => m.id), body.startDate, body.endDate, scope.familyIds);
    return orderHistoryOf(names.map((m) => ({ id: m.id, merchant: m.merchant })), lines);
  });

  /** The win-back list: one merchant's lost items, or the visible house's (top rows), each with the house's replacement. */
  app.post('/competitive/win-back', { schema: routeSchema('Insights', 'Items to win back', { body: WinBackPayload, answer: WinBackList }) }, async (request, reply): Promise<WinBackList> => {
    const body = validate(WinBackPayload, request.body, 'body');
    checkRange(body.startDate, body.endDate);
    const [scope, reads] = await Promise.all([request.scope.visible(), app.readsFor(request, reply)]);
    const { startDate: from, endDate: to } = body;
    if (body.merchantId === undefined) return scopeWinBack({ insights: reads.insights, scope: app.scope }, scope, from, to);
    const ids = await visibleAmong(app.scope, scope, [body.merchantId]);
    if (ids.length === 0) throw notFound('No such merchant.');
    const lost = await reads.insights.lostItemsOfMerchants(ids, from, to, scope.familyIds, null);
    // Rebates and deviations as of the range's end, like POST /match.
    return winBackOf(await reads.insights.withReplacements(lost, scope.distributorId, to));
  });
});
