/** The account pages' messages (accounts spec §2.2, §2.5). */
export { LINK_EXPIRED_MESSAGE, PASSWORD_CHANGED } from '../../model/account.ts';
