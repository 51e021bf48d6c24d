import { activationLetsLogIn } from '../../model/account.ts';

/** The account pages' messages (accounts spec §2.2, §2.5). */
export { LINK_EXPIRED_MESSAGE, PASSWORD_CHANGED } from '../../model/account.ts';

/** An emailed link's screen failed because the link is dead (used, unknown or malformed). */
export const selectLinkExpired = (s: { matches: (v: 'failed') => boolean; context: { expired: boolean } }) => s.matches('failed') && s.context.expired;

/**
 * An emailed link's screen offers Login after it worked, unless the account still waits for a
 * leader's approval: then it says only what happens next (an email once approved).
 */
export const selectOffersLogin = (s: { matches: (v: 'activated') => boolean; context: { message: string | null } }) =>
  s.matches('activated') && s.context.message !== null && activationLetsLogIn({ message: s.context.message });
