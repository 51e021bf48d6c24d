// The fixed mix: every connection plays one user's round over and over — what a person does in a
// minute of the portal on Monday morning. After the first seconds nearly every answer is cached.
import { dayAfter, lastMonthEnd, monthStart, type LoadUser, type Request } from './users.ts';

const RANGES = [
  [monthStart(1), lastMonthEnd],
  [monthStart(3), lastMonthEnd],
  [dayAfter(monthStart(12)), lastMonthEnd],
];

/** One user's round; the Intel list's first batch (as the client sends it, without the line chart's months) for users with Intel. */
export function fixedRound(user: LoadUser, userIndex: number, withIntel: boolean): Request[] {
  const headers = { ...user.headers }; // autocannon adds Content-Length to the headers it is given
  const [from, to] = RANGES[userIndex % RANGES.length]!;
  const dashboard = (startDate: string, endDate: string): Request => ({
    method: 'POST', path: '/api/dashboard', headers,
    body: JSON.stringify({ startDate, endDate, showRebates: 1, showDeviations: 1, merchants: [] }),
  });
  const get = (p: string): Request => ({ method: 'GET', path: p, headers });
  const intel = JSON.stringify({ startDate: monthStart(1), endDate: lastMonthEnd, merchants: user.merchants.slice(0, 250), monthly: false, items: false });
  return [
    get('/api/merchant'),
    dashboard(from!, to!),
    { method: 'POST', path: '/api/dashboard/lost-volume', headers, body: JSON.stringify({ merchantIds: [] }) },
    get('/api/full-rebate-deviation?page=1&sort=manufacturer&order=asc'),
    get(`/api/full-rebate-deviation?page=${2 + (userIndex % 5)}&sort=rebateValue&order=desc`),
    get('/api/rebate-deviation?page=1&sort=manufacturer&order=asc&search=chick'),
    dashboard(monthStart(1), lastMonthEnd),
    ...(user.intel && withIntel ? [{ method: 'POST' as const, path: '/api/intel', headers, body: intel }] : []),
  ];
}
