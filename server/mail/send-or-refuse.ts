import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Mail, Mailer } from './mailer.ts';

/** What the user reads when the mail server refuses the `what` (e.g. 'activation') email. */
export const mailFailedMessage = (what: string) => `We could not send the ${what} email. Nothing was saved; please try again later.`;

/**
 * Sends inside the caller's transaction: when the mail server fails, the failure is logged and a
 * 503 is thrown, so the transaction rolls back and nothing of the request is kept.
 */
export async function sendOrRefuse(mailer: Mailer, mail: Mail, log: FastifyBaseLogger, what: string): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (err) {
    log.error(err);
    throw new HttpError(503, mailFailedMessage(what));
  }
}
