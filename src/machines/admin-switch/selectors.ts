import type { SnapshotFrom } from 'xstate';
import type { House } from '../../model/distributor.ts';
import { timeLeft } from '../../model/impersonation.ts';
import type { impersonationBannerMachine } from './impersonation-banner.ts';

/** What the admin switch shows (accounts spec §2.3; the impersonation banner), read from its machines. */

type BannerSnapshot = SnapshotFrom<typeof impersonationBannerMachine>;

/** The banner's countdown, 'm:ss' until the impersonation ends; null when no one is impersonated. */
export const selectTimeLeft = (s: BannerSnapshot) => (s.context.status?.active ? timeLeft(s.context.status.expiresAt, s.context.now) : null);
/** Whom the admin acts as, and since when; null until known. */
export const selectBannerStatus = (s: BannerSnapshot) => s.context.status;

/** Family heads first, each followed by its houses, as Select groups (spec §2.3: parent, then child house). */
export function houseGroups(houses: readonly House[]) {
  const heads = houses.filter((h) => h.parent_id === null);
  return heads.map((head) => ({
    group: head.nickname,
    items: [head, ...houses.filter((h) => h.parent_id === head.id)].map((h) => ({ value: String(h.id), label: h.nickname })),
  }));
}
