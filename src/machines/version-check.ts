import { assign, fromPromise, setup } from 'xstate';
import { fetchServedVersion } from '../services/version-service.ts';

/** How often the served version is compared with the page's own (accounts spec §9). */
export const VERSION_POLL_MS = 300_000;

/**
 * Notices a new deployment (accounts spec §4): every 5 minutes reads /version.txt and compares it
 * with the version this page was built with; on a mismatch it announces an update once and stops.
 */

export interface VersionCheckInput {
  /** The page's build-time version (__APP_VERSION__). */
  currentVersion: string;
}

export interface VersionCheckContext {
  currentVersion: string;
  servedVersion: string | null;
}

export const versionCheckMachine = setup({
  types: {
    context: {} as VersionCheckContext,
    input: {} as VersionCheckInput,
  },
  delays: { poll: VERSION_POLL_MS },
  actors: {
    fetchVersion: fromPromise<string>(({ signal }) => fetchServedVersion(signal)),
  },
  actions: {
    /** Replaced by the app with `provide`: puts the update notice up. */
    announceUpdate: (_, _params: { servedVersion: string }) => {},
  },
}).createMachine({
  id: 'versionCheck',
  context: ({ input }) => ({ currentVersion: input.currentVersion, servedVersion: null }),
  initial: 'waiting',
  states: {
    waiting: {
      after: { poll: 'checking' },
    },
    checking: {
      invoke: {
        id: 'fetchVersion',
        src: 'fetchVersion',
        onDone: [
          {
            guard: ({ context, event }) => event.output !== context.currentVersion,
            target: 'outdated',
            actions: [
              assign(({ event }) => ({ servedVersion: event.output })),
              { type: 'announceUpdate', params: ({ event }) => ({ servedVersion: event.output }) },
            ],
          },
          { target: 'waiting' },
        ],
        // Offline or the server restarting: try again at the next poll.
        onError: { target: 'waiting' },
      },
    },
    // Announced once; nothing more to learn until the page reloads.
    outdated: { type: 'final' },
  },
});
