import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Deps } from '../deps.ts';
import { emailChangeApprovalMail, emailChangeConfirmMail, emailChangeNoticeMail } from '../mail/messages.ts';
import { sendOrRefuse } from '../mail/send-or-refuse.ts';
import { ownOrigin } from '../mail/site-url.ts';
import { TOKEN_LIFETIME_HOURS } from '../repositories/account-tokens.ts';

// How an account's email moves (accounts spec §2.4 Edit User, §2.5 Settings): the owner's own
// change waits for the new address to confirm it; anyone else's first waits for the owner to
// approve it from the current address (confirming at the new address proves nothing when
// whoever asked owns it); an internal admin's takes effect at once and is audited.

type MailDeps = Pick<Deps, 'accountTokens' | 'mail' | 'config'>;
type Holder = { id: number; email: string; contactName: string };

/** Someone else asked: the current address gets the approval link; nothing else happens yet. */
export async function askOwnerToApprove(deps: MailDeps, log: FastifyBaseLogger, client: pg.PoolClient, user: Holder, newEmail: string, askedBy: string) {
  const token = await deps.accountTokens.issue(user.id, 'email-approval', client, newEmail, user.email);
  const link = `${ownOrigin(deps.config)}/approve-email-change/${token}`;
  const mail = emailChangeApprovalMail(user.email, user.contactName, newEmail, askedBy, link, TOKEN_LIFETIME_HOURS['email-approval']);
  await sendOrRefuse(deps.mail, mail, log, 'approval');
}

/** The new address gets its confirmation link; the change happens when it is opened. */
export async function askNewAddressToConfirm(deps: MailDeps, log: FastifyBaseLogger, client: pg.PoolClient, user: Holder, newEmail: string, changedBy: string) {
  const token = await deps.accountTokens.issue(user.id, 'email', client, newEmail);
  const link = `${ownOrigin(deps.config)}/confirm-email/${token}`;
  await sendOrRefuse(deps.mail, emailChangeConfirmMail(newEmail, user.contactName, changedBy, link, TOKEN_LIFETIME_HOURS.email), log, 'confirmation');
}

/** The owner's own change: the new address confirms it, the current one is told. */
export async function askOwnChangeConfirmed(deps: MailDeps, log: FastifyBaseLogger, client: pg.PoolClient, user: Holder, newEmail: string) {
  await askNewAddressToConfirm(deps, log, client, user, newEmail, user.contactName);
  const notice = emailChangeNoticeMail(user.email, user.contactName, newEmail, user.contactName, `${ownOrigin(deps.config)}/login`);
  await sendOrRefuse(deps.mail, notice, log, 'notice');
}

/** An internal admin's change, which needs nobody's approval, goes into the audit log with both addresses. */
export async function auditEmailChange(deps: Pick<Deps, 'auditLog'>, request: FastifyRequest, adminId: number, user: Holder, newEmail: string) {
  await deps.auditLog.append({
    event: 'write', adminId, userId: user.id, sessionId: request.auth?.sessionId ?? null,
    call: `${request.method} ${request.routeOptions.url ?? ''}`,
    record: `id=${user.id}, email ${user.email} → ${newEmail}`.slice(0, 500),
    status: 200,
  });
}
