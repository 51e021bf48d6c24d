import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { bostonUsers, dmUserId } from '../dashboard/dashboard-samples.ts';
import { ACTING_STATUS, sampleHouses } from './admin-switch-samples.ts';
import { adminSwitchMachine } from './admin-switch.ts';
import { impersonationBannerMachine } from './impersonation-banner.ts';
import { sameView, selectAdminLoginView, selectBannerView } from './selectors.ts';

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

describe('the impersonation banner', () => {
  it('says who acts as whom and the time left, then that the session has ended; nothing when no admin acts', async () => {
    const run = startControlled(impersonationBannerMachine, { actors: ['loadStatus', 'clock'] });
    const banner = () => selectBannerView(run.actor.getSnapshot());
    expect(banner()).toBeNull();
    await run.replay({ type: 'xstate.done.actor.loadStatus', output: ACTING_STATUS }, 'shown');
    await run.replay({ type: 'banner.tick', now: Date.parse('2026-11-22T09:30:00.000Z') }, 'shown');
    expect(banner()).toMatchObject({ adminName: 'Ada Admin', userName: 'Lee Leader', userEmail: 'leader@harbor.test', left: ', 30:00 left.' });
    expect(banner()!.since).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    await run.replay({ type: 'banner.tick', now: Date.parse('2026-11-22T10:00:05.000Z') }, 'shown');
    expect(banner()!.left).toBe(': the session has ended.');

    const nobody = startControlled(impersonationBannerMachine, { actors: ['loadStatus', 'clock'] });
    await nobody.replay({ type: 'xstate.done.actor.loadStatus', output: { active: false } }, 'hidden');
    expect(selectBannerView(nobody.actor.getSnapshot())).toBeNull();
  });
});
