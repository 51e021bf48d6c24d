import type { LoginResponse } from '../../src/model/auth.ts';
import { tooManyRequests, unauthorized } from '../http/errors.ts';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { LoginRecord, UsersRepository } from '../repositories/users.ts';
import { verifyPassword } from './passwords.ts';
import type { TokenSigner } from './tokens.ts';

/** Failed attempts allowed in the window before login is refused (guessing one account, or spraying from one IP). */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perIp: 30 };
export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please wait 15 minutes and try again.';
export const WRONG_CREDENTIALS = 'Incorrect email or password.';

/** The login_attempts key of an account; password changes and resets count and forgive under it too. */
export const accountAttemptKey = (email: string) => `email:${email.trim().toLowerCase()}`;

type Deps = {
  users: UsersRepository;
  sessions: SessionsRepository;
  attempts: LoginAttemptsRepository;
  tokens: TokenSigner;
  tokenTtlHours: number;
};

export type LoginRequest = { email: string; password: string; ip: string; userAgent: string | undefined };

export async function login(deps: Deps, req: LoginRequest): Promise<LoginResponse> {
  const accountKey = accountAttemptKey(req.email);
  const ipKey = `ip:${req.ip}`;
  const failures = await deps.attempts.failuresSince([accountKey, ipKey], LOGIN_LIMITS.windowMinutes);
  if ((failures.get(accountKey) ?? 0) >= LOGIN_LIMITS.perAccount || (failures.get(ipKey) ?? 0) >= LOGIN_LIMITS.perIp) {
    throw tooManyRequests(TOO_MANY_ATTEMPTS);
  }

  const record = await deps.users.findForLogin(req.email);
  const passwordOk = await verifyPassword(record?.passwordHash ?? null, req.password);
  if (!record || !passwordOk) {
    await deps.attempts.recordFailure([accountKey, ipKey]);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  // Checked before the failures are forgotten, as the password proved nothing for an unusable account.
  refuseUnusable(record);
  await deps.attempts.forget(accountKey);
  return startSession(deps, record, req);
}

type Usability = Pick<LoginRecord, 'activated' | 'deactivated'>;

function refuseUnusable(record: Usability): void {
  if (record.deactivated) throw unauthorized('This account has been deactivated. Ask your administrator for access.');
  if (!record.activated) throw unauthorized('Please activate your account with the link we emailed you.');
}

type SessionDeps = Pick<Deps, 'users' | 'sessions' | 'tokens' | 'tokenTtlHours'>;

/**
 * The one way a login ends, whatever proved who the user is (password or Microsoft): refuse
 * deactivated and not-yet-activated accounts, then open a session row and sign its auth key.
 */
export async function startSession(
  deps: SessionDeps,
  record: Pick<LoginRecord, 'id' | 'activated' | 'deactivated'>,
  req: { ip: string; userAgent: string | undefined },
): Promise<LoginResponse> {
  refuseUnusable(record);
  const expiresAt = new Date(Date.now() + deps.tokenTtlHours * 3600_000);
  const sessionId = await deps.sessions.create(record.id, expiresAt, req.ip, req.userAgent);
  await deps.users.recordLogin(record.id);
  const user = await deps.users.sessionUser(record.id);
  if (!user) throw unauthorized(WRONG_CREDENTIALS);
  return { authKey: await deps.tokens.sign({ userId: record.id, sessionId }, expiresAt), user };
}
