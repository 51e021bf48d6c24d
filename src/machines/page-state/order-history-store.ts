import type { OrderInvoice } from '../../model/insights.ts';

/**
 * Order-history months already fetched, per merchant and month ('YYYY-MM'), for the life of the
 * page (spec §4: fetched months are not fetched again). It outlives the order-history screen, so
 * coming back to a merchant shows its months at once; the dashboard clears it when its date range
 * changes (spec §4), as the data a user compares is then another period's.
 */
export function createOrderHistoryStore() {
  const months = new Map<number, Record<string, OrderInvoice[]>>();
  return {
    monthsOf: (merchantId: number): Record<string, OrderInvoice[]> => ({ ...months.get(merchantId) }),
    put: (merchantId: number, month: string, invoices: OrderInvoice[]) =>
      void months.set(merchantId, { ...months.get(merchantId), [month]: invoices }),
    clear: () => months.clear(),
  };
}

export const orderHistoryStore = createOrderHistoryStore();
