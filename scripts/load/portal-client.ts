// A demo user driven by the portal's own HTTP client (src/services/api-client.ts on axios): the
// same retries of a request that got no answer and the same Idempotency-Key per write as the
// browser, for the scripts that kill servers under load (npm run bench:kill, the failover bench).
import * as t from 'io-ts';
import { lastValueFrom } from 'rxjs';
import { ApiError, createApiClient, FALLBACK_MESSAGE } from '../../src/services/api-client.ts';

export const DEMO_PASSWORD = 'portal-demo';

/** One call as the user lived it: what they saw, and how many tries it took (retries included). */
export interface Outcome {
  ok: boolean;
  /** A failure's HTTP status (0 when no answer ever came); 200 for any success. */
  status: number;
  /** The answer's body, or the message the portal would show. */
  body: unknown;
  message: string;
  tries: number;
}

export interface PortalUser {
  email: string;
  /** The user's Intel flag, from the login answer. */
  displayIntel: boolean;
  /** Sends `method /api{path}` (path as the services write it: '/announcement', '/dashboard/lost-volume'). */
  call(method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, data?: unknown): Promise<Outcome>;
}

/** Logs `email` in (a write with its key, retried like any other) and returns the user's client. */
export async function portalUser(base: string, email: string, password = DEMO_PASSWORD): Promise<PortalUser> {
  let token: string | null = null;
  const call: PortalUser['call'] = async (method, path, data) => {
    // A client per call (axios.create is cheap), so its activity$ counts this call's tries alone:
    // +1 for the first and for each retry.
    const api = createApiClient({ getAuthKey: () => token, origin: base });
    let tries = 0;
    api.activity$.subscribe((d) => void (d === 1 && tries++));
    try {
      const body = await lastValueFrom(api[method](path, t.unknown, data === undefined ? {} : { data }));
      return { ok: true, status: 200, body, message: '', tries };
    } catch (error) {
      const failure = error instanceof ApiError ? error : null;
      return { ok: false, status: failure?.status ?? 0, body: null, message: failure?.message ?? (error as Error).message ?? FALLBACK_MESSAGE, tries };
    }
  };
  const login = await call('post', '/auth/login', { email, password });
  if (!login.ok) throw new Error(`login ${email}: ${login.status} ${login.message}`);
  const session = login.body as { authKey: string; user: { displayIntel: boolean } };
  token = session.authKey;
  return { email, displayIntel: session.user.displayIntel, call };
}
