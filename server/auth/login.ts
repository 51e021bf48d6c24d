import { APPROVAL_REFUSED, AWAITING_APPROVAL } from '../../src/model/account.ts';
import type { LoginResponse } from '../../src/model/auth.ts';
import { tooManyRequests, unauthorized } from '../http/errors.ts';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { LoginRecord, UsersRepository } from '../repositories/users.ts';
import { verifyPassword } from './passwords.ts';
import type { TokenSigner } from './tokens.ts';

/**
 * Failed attempts allowed in the window before login is refused: guessing one account from one
 * address (the lock is per account *and* address, so nobody can lock the owner out from
 * elsewhere), or spraying many accounts from one address.
 */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccountAndAddress: 5, perIp: 30 };
/**
 * Guesses at one account from many addresses. The owner, logging in from an address of their
 * own, cannot be told from a fresh address of a botnet, so an account-wide limit that held every
 * address back would be a way to lock the owner out (it was: six addresses failing in turn kept
 * it running). Hence it only slows, and only addresses that have failed themselves: once the
 * account has `after` failures in the window, an address with a failure in the window (at any
 * account) waits 2, 4, 8… seconds, at most `maxSeconds`, after its own last failure. An address
 * without recent failures is never held back. The bound on distributed guessing is then: one
 * free guess per fresh address, the per-(account, address) lock after five, and the slow-down
 * for every address that keeps guessing.
 */
export const ACCOUNT_BACKOFF = { after: 10, maxSeconds: 60 };
export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please wait 15 minutes and try again.';
export const WRONG_CREDENTIALS = 'Incorrect email or password.';

/** The login_attempts keys of an account, and of that account from one address. */
export const accountAttemptKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const pairAttemptKey = (email: string, ip: string) => `pair:${email.trim().toLowerCase()}|${ip}`;

type Deps = {
  users: UsersRepository;
  sessions: SessionsRepository;
  attempts: LoginAttemptsRepository;
  tokens: TokenSigner;
  config: { tokenTtlHours: number };
};

export type LoginRequest = { email: string; password: string; ip: string; userAgent: string | undefined };

export async function login(deps: Deps, req: LoginRequest): Promise<LoginResponse> {
  const accountKey = accountAttemptKey(req.email);
  const pairKey = pairAttemptKey(req.email, req.ip);
  const ipKey = `ip:${req.ip}`;
  const recent = await deps.attempts.recentFailures([pairKey, ipKey, accountKey], LOGIN_LIMITS.windowMinutes);
  const failures = (key: string) => recent.get(key)?.failures ?? 0;
  if (failures(pairKey) >= LOGIN_LIMITS.perAccountAndAddress || failures(ipKey) >= LOGIN_LIMITS.perIp) {
    throw tooManyRequests(TOO_MANY_ATTEMPTS);
  }
  refuseWhileBackingOff(failures(accountKey), recent.get(ipKey)?.lastAt ?? null);

  const record = await deps.users.findForLogin(req.email);
  const passwordOk = await verifyPassword(record?.passwordHash ?? null, req.password);
  if (!record || !passwordOk) {
    await deps.attempts.recordFailure([accountKey, pairKey, ipKey]);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  // Checked before the failures are forgotten, as the password proved nothing for an unusable account.
  refuseUnusable(record);
  await deps.attempts.forget([accountKey, pairKey]);
  return startSession(deps, record, req);
}

/** The slow-down of ACCOUNT_BACKOFF: a 429 with Retry-After while it lasts for this address. */
function refuseWhileBackingOff(accountFailures: number, addressLastFailure: Date | null): void {
  if (accountFailures < ACCOUNT_BACKOFF.after || addressLastFailure === null) return;
  const waitSeconds = Math.min(2 ** (accountFailures - ACCOUNT_BACKOFF.after + 1), ACCOUNT_BACKOFF.maxSeconds);
  const left = Math.ceil((addressLastFailure.getTime() + waitSeconds * 1000 - Date.now()) / 1000);
  if (left > 0) {
    throw tooManyRequests(`Too many failed login attempts for this account. Please try again in ${left} second${left === 1 ? '' : 's'}.`, left);
  }
}

type Usability = Pick<LoginRecord, 'activated' | 'deactivated' | 'approval'>;

function refuseUnusable(record: Usability): void {
  if (record.deactivated) throw unauthorized('This account has been deactivated. Ask your administrator for access.');
  if (!record.activated) throw unauthorized('Please activate your account with the link we emailed you.');
  if (record.approval === 'pending') throw unauthorized(AWAITING_APPROVAL);
  if (record.approval === 'rejected') throw unauthorized(APPROVAL_REFUSED);
}

type SessionDeps = Pick<Deps, 'users' | 'sessions' | 'tokens' | 'config'>;

/**
 * The one way a login ends, whatever proved who the user is (password or Microsoft): refuse
 * deactivated and not-yet-activated accounts, then open a session row and sign its auth key.
 */
export async function startSession(
  deps: SessionDeps,
  record: Pick<LoginRecord, 'id' | 'activated' | 'deactivated' | 'approval'>,
  req: { ip: string; userAgent: string | undefined },
): Promise<LoginResponse> {
  refuseUnusable(record);
  const expiresAt = new Date(Date.now() + deps.config.tokenTtlHours * 3600_000);
  const sessionId = await deps.sessions.create(record.id, expiresAt, req.ip, req.userAgent);
  await deps.users.recordLogin(record.id);
  const user = await deps.users.sessionUser(record.id);
  if (!user) throw unauthorized(WRONG_CREDENTIALS);
  return { authKey: await deps.tokens.sign({ userId: record.id, sessionId }, expiresAt), user };
}
