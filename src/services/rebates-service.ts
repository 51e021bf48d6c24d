import type { Observable } from 'rxjs';
import { IdList, RebateFilters, RebatePage, type RebateCriteria, type RebateScope } from '../model/rebates.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** The query string of a rebate list: id lists as one comma-separated parameter each. */
export function rebateQueryString(criteria: RebateCriteria, page: number): string {
  const params = new URLSearchParams({ page: String(page), sort: criteria.sort, order: criteria.order });
  if (criteria.search.trim() !== '') params.set('search', criteria.search.trim());
  if (criteria.manufacturers.length > 0) params.set('manufacturers', IdList.encode(criteria.manufacturers));
  if (criteria.categories.length > 0) params.set('categories', IdList.encode(criteria.categories));
  return params.toString();
}

export function createRebatesService(api: ApiClient) {
  return {
    page: (scope: RebateScope, criteria: RebateCriteria, page: number): Observable<RebatePage> =>
      api.get(`/${scope === 'yours' ? 'rebate-deviation' : 'full-rebate-deviation'}?${rebateQueryString(criteria, page)}`, RebatePage),
    filters: (): Observable<RebateFilters> => api.get('/rebate-deviation/filters', RebateFilters),
  };
}

export const rebatesService = createRebatesService(apiClient);
