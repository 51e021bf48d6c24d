import dayjs from 'dayjs';
import type { SnapshotFrom } from 'xstate';
import type { House } from '../../model/distributor.ts';
import { timeLeft } from '../../model/impersonation.ts';
import type { adminSwitchMachine } from './admin-switch.ts';
import type { impersonationBannerMachine } from './impersonation-banner.ts';

/** What the admin switch shows (accounts spec §2.3; the impersonation banner), read from its machines. */

type BannerSnapshot = SnapshotFrom<typeof impersonationBannerMachine>;

/** Family heads first, each followed by its houses, as Select groups (spec §2.3: parent, then child house). */
export function houseGroups(houses: readonly House[]) {
  const heads = houses.filter((h) => h.parent_id === null);
  return heads.map((head) => ({
    group: head.nickname,
    items: [head, ...houses.filter((h) => h.parent_id === head.id)].map((h) => ({ value: String(h.id), label: h.nickname })),
  }));
}

export { sameView } from '../admin-dashboard/selectors.ts';

type SwitchSnapshot = SnapshotFrom<typeof adminSwitchMachine>;

let groupsOf: { houses: readonly House[]; groups: ReturnType<typeof houseGroups> } | null = null;
/** The same groups while the houses are the same (the view model compares field by field). */
const cachedGroups = (houses: readonly House[]) => {
  if (groupsOf?.houses !== houses) groupsOf = { houses, groups: houseGroups(houses) };
  return groupsOf.groups;
};

/** What /admin-login shows and offers (spec §2.3): what is enabled follows what the machine takes now. */
export function selectAdminLoginView(s: SwitchSnapshot) {
  const { houses, houseId, users, userId, reason, error } = s.context;
  const busy = s.hasTag('busy');
  const loadingHouses = s.matches('loadingHouses');
  const loadingUsers = s.matches('loadingUsers');
  const pickingUser = s.can({ type: 'adminSwitch.userChosen', userId: null });
  return {
    error,
    /** The distributors failed to load: Try again instead of the picker. */
    retryHouses: s.can({ type: 'adminSwitch.retried' }),
    houseGroups: cachedGroups(houses),
    houseId: houseId === null ? null : String(houseId),
    housePlaceholder: loadingHouses ? 'Loading distributors…' : 'Pick a distributor',
    houseLoading: loadingHouses,
    houseDisabled: houses.length === 0 || busy,
    users,
    userId: userId === null ? null : String(userId),
    userPlaceholder: loadingUsers ? 'Loading users…' : houseId === null ? 'Pick a distributor first' : 'Pick a user',
    userNothingFound: pickingUser ? 'This distributor has no active users' : 'No users',
    userLoading: loadingUsers,
    userDisabled: !pickingUser,
    reason,
    reasonDisabled: !s.can({ type: 'adminSwitch.reasonChanged', reason: '' }),
    submitDisabled: !s.can({ type: 'adminSwitch.submitted' }),
    busy,
  };
}
export type AdminLoginView = ReturnType<typeof selectAdminLoginView>;

/**
 * The impersonation banner: null (no banner) unless an admin acts as the user; else who acts as whom, since
 * when ('h:mm A'), and the countdown ('m:ss' until the session ends, then that it has ended).
 */
export function selectBannerView(s: BannerSnapshot) {
  const { status, now } = s.context;
  if (!status?.active) return null;
  const left = timeLeft(status.expiresAt, now);
  return {
    adminName: status.adminName,
    userName: status.userName,
    userEmail: status.userEmail,
    since: dayjs(status.since).format('h:mm A'),
    left: left === '0:00' ? ': the session has ended.' : `, ${left} left.`,
  };
}
