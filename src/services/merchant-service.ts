import type { Observable } from 'rxjs';
import { MerchantList, type Merchant } from '../model/dashboard.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

export function createMerchantService(api: ApiClient) {
  return {
    /** The active distributor's locations the caller may see. */
    merchants: (): Observable<Merchant[]> => api.get('/merchant', MerchantList),
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
export const merchantService = createMerchantService(apiClient);
