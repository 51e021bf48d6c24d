import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { houseSwitchMachine, type HouseSwitchContext } from './house-switch.ts';
import { boston, houseSwitchEvents } from './house-switch-samples.ts';

export const HOUSE_SWITCH_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'house-switch',
    description: 'The house selector of the dashboard and Intel: the user’s houses load once; a chosen house becomes active only when the server has made it so, and the session follows it.',
    machine: houseSwitchMachine,
    events: houseSwitchEvents,
    variants: [{ label: 'leader of Harbor Foods Boston', input: () => ({ activeDistributor: boston }) }],
    // What a user sees: the state, how many houses the selector lists, the active house.
    serializeState: seenState<HouseSwitchContext>((c) => [c.houses.length, c.activeDistributor?.id]),
    labels: {
      'xstate.done.actor.loadHouses': 'The houses arrive',
      'xstate.error.actor.loadHouses': 'Loading the houses fails',
      'houseSwitch.requested': 'Pick another house in the selector',
      'xstate.done.actor.setActiveDistributor': 'The server switches the house',
      'xstate.error.actor.setActiveDistributor': 'Switching the house fails',
    },
    checks: {
      idle: 'The selector shows the active house (empty until the houses arrive)',
      switching: 'The page shows its loader while the new house is made active',
    },
  },
];
