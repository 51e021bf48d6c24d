import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { bostonUsers, dmUserId } from '../dashboard/dashboard-samples.ts';
import { sampleHouses } from './admin-switch-samples.ts';
import { adminSwitchMachine } from './admin-switch.ts';
import { sameView, selectAdminLoginView } from './selectors.ts';

const start = () => startControlled(adminSwitchMachine, { actors: ['loadHouses', 'loadUsers', 'switchSession'], provide: { actions: { switchedIn: () => {} } } });
const view = (run: ReturnType<typeof start>) => selectAdminLoginView(run.actor.getSnapshot());

describe('the /admin-login view', () => {
  it('while the distributors load: only the loading picker, nothing else enabled', () => {
    const run = start();
    expect(view(run)).toMatchObject({
      housePlaceholder: 'Loading distributors…', houseLoading: true, houseDisabled: true, retryHouses: false,
      userDisabled: true, reasonDisabled: true, submitDisabled: true, busy: false,
    });
  });

  it('a failed load offers Try again', async () => {
    const run = start();
    await run.replay({ type: 'xstate.error.actor.loadHouses', error: new Error('x') }, 'housesFailed');
    expect(view(run).retryHouses).toBe(true);
  });

  it('the user, the reason and the submit follow what the machine takes', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadHouses', output: sampleHouses }, 'pickingHouse');
    expect(view(run)).toMatchObject({ houseDisabled: false, userPlaceholder: 'Pick a distributor first', userDisabled: true });
    await run.replay({ type: 'adminSwitch.houseChosen', houseId: 10 }, 'loadingUsers');
    expect(view(run)).toMatchObject({ userPlaceholder: 'Loading users…', userLoading: true, userDisabled: true, reasonDisabled: true });
    await run.replay({ type: 'xstate.done.actor.loadUsers', output: bostonUsers }, 'pickingUser');
    expect(view(run)).toMatchObject({ userPlaceholder: 'Pick a user', userDisabled: false, reasonDisabled: false, submitDisabled: true });
    await run.replay({ type: 'adminSwitch.userChosen', userId: dmUserId }, 'pickingUser');
    expect(view(run)).toMatchObject({ userId: String(dmUserId), submitDisabled: false });
    await run.replay({ type: 'adminSwitch.reasonChanged', reason: 'Ticket 981' }, 'pickingUser');
    await run.replay({ type: 'adminSwitch.submitted' }, 'switching');
    expect(view(run)).toMatchObject({ busy: true, houseDisabled: true, userDisabled: true, reasonDisabled: true, submitDisabled: true });
  });

  it('the house groups stay the same while the houses do (the view compares field by field)', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadHouses', output: sampleHouses }, 'pickingHouse');
    const before = view(run);
    expect(sameView(before, view(run))).toBe(true);
  });
});
