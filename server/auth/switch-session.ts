import { NO_CHANNEL_PARTNER_MESSAGE, type LoginResponse } from '../../src/model/auth.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { HouseUsersRepository } from '../repositories/house-users.ts';
import type { ScopeRepository } from '../repositories/scope.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { TokenSigner } from './tokens.ts';

export const ADMINS_ONLY_MESSAGE = 'Only internal admins may log in as another user.';

type Deps = {
  users: UsersRepository;
  sessions: SessionsRepository;
  scope: ScopeRepository;
  houseUsers: HouseUsersRepository;
  tokens: TokenSigner;
  tokenTtlHours: number;
};

export type SwitchRequest = { sessionId: string; callerId: number; targetId: number; ip: string; userAgent: string | undefined };

/**
 * POST /auth/session (accounts spec §2.3 Admin user-picker, §4 Switch User): the internal admin
 * behind the caller's session gets a new session as the chosen distributor user, recording the
 * admin as its actor; or, naming their own id, their own session back. The old session ends.
 */
export async function switchSession(deps: Deps, req: SwitchRequest): Promise<LoginResponse> {
  // The real person: the admin acting through this session, else its own user.
  const adminId = (await deps.sessions.actingAdmin(req.sessionId)) ?? req.callerId;
  const admin = await deps.scope.user(adminId);
  if (!admin?.internalAdmin) throw forbidden(ADMINS_ONLY_MESSAGE);

  const backToSelf = req.targetId === admin.id;
  if (!backToSelf) {
    const target = await deps.houseUsers.switchTarget(req.targetId);
    if (!target) throw notFound('No such user.');
    if (target.internalAdmin) throw forbidden('Internal admins cannot be logged in as.');
    if (target.deactivated) throw forbidden('This user has been deactivated.');
    if (!target.activated) throw forbidden('This user has not activated their account yet.');
    if (!target.hasChannelPartner) throw forbidden(NO_CHANNEL_PARTNER_MESSAGE);
  }

  const expiresAt = new Date(Date.now() + deps.tokenTtlHours * 3600_000);
  const sessionId = await deps.sessions.create(req.targetId, expiresAt, req.ip, req.userAgent, backToSelf ? null : admin.id);
  await deps.sessions.revoke(req.sessionId);
  // Not recorded as the user's login: the user did not log in, an admin did.
  const user = await deps.users.sessionUser(req.targetId);
  if (!user) throw unauthorized();
  return { authKey: await deps.tokens.sign({ userId: req.targetId, sessionId }, expiresAt), user };
}
