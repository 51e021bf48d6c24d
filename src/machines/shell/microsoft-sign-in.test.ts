import { describe, expect, it } from 'vitest';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import type { LoginResponse } from '../../model/auth.ts';
import { microsoftSignInMachine } from './microsoft-sign-in.ts';
import { MACHINES } from '../registry.ts';
import { distributorUser, loginAs } from './samples.ts';
import { microsoftConfig, microsoftPayload, MSAL_CLIENT, MSAL_START_FAILED, POPUP_CANCELLED } from './tracking-samples.ts';

const entry = MACHINES.find((m) => m.name === 'microsoft-sign-in')!;
const ACTORS = ['loadConfig', 'startMsal', 'popup', 'login'];

/** The real machine, its services settled by the test, reporting logins into a list. */
function start() {
  const reported: LoginResponse[] = [];
  const run = startControlled(microsoftSignInMachine, {
    actors: ACTORS,
    provide: { actions: { reportSuccess: (_: unknown, { response }: { response: LoginResponse }) => void reported.push(response) } },
  });
  return { ...run, reported };
}

/** What the login page shows in each state: the button, whether it spins, the alert. */
function assertView({ actor, reported }: ReturnType<typeof start>) {
  const s = actor.getSnapshot();
  const buttonShown = !s.matches('loading') && !s.matches('disabled');
  expect(buttonShown).toBe(s.context.config !== null);
  expect(s.context.failure !== null).toBe(s.matches('failed'));
  expect(reported.length).toBe(s.matches('success') ? 1 : 0);
}

describe('microsoft-sign-in, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);

  it('reaches every state', () => expectEveryStateReached(microsoftSignInMachine, paths, 'loading'));

  it('takes every transition the machine defines', () => expectEveryTransitionTaken(microsoftSignInMachine, edges));

  itReplaysEdges(edges, start, assertView);
});

describe('microsoft-sign-in, what reaches the server and the user', () => {
  it('sends the popup token to the server and hands the response to the app', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadConfig', output: microsoftConfig }, 'ready');
    await run.replay({ type: 'microsoft.clicked' }, 'starting');
    expect(run.inputs.startMsal).toEqual([microsoftConfig]);
    await run.replay({ type: 'xstate.done.actor.startMsal', output: MSAL_CLIENT }, 'signingIn');
    expect(run.inputs.popup).toEqual([{ msal: MSAL_CLIENT, config: microsoftConfig }]);
    await run.replay({ type: 'xstate.done.actor.popup', output: microsoftPayload }, 'exchanging');
    expect(run.inputs.login).toEqual([microsoftPayload]);
    await run.replay({ type: 'xstate.done.actor.login', output: loginAs(distributorUser) }, 'success');
    expect(run.reported).toEqual([loginAs(distributorUser)]);
  });

  it("shows MSAL's message when the popup fails, and lets the user try again", async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadConfig', output: microsoftConfig }, 'ready');
    await run.replay({ type: 'microsoft.clicked' }, 'starting');
    await run.replay({ type: 'xstate.done.actor.startMsal', output: MSAL_CLIENT }, 'signingIn');
    await run.replay({ type: 'xstate.error.actor.popup', error: new Error(POPUP_CANCELLED) }, 'failed');
    expect(run.actor.getSnapshot().context.failure).toBe(POPUP_CANCELLED);
    await run.replay({ type: 'microsoft.dialogClosed' }, 'ready');
    // The client started on the first click serves the second: MSAL is not loaded again.
    await run.replay({ type: 'microsoft.clicked' }, 'signingIn');
    expect(run.inputs.startMsal).toHaveLength(1);
    expect(run.inputs.popup).toHaveLength(2);
  });

  it('says why MSAL could not start, and starts it again on the next click', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadConfig', output: microsoftConfig }, 'ready');
    await run.replay({ type: 'microsoft.clicked' }, 'starting');
    await run.replay({ type: 'xstate.error.actor.startMsal', error: new Error(MSAL_START_FAILED) }, 'failed');
    expect(run.actor.getSnapshot().context.failure).toBe(MSAL_START_FAILED);
    await run.replay({ type: 'microsoft.dialogClosed' }, 'ready');
    await run.replay({ type: 'microsoft.clicked' }, 'starting');
    expect(run.inputs.startMsal).toHaveLength(2);
  });

  it('ignores clicks while the popup is open, and falls back to a generic message for odd errors', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadConfig', output: microsoftConfig }, 'ready');
    await run.replay({ type: 'microsoft.clicked' }, 'starting');
    await run.replay({ type: 'microsoft.clicked' }, 'starting');
    await run.replay({ type: 'xstate.done.actor.startMsal', output: MSAL_CLIENT }, 'signingIn');
    await run.replay({ type: 'microsoft.clicked' }, 'signingIn');
    expect(run.inputs.startMsal).toHaveLength(1);
    expect(run.inputs.popup).toHaveLength(1);
    await run.replay({ type: 'xstate.error.actor.popup', error: 'no message' }, 'failed');
    expect(run.actor.getSnapshot().context.failure).toBe('Something went wrong');
  });
});
