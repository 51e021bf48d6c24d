import { map } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { LoadSpeeds } from '../../model/admin.ts';
import { adminService } from '../../services/admin-service.ts';
import { browserStore } from '../../services/storage.ts';
import { after$ } from '../../services/timers.ts';

/**
 * The dashboard's load-speed test, shown while the testing flag is on (analytics spec §6, §7):
 * default 10 runs through GET /test/dash/load-speeds, 'Sent!' or 'Failed.' for 3 s, the timings kept.
 */
export const LOAD_TEST_DEFAULT = 10;
export const LOAD_TEST_NOTICE_MS = 3000;

export interface LoadSpeedContext {
  userId: number;
  adminEmail: string;
  amount: number;
  timings: number[];
  /** The testing flag as it was when the dashboard opened. */
  enabled: boolean;
}

export interface LoadSpeedInput {
  userId: number;
  adminEmail: string;
  /** The testing flag; the stored admin data's unless a test passes its own. */
  enabled?: boolean;
}

export type LoadSpeedEvent =
  | { type: 'loadTest.amountChanged'; amount: number }
  | { type: 'loadTest.started' }
  | { type: 'loadTest.noticeExpired' };

const noticeFor3s = { id: 'notice', src: 'notice' } as const;

export const loadSpeedMachine = setup({
  types: { context: {} as LoadSpeedContext, events: {} as LoadSpeedEvent, input: {} as LoadSpeedInput },
  actors: {
    run: fromObservableWithOutput<LoadSpeeds, { userId: number; adminEmail: string; amount: number }>(({ userId, adminEmail, amount }) => adminService.loadSpeeds(userId, adminEmail, amount)),
    notice: fromEventObservable(() => after$(LOAD_TEST_NOTICE_MS).pipe(map((): LoadSpeedEvent => ({ type: 'loadTest.noticeExpired' })))),
  },
  guards: {
    // Only with the testing flag on (and an admin behind the session) is the test shown and run.
    mayRun: ({ context }) => context.enabled && context.adminEmail !== '',
  },
  actions: {
    /** 1–50 runs; what is no number is the default. */
    setAmount: assign((_, params: { amount: number }) => ({ amount: Math.min(50, Math.max(1, Math.round(params.amount) || LOAD_TEST_DEFAULT)) })),
    keepTimings: assign((_, params: { timings: number[] }) => ({ timings: params.timings })),
  },
}).createMachine({
  id: 'loadSpeed',
  context: ({ input }) => ({
    userId: input.userId, adminEmail: input.adminEmail, amount: LOAD_TEST_DEFAULT, timings: [], enabled: input.enabled ?? browserStore.getTestingEnabled(),
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'loadTest.amountChanged': { actions: { type: 'setAmount', params: ({ event }) => ({ amount: event.amount }) } },
        'loadTest.started': { guard: 'mayRun', target: 'running' },
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => ({ userId: context.userId, adminEmail: context.adminEmail, amount: context.amount }),
        onDone: { target: 'sent', actions: { type: 'keepTimings', params: ({ event }) => ({ timings: event.output.timingsMs }) } },
        onError: 'failed',
      },
    },
    sent: { invoke: noticeFor3s, on: { 'loadTest.noticeExpired': 'idle' } },
    failed: { invoke: noticeFor3s, on: { 'loadTest.noticeExpired': 'idle' } },
  },
});
