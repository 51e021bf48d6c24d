import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_TAKEN } from '../../src/model/account.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { invitationMail } from '../mail/messages.ts';
import { sendOrRefuse } from '../mail/send-or-refuse.ts';
import { TOKEN_LIFETIME_HOURS } from '../repositories/account-tokens.ts';
import { isUniqueViolation, type NewUser } from '../repositories/user-admin.ts';

/**
 * Creates an invited user and emails the link to set a password, in one transaction: if the
 * email cannot be sent, no user (and no token) is left behind. User Management and the admin
 * dashboard both invite through it.
 */
export async function sendInvitation(
  deps: Pick<Deps, 'transaction' | 'userAdmin' | 'accountTokens' | 'mail'>, log: FastifyBaseLogger, user: NewUser, origin: string, inviter: string, houseName: string,
): Promise<number> {
  return deps
    .transaction(async (client) => {
      const id = await deps.userAdmin.createInvited(client, user);
      const token = await deps.accountTokens.issue(id, 'invite', client);
      const link = `${origin}/change-password/${token}`;
      const mail = invitationMail(user.email, user.contactName, inviter, houseName, link, TOKEN_LIFETIME_HOURS.invite / 24);
      await sendOrRefuse(deps.mail, mail, log, 'invitation');
      return id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? badRequest(EMAIL_TAKEN) : error;
    });
}
