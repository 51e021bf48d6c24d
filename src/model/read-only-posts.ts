/**
 * The POST routes that only read (their handlers checked in server/routes): the dashboard and
 * Intel answers, the insights, matches, and the rebate-check documents (drawn, never stored).
 * Sending one of them twice costs work, never a second write, so HAProxy
 * (scripts/cluster/haproxy.ts) and the portal's client (src/services/api-client.ts) retry them
 * like GETs, without an idempotency key.
 */
export const READ_ONLY_POSTS: readonly string[] = [
  '/api/dashboard',
  '/api/dashboard/lost-volume',
  '/api/dashboard/monthly-volume',
  '/api/intel',
  '/api/competitive/merchants',
  '/api/competitive/items',
  '/api/competitive/order-history',
  '/api/competitive/win-back',
  '/api/match',
  '/api/full-rebate-deviation/matches',
  '/api/rebate-checks/pay-periods',
  '/api/rebate-checks/checks',
  '/api/rebate-checks/check',
  '/api/rebate-checks/check-pic',
  '/api/rebate-checks/check-details',
  '/api/rebate-checks/paynopay-summary',
  '/api/rebate-checks/bulk-export',
  '/api/rebate-checks/bulk-print',
  '/api/business-panel/checks-data',
];

const READ_ONLY = new Set(READ_ONLY_POSTS);

/** Whether sending this call twice changes nothing: GET, HEAD, OPTIONS, or a read-only POST ('/api/…', query ignored). */
export function isReadOnlyCall(method: string, path: string): boolean {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return true;
  return m === 'POST' && READ_ONLY.has(path.split('?')[0]!);
}
