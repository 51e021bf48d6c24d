import { NO_CHANNEL_PARTNER_MESSAGE, type LoginResponse } from '../../src/model/auth.ts';
import { IMPERSONATION_MINUTES } from '../../src/model/impersonation.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { AuditLogRepository } from '../repositories/audit-log.ts';
import type { HouseUsersRepository } from '../repositories/house-users.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { TokenSigner } from './tokens.ts';

export const REASON_REQUIRED = 'Please give the reason for logging in as this user.';

type Deps = {
  users: UsersRepository;
  sessions: SessionsRepository;
  houseUsers: HouseUsersRepository;
  auditLog: AuditLogRepository;
  tokens: TokenSigner;
  config: { tokenTtlHours: number };
};

export type SwitchRequest = {
  /** The internal admin behind the session: its caller, or the admin acting in it (the gate checked which). */
  adminId: number;
  sessionId: string; callerId: number; targetId: number; reason: string | undefined; ip: string; userAgent: string | undefined;
};

/**
 * POST /auth/session (accounts spec §2.3 Admin user-picker, §4 Switch User): the internal admin
 * behind the caller's session gets a new session as the chosen distributor user, recording the
 * admin as its actor; or, naming their own id, their own session back. The old session ends.
 */
export async function switchSession(deps: Deps, req: SwitchRequest): Promise<LoginResponse> {
  const backToSelf = req.targetId === req.adminId;
  if (!backToSelf) {
    if (!req.reason) throw badRequest(REASON_REQUIRED);
    const target = await deps.houseUsers.switchTarget(req.targetId);
    if (!target) throw notFound('No such user.');
    if (target.internalAdmin) throw forbidden('Internal admins cannot be logged in as.');
    if (target.deactivated) throw forbidden('This user has been deactivated.');
    if (!target.activated) throw forbidden('This user has not activated their account yet.');
    if (!target.hasChannelPartner) throw forbidden(NO_CHANNEL_PARTNER_MESSAGE);
  }

  // Acting as someone else lasts at most an hour; the admin's own session the usual lifetime.
  const hours = backToSelf ? deps.config.tokenTtlHours : Math.min(deps.config.tokenTtlHours, IMPERSONATION_MINUTES / 60);
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  const sessionId = await deps.sessions.create(req.targetId, expiresAt, req.ip, req.userAgent, backToSelf ? null : req.adminId, backToSelf ? null : req.reason);
  await endSession(deps, req.sessionId, req.callerId);
  if (!backToSelf) await deps.auditLog.append({ event: 'start', adminId: req.adminId, userId: req.targetId, sessionId, reason: req.reason });
  // Not recorded as the user's login: the user did not log in, an admin did.
  const user = await deps.users.sessionUser(req.targetId);
  if (!user) throw unauthorized();
  return { authKey: await deps.tokens.sign({ userId: req.targetId, sessionId }, expiresAt), user };
}

/** Ends a session; when an admin was acting through it, the audit log records the end. */
export async function endSession(
  deps: { sessions: SessionsRepository; auditLog: AuditLogRepository }, sessionId: string, userId: number, actingAdminId?: number | null,
): Promise<void> {
  const adminId = actingAdminId === undefined ? await deps.sessions.actingAdmin(sessionId) : actingAdminId;
  await deps.sessions.revoke(sessionId);
  if (adminId !== null && adminId !== userId) await deps.auditLog.append({ event: 'end', adminId, userId, sessionId });
}
