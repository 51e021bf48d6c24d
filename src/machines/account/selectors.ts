/** The account pages' messages (accounts spec §2.2, §2.5). */
export { LINK_EXPIRED_MESSAGE, PASSWORD_CHANGED } from '../../model/account.ts';

/** An emailed link's screen failed because the link is dead (used, unknown or malformed). */
export const selectLinkExpired = (s: { matches: (v: 'failed') => boolean; context: { expired: boolean } }) => s.matches('failed') && s.context.expired;
