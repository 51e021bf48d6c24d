import type { LoginResponse } from '../../model/auth.ts';
import type { ActiveDistributor } from '../../model/session-user.ts';

/** What the auth-routing actor (./auth-routing.ts) hears; apart, so ./system-actors.ts can type its sends without importing that machine. */
export type AuthRoutingEvent =
  | { type: 'auth.loggedIn'; response: LoginResponse }
  | { type: 'auth.logout' }
  | { type: 'auth.unauthorized' }
  /** The server made another house active (dashboard house selector): the header and storage follow. */
  | { type: 'auth.houseChanged'; channelPartner: { distributor_id: number }; activeDistributor: ActiveDistributor }
  /** An internal admin logged in as a distributor user (admin user-picker, POST /auth/session). */
  | { type: 'auth.switchedIn'; response: LoginResponse }
  /** Switch User: the admin leaves the user's session for their own and /admin-login. */
  | { type: 'auth.switchBack' };
