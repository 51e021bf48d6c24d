import { assign, fromEventObservable, setup } from 'xstate';
import { map } from 'rxjs';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { ImpersonationStatus } from '../../model/impersonation.ts';
import { adminService } from '../../services/admin-service.ts';
import { clock$ } from '../../services/timers.ts';

/**
 * The banner every screen shows while an admin acts as a user (docs/admin-tools.md): whom, since when, the
 * time left (a clock ticking each second) and Switch User. The server ends the session at expiry;
 * the banner then says so and the next call's 401 logs out.
 */
export interface ImpersonationBannerContext {
  status: ImpersonationStatus | null;
  now: number;
}

export type ImpersonationBannerEvent = { type: 'banner.tick'; now: number };

export const impersonationBannerMachine = setup({
  types: { context: {} as ImpersonationBannerContext, events: {} as ImpersonationBannerEvent },
  actors: {
    loadStatus: fromObservableWithOutput<ImpersonationStatus>(() => adminService.impersonation()),
    clock: fromEventObservable(() => clock$(1000).pipe(map((now): ImpersonationBannerEvent => ({ type: 'banner.tick', now })))),
  },
  guards: { acting: ({ event }) => (event as unknown as { output: ImpersonationStatus }).output.active },
  actions: {
    show: assign((_, status: ImpersonationStatus) => ({ status })),
    tick: assign((_, now: number) => ({ now })),
  },
}).createMachine({
  id: 'impersonationBanner',
  context: { status: null, now: Date.now() },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: 'acting', target: 'shown', actions: { type: 'show', params: ({ event }) => event.output } },
          { target: 'hidden' },
        ],
        onError: 'hidden',
      },
    },
    shown: {
      invoke: { id: 'clock', src: 'clock' },
      on: { 'banner.tick': { actions: { type: 'tick', params: ({ event }) => event.now } } },
    },
    hidden: {},
  },
});
