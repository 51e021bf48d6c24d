import { assign, enqueueActions, setup, type ActorRef, type Snapshot } from 'xstate';
import type { PageRouteEvent, RouteGoEvent } from '../shell/page-spec.ts';
import { checkDetailsMachine } from './check-details.ts';

export interface MerchantCheckPageInput {
  /** The route's merchant id (NaN or below 1 for a malformed one: the page goes to the list). */
  merchantId: number;
  /** The merchant's name, as the route writes it (the page's title). */
  name: string;
  /** The user's active house. */
  distributorId: number | null;
}

export type MerchantCheckPageContext = MerchantCheckPageInput;
export type MerchantCheckPageEvent = PageRouteEvent;

/**
 * /paymentinformation/{merchantid}/{merchant} (accounts spec §2.7): one merchant's check, quarter
 * by quarter, its child (id `details`, a check-details machine starting with the newest quarter).
 * A malformed merchant id sends the page to the list; another name in the route is the title.
 */
export const merchantCheckPageMachine = setup({
  types: {
    context: {} as MerchantCheckPageContext,
    events: {} as MerchantCheckPageEvent,
    input: {} as MerchantCheckPageInput,
    children: {} as { details: 'details' },
  },
  actors: { details: checkDetailsMachine },
  guards: {
    malformedId: ({ context }) => !Number.isInteger(context.merchantId) || context.merchantId < 1,
  },
  actions: {
    rename: assign(({ context, event }) => ({ name: event.params.merchant ?? context.name })),
    goToList: enqueueActions(({ enqueue, system }) => {
      const router = system.get('router') as ActorRef<Snapshot<unknown>, RouteGoEvent> | undefined;
      if (router) enqueue.sendTo(router, { type: 'route.go', to: '/paymentinformation/list', replace: true });
    }),
  },
}).createMachine({
  id: 'merchantCheckPage',
  context: ({ input }) => input,
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'malformedId', target: 'malformed' }, { target: 'showing' }] },
    showing: {
      invoke: {
        id: 'details',
        src: 'details',
        input: ({ context }) => ({ merchantId: context.merchantId, timeframe: null, distributorId: context.distributorId }),
      },
      on: { 'route.changed': { actions: 'rename' } },
    },
    malformed: { type: 'final', entry: 'goToList' },
  },
});
