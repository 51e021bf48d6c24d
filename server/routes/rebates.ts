import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonFor, sendCached } from '../dashboard/answer-cache.ts';
import { routesUsing } from '../plugins/services.ts';
import type { RebatesRepository } from '../repositories/rebates.ts';
import { validate } from '../http/validate.ts';
import { DEFAULT_CRITERIA, FullRebateQuery, RebateQuery, type RebateCriteria, RebateFilters, RebatePage } from '../../src/model/rebates.ts';
import { routeSchema } from '../http/route-schema.ts';

const criteriaOf = (q: Partial<RebateCriteria>): RebateCriteria => ({
  search: q.search ?? DEFAULT_CRITERIA.search,
  manufacturers: q.manufacturers ?? [],
  categories: q.categories ?? [],
  sort: q.sort ?? DEFAULT_CRITERIA.sort,
  order: q.order ?? DEFAULT_CRITERIA.order,
});

export const rebateRoutes = routesUsing(['readsFor', 'rebateAnswers', 'rebateMemory', 'rebates'], async (app) => {
  /** The caller's active distributor (active house, else their channel partner), or null. */
  async function activeDistributorId(request: FastifyRequest): Promise<number | null> {
    return (await request.scope.caller()).activeDistributorId;
  }

  /**
   * A page of rebates, cached like the dashboard's answers: what decides it is the house, the
   * query and today (rebates in force today), and any reload of the data bumps the data version.
   */
  const page = async (request: FastifyRequest, reply: FastifyReply, options: Omit<Parameters<RebatesRepository['list']>[0], 'distributorId'>) => {
    const reads = await app.readsFor(request, reply); // the replica when it is new enough
    const [distributorId, version] = await Promise.all([activeDistributorId(request), reads.dashboard.dataVersion()]);
    const query = { ...options, distributorId };
    const today = new Date().toISOString().slice(0, 10);
    // The rebates in force of this version and day in memory when built; else the SQL.
    const catalogue = app.rebateMemory.at(`${version} ${today}`);
    return sendCached(reply, app.rebateAnswers, { ...query, today }, version,
      async () => jsonFor(reply)(catalogue ? catalogue.list(query, await reads.rebates.foldCase(query.criteria.search)) : await reads.rebates.list(query)));
  };

  /** Your rebates: rebates in force today on items the active distributor carries. */
  app.get('/rebate-deviation', { schema: routeSchema('Rebates', 'A page of one’s rebate deviations', { query: RebateQuery, answer: RebatePage }) }, async (request, reply) => {
    const query = validate(RebateQuery, request.query, 'query');
    return page(request, reply, { carriedOnly: true, criteria: criteriaOf(query), page: query.page ?? null });
  });

  /** All rebates in force today, one page of 20 at a time. */
  app.get('/full-rebate-deviation', { schema: routeSchema('Rebates', 'A page of the family’s rebate deviations', { query: FullRebateQuery, answer: RebatePage }) }, async (request, reply) => {
    const query = validate(FullRebateQuery, request.query, 'query');
    return page(request, reply, { carriedOnly: false, criteria: criteriaOf(query), page: query.page });
  });

  app.get('/rebate-deviation/filters', { schema: routeSchema('Rebates', 'The filters’ choices', { answer: RebateFilters }) }, async () => {
    return app.rebates.filters();
  });
});
