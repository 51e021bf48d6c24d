import type { Observable } from 'rxjs';
import { MessageResponse } from '../model/account.ts';
import { SalesRepDistributors, SalesReps, type SalesRep, type SalesRepSave } from '../model/sales-reps.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** The Business Panel's sales reps: `/rebate-checks/dsr` (accounts spec §7). */
export function createSalesRepsService(api: ApiClient) {
  const byEmail = (email: string) => `?email=${encodeURIComponent(email)}`;
  return {
    list: (): Observable<SalesRep[]> => api.get('/rebate-checks/dsr', SalesReps),
    distributorsOf: (email: string) => api.get(`/rebate-checks/dsr/distributors${byEmail(email)}`, SalesRepDistributors),
    save: (rep: SalesRepSave) => api.post('/rebate-checks/update-dsr', MessageResponse, { data: rep }),
    remove: (email: string) => api.delete(`/rebate-checks/dsr${byEmail(email)}`, MessageResponse),
  };
}

export const salesRepsService = createSalesRepsService(apiClient);
