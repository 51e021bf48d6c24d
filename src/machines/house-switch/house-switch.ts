import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { logFailure } from '../log-failure.ts';
import { movedOffFamilyHead, type ActiveDistributorResponse, type CurrentDistributor, type House } from '../../model/distributor.ts';
import type { ActiveDistributor } from '../../model/session-user.ts';
import { dashboardService } from '../../services/dashboard-service.ts';
import { sendToAuth, sendToNotices } from '../shell/system-actors.ts';
import { tellParent } from '../tell-parent.ts';

/**
 * The house selector of the dashboard and Intel (analytics spec §4): the user's houses, and making
 * another one active. Invoked by each screen for its whole life; the screen clears what it shows
 * when it asks for a switch, and reloads its merchants when it hears the switch has ended.
 */

export interface HouseSwitchInput {
  activeDistributor: ActiveDistributor | null;
}

export interface HouseSwitchContext {
  houses: House[];
  activeDistributor: ActiveDistributor | null;
  /** The house asked for; it becomes active only when the server has made it so. */
  requestedDistributorId: number | null;
}

export type HouseSwitchEvent = { type: 'houseSwitch.requested'; distributorId: number };

/** What the screen hears (the `houseSwitch.*` events it handles). */
export type HouseSwitchReport =
  | { type: 'houseSwitch.housesLoaded'; houses: House[]; active: ActiveDistributor }
  | { type: 'houseSwitch.switched'; activeDistributor: ActiveDistributor }
  /** The switch failed: the old house stays active. */
  | { type: 'houseSwitch.kept' };

/** Choosing the active house again changes nothing. */
export const isOtherHouse = (active: ActiveDistributor | null, distributorId: number) => distributorId !== active?.id;

export const houseSwitchMachine = setup({
  types: {
    context: {} as HouseSwitchContext,
    events: {} as HouseSwitchEvent,
    input: {} as HouseSwitchInput,
  },
  actors: {
    loadHouses: fromObservableWithOutput<CurrentDistributor>(() => dashboardService.currentDistributor()),
    setActiveDistributor: fromObservableWithOutput<ActiveDistributorResponse, { id: number }>((input) => dashboardService.setActiveDistributor(input.id)),
  },
  actions: {
    reportHouses: tellParent((params: CurrentDistributor): HouseSwitchReport => ({ type: 'houseSwitch.housesLoaded', ...params }))(),
    reportSwitched: tellParent((params: ActiveDistributorResponse): HouseSwitchReport => ({ type: 'houseSwitch.switched', activeDistributor: params.activeDistributor }))(),
    reportKept: tellParent({ type: 'houseSwitch.kept' } satisfies HouseSwitchReport)(),
    /** The server moved the user off a family head they had saved as their house: say so, until dismissed. */
    noticeMovedOffHead: sendToNotices((params: CurrentDistributor) => ({
      type: 'notices.added',
      notice: { id: `moved-off-family-head-${Date.now()}`, kind: 'info', ...movedOffFamilyHead(params.movedFrom?.nickname ?? '', params.active.nickname) },
    }))(),
    keepHouses: assign((_, params: CurrentDistributor) => ({ houses: params.houses, activeDistributor: params.active })),
    /** The session follows the new house (header, storage for a reload). */
    setRequested: assign((_, params: { distributorId: number | null }) => ({ requestedDistributorId: params.distributorId })),
    setSwitched: assign((_, params: { response: ActiveDistributorResponse }) => ({ activeDistributor: params.response.activeDistributor, requestedDistributorId: null })),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what)({ event: { error: params.error } }),
    distributorChanged: sendToAuth((params: { response: ActiveDistributorResponse }) => ({ type: 'auth.houseChanged', ...params.response }))(),
  },
  guards: {
    /** The saved active house was a family head, which nobody acts for (issue 39): the server moved the user off it. */
    movedOffFamilyHead: (_, params: CurrentDistributor) => params.movedFrom !== null,
  },
}).createMachine({
  id: 'houseSwitch',
  context: ({ input }) => ({ houses: [], activeDistributor: input.activeDistributor, requestedDistributorId: null }),
  invoke: {
    id: 'loadHouses',
    src: 'loadHouses',
    onDone: [
      {
        guard: { type: 'movedOffFamilyHead', params: ({ event }) => event.output },
        actions: [
          { type: 'keepHouses', params: ({ event }) => event.output },
          { type: 'reportHouses', params: ({ event }) => event.output },
          // The session (header, storage) follows the house the server moved the user to.
          { type: 'distributorChanged', params: ({ event }) => ({ response: { channelPartner: { distributor_id: event.output.active.id }, activeDistributor: event.output.active } }) },
          { type: 'noticeMovedOffHead', params: ({ event }) => event.output },
        ],
      },
      {
        actions: [
          { type: 'keepHouses', params: ({ event }) => event.output },
          { type: 'reportHouses', params: ({ event }) => event.output },
        ],
      },
    ],
    onError: { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'Loading houses', error: event.error }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'houseSwitch.requested': { target: 'switching', actions: { type: 'setRequested', params: ({ event }) => ({ distributorId: event.distributorId }) } },
      },
    },
    /** One switch at a time: the screen asks for no other until it hears this one has ended. */
    switching: {
      invoke: {
        id: 'setActiveDistributor',
        src: 'setActiveDistributor',
        input: ({ context }) => ({ id: context.requestedDistributorId! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setSwitched', params: ({ event }) => ({ response: event.output }) },
            { type: 'distributorChanged', params: ({ event }) => ({ response: event.output }) },
            { type: 'reportSwitched', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'setRequested', params: { distributorId: null } }, { type: 'logFailure', params: ({ event }) => ({ what: 'Switching house', error: event.error }) }, 'reportKept'],
        },
      },
    },
  },
});
