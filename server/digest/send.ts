// Sends one user's digest for one period, at most once: the (user, period) row is inserted in the
// transaction that sends the email, so a failed send rolls it back (and the job is retried) and a
// retry or a second job after a success finds the row and sends nothing (docs/digest.md).
import type pg from 'pg';
import type { TokenSigner } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ownOrigin } from '../mail/site-url.ts';
import type { DigestRepository } from '../repositories/digest.ts';
import { computeDigest, type DigestRepos } from './content.ts';
import { firstSince, periodOf } from './periods.ts';
import { digestMail } from './render.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export interface DigestSender {
  repos: DigestRepos;
  digest: DigestRepository;
  mail: Mailer;
  tokens: Pick<TokenSigner, 'mac'>;
  /** The portal's origin for the links (PUBLIC_URL's first, else the local one). */
  origin: string;
  transaction: <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;
}

/** The sender of the server's dependencies: links from PUBLIC_URL's first origin (never a request's Host). */
export const digestSender = (deps: Pick<Deps, keyof DigestRepos | 'digest' | 'mail' | 'tokens' | 'config' | 'transaction'>): DigestSender => ({
  repos: deps, digest: deps.digest, mail: deps.mail, tokens: deps.tokens, origin: ownOrigin(deps.config), transaction: deps.transaction,
});

export type SendOutcome = 'sent' | 'already sent' | 'off' | 'no house' | 'not a user';

export const unsubscribeUrl = (s: Pick<DigestSender, 'tokens' | 'origin'>, userId: number) =>
  `${s.origin}/api/digest/unsubscribe?token=${unsubscribeToken(s.tokens, userId)}`;

/** The user's digest mail at `now` (null without a house): what the CLI's --dry-run prints. */
export async function buildDigestMail(s: DigestSender, userId: number, now: Date) {
  const who = await s.digest.recipient(userId);
  if (!who) return null;
  const since = (await s.digest.lastSentAt(userId)) ?? firstSince(who.preferences.frequency, now);
  const content = await computeDigest(s.repos, userId, { now, since, sections: who.preferences.sections });
  if (!content) return null;
  return digestMail({ to: who.email, name: who.name, origin: s.origin, unsubscribeUrl: unsubscribeUrl(s, userId), content });
}

/** `period` defaults to the user's current one (their frequency, their time zone). */
export async function sendDigest(s: DigestSender, userId: number, now: Date, period?: string): Promise<SendOutcome> {
  const who = await s.digest.recipient(userId);
  if (!who) return 'not a user';
  if (who.preferences.frequency === 'off') return 'off';
  const key = period ?? periodOf(who.preferences.frequency, now, who.preferences.timeZone);
  const mail = await buildDigestMail(s, userId, now);
  if (!mail) return 'no house';
  return s.transaction(async (client) => {
    if (!(await s.digest.claim(client, userId, key))) return 'already sent';
    await s.mail.send(mail); // throws: the claim rolls back with the transaction
    return 'sent';
  });
}
