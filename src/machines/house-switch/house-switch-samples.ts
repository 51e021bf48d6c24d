import type { AnyEventObject } from 'xstate';
import type { CurrentDistributor } from '../../model/distributor.ts';
import { boston, portland, serverError, switchedToPortland } from '../dashboard/dashboard-samples.ts';

/** Sample answers and events for the house-switch machine (registry paths and tests). */

export { boston, portland, serverError, switchedToPortland };

export const bostonFamily: CurrentDistributor = {
  active: boston,
  houses: [
    { ...boston, parent_id: 1 },
    { ...portland, parent_id: 1 },
  ],
  movedFrom: null,
};

/** The saved house was the family head: the server moved the user to Boston (issue 39). */
export const movedOffHarborHead: CurrentDistributor = {
  ...bostonFamily,
  movedFrom: { id: 1, platform_id: 'CP-100001', nickname: 'Harbor Foods (PA)' },
};

export const houseSwitchEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadHouses', output: bostonFamily },
  { type: 'xstate.done.actor.loadHouses', output: movedOffHarborHead },
  { type: 'xstate.error.actor.loadHouses', error: serverError },
  { type: 'houseSwitch.requested', distributorId: portland.id },
  { type: 'xstate.done.actor.setActiveDistributor', output: switchedToPortland },
  { type: 'xstate.error.actor.setActiveDistributor', error: serverError },
];
