// The demo users the load benchmark plays, logged in once over real HTTP, with what the mixes
// draw from: their auth header and, per user, the merchants they see and whether they have Intel.

export const LOAD_USERS = ['leader@harbor.test', 'houses@harbor.test', 'dm@harbor.test', 'rep@harbor.test', 'ops@summit.test'];

export interface LoadUser {
  email: string;
  /** As a browser sends them: every browser accepts gzip, and cached answers are kept gzipped for it. */
  headers: Record<string, string>;
  /** The merchants of the caller's active house they see (GET /api/merchant), as the Intel list sends them. */
  merchants: { id: number; merchant: string }[];
  intel: boolean;
}

export async function logIn(base: string, email: string): Promise<LoadUser> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const { authKey, user } = (await res.json()) as { authKey: string; user: { displayIntel: boolean } };
  const headers = { authorization: `Bearer ${authKey}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const list = (await (await fetch(`${base}/api/merchant`, { headers: { authorization: headers.authorization } })).json()) as { id: number; merchant: string }[];
  return { email, headers, merchants: list.map(({ id, merchant }) => ({ id, merchant })), intel: user.displayIntel };
}

export interface Request { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string }

const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** First day of the calendar month `monthsBack` months before this one. */
export const monthStart = (monthsBack: number) => {
  const now = new Date();
  return iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
};
/** The day before `day` (YYYY-MM-DD). */
export const dayBefore = (day: string) => iso(Date.parse(`${day}T00:00:00Z`) - DAY);
/** The day after `day`. */
export const dayAfter = (day: string) => iso(Date.parse(`${day}T00:00:00Z`) + DAY);
export const lastMonthEnd = dayBefore(monthStart(0));
