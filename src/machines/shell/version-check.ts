import { map } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import { newerVersion$, versionService } from '../../services/version-service.ts';
import { sendToNotices } from './system-actors.ts';

export const UPDATE_NOTICE_ID = 'new-version';

/**
 * Notices a new deployment (accounts spec §4): the RxJS stream `newerVersion$` polls /version.txt
 * every 5 minutes and reports the first version that differs from the page's own; the machine
 * announces the update once and stops.
 */

export interface VersionCheckInput {
  /** The page's build-time version (__APP_VERSION__). */
  currentVersion: string;
}

export interface VersionCheckContext {
  currentVersion: string;
  servedVersion: string | null;
}

export type VersionCheckEvent = { type: 'version.newer'; servedVersion: string };

export const versionCheckMachine = setup({
  types: {
    context: {} as VersionCheckContext,
    input: {} as VersionCheckInput,
    events: {} as VersionCheckEvent,
  },
  actors: {
    watchVersion: fromEventObservable(({ input }: { input: { currentVersion: string } }) =>
      newerVersion$(versionService.servedVersion, input.currentVersion).pipe(
        map((servedVersion): VersionCheckEvent => ({ type: 'version.newer', servedVersion })),
      ),
    ),
  },
  actions: {
    setServedVersion: assign((_, params: { servedVersion: string }) => ({ servedVersion: params.servedVersion })),
    /** Puts the update notice up (spec §4, §8). */
    announceUpdate: sendToNotices((_: { servedVersion: string }) => ({
      type: 'notices.added',
      notice: { id: UPDATE_NOTICE_ID, kind: 'update', title: 'A new version is available', message: 'Please refresh the page to update the portal.' },
    }))(),
  },
}).createMachine({
  id: 'versionCheck',
  context: ({ input }) => ({ currentVersion: input.currentVersion, servedVersion: null }),
  initial: 'watching',
  states: {
    watching: {
      invoke: { id: 'watchVersion', src: 'watchVersion', input: ({ context }) => ({ currentVersion: context.currentVersion }) },
      on: {
        'version.newer': {
          target: 'outdated',
          actions: [
            { type: 'setServedVersion', params: ({ event }) => ({ servedVersion: event.servedVersion }) },
            { type: 'announceUpdate', params: ({ event }) => ({ servedVersion: event.servedVersion }) },
          ],
        },
      },
    },
    // Announced once; nothing more to learn until the page reloads.
    outdated: { type: 'final' },
  },
});
