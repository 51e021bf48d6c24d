// The varied mix: every request drawn at random — a demo user, then what they ask, in the fixed
// round's proportions (per 8 requests: 2 dashboards, 3 rebate pages, 1 lost volume, 1 merchant
// list, 1 Intel batch for users with Intel), each with random values, so the answer caches help
// only where real users would repeat each other (merchant lists, popular rebate pages).
import { iso, lastMonthEnd, monthStart, type LoadUser, type Request } from './users.ts';

export const VARIED_KINDS = ['dashboard-all', 'dashboard-subset', 'rebates', 'lost-volume', 'merchants', 'intel'] as const;
export type VariedKind = (typeof VARIED_KINDS)[number];

const WEIGHTS: Record<VariedKind, number> = { 'dashboard-all': 1, 'dashboard-subset': 1, rebates: 3, 'lost-volume': 1, merchants: 1, intel: 1 };
const SEARCHES = ['chick', 'beef', 'oil', 'cheese', 'sauce', 'bread', 'frozen', 'tomato', 'rice', 'pork', '00', '12'];
const SORTS = ['din', 'min', 'description', 'manufacturer', 'rebateType', 'rebateValue', 'deviationValue'];
const DAY = 86_400_000;

const int = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** `n` distinct random elements of `xs` (all of them when it has fewer). */
function sample<T>(xs: readonly T[], n: number): T[] {
  const copy = [...xs];
  const k = Math.min(n, copy.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(Math.random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, k);
}

// The last 12 whole months, where the seeded data lies.
const FIRST = Date.parse(`${monthStart(12)}T00:00:00Z`);
const LAST = Date.parse(`${lastMonthEnd}T00:00:00Z`);
/** Any range within the last 12 whole months: two random days, in order. */
function randomRange(): [string, string] {
  const days = (LAST - FIRST) / DAY;
  const [a, b] = [int(0, days), int(0, days)].sort((x, y) => x - y);
  return [iso(FIRST + a! * DAY), iso(FIRST + b! * DAY)];
}

function request(kind: VariedKind, user: LoadUser): Request {
  // A copy per request: autocannon adds Content-Length to the headers it is given.
  const headers = { ...user.headers };
  const post = (path: string, body: unknown): Request => ({ method: 'POST', path, headers, body: JSON.stringify(body) });
  const ids = (n: number) => sample(user.merchants, n).map((m) => m.id);
  switch (kind) {
    case 'dashboard-all':
    case 'dashboard-subset': {
      const [startDate, endDate] = randomRange();
      const merchants = kind === 'dashboard-all' ? [] : ids(int(1, 50));
      return post('/api/dashboard', { startDate, endDate, showRebates: int(0, 1), showDeviations: int(0, 1), merchants });
    }
    case 'rebates': {
      const yours = Math.random() < 0.5;
      const q = new URLSearchParams({ page: String(int(1, 40)), sort: pick(SORTS), order: pick(['asc', 'desc']) });
      if (Math.random() < 0.5) q.set('search', pick(SEARCHES));
      return { method: 'GET', path: `/api/${yours ? 'rebate-deviation' : 'full-rebate-deviation'}?${q}`, headers };
    }
    case 'lost-volume':
      return post('/api/dashboard/lost-volume', { merchantIds: ids(int(1, 10)) });
    case 'merchants':
      return { method: 'GET', path: pick(['/api/merchant', '/api/merchant/with-parents']), headers };
    case 'intel': {
      const back = int(1, 12);
      const end = iso(Date.parse(`${monthStart(back - 1)}T00:00:00Z`) - DAY);
      return post('/api/intel', { startDate: monthStart(back), endDate: end, merchants: sample(user.merchants, 250), monthly: false, items: false });
    }
  }
}

/** The kinds a user may be asked for (Intel only with the Intel flag), each as often as its weight says. */
const kindsOf = (user: LoadUser, only: VariedKind | null): VariedKind[] =>
  VARIED_KINDS.filter((k) => (only ? k === only : true) && (k !== 'intel' || user.intel))
    .flatMap((k) => Array<VariedKind>(only ? 1 : WEIGHTS[k]).fill(k));

/** A random request of the mix (or of one kind only), with its kind. */
export function variedRequest(users: LoadUser[], only: VariedKind | null = null): { kind: VariedKind; request: Request } {
  const able = users.filter((u) => kindsOf(u, only).length > 0);
  const user = pick(able);
  const kind = pick(kindsOf(user, only));
  return { kind, request: request(kind, user) };
}
