import { describe, expect, it } from 'vitest';
import { distinctEdges, edgeKey, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../../tests/paths/replay-actor.ts';
import { USER_DEACTIVATED, USER_UPDATED } from '../../model/user-permissions.ts';
import { ApiError } from '../../services/api-client.ts';
import { canSave, editUserMachine, emailMoved, updatePayload, UPDATE_FAILED } from './edit-user.ts';
import { USER_MANAGEMENT_MACHINES } from './registration.ts';
import { dmManager, harborCafe, leaderManager, loadedDm, pierGrill, sampleUserRow } from './user-management-samples.ts';

const entry = USER_MANAGEMENT_MACHINES.find((m) => m.name === 'edit-user')!;

function startReal() {
  let changes = 0;
  const run = startControlled(editUserMachine, {
    actors: ['loadUser', 'saveUser', 'deactivateUser'],
    provide: { actions: { userChanged: () => void changes++ } },
  });
  return { ...run, changes: () => changes };
}

describe('edit-user, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(entry));

  it('reaches every state and takes every transition the machine defines', () => {
    const reached = new Set(edges.flatMap((e) => e.states.map(String)));
    expect([...reached, 'closed'].sort()).toEqual(expect.arrayContaining(Object.keys(editUserMachine.root.states).sort()));
    expectEveryTransitionTaken(editUserMachine, edges);
  });

  for (const edge of edges) {
    it(`replays ${edgeKey(edge)} after ${edge.path.length - 1} events`, async () => {
      const run = startReal();
      const { actor, callsOf } = run;
      await replaySteps(run, edge.path, edge.states, (i, before) => {
        const event = edge.path[i]!;
        const { value, context } = actor.getSnapshot();
        // What a user would notice at each step: Save only sends a change, and sends exactly the draft.
        if (value === 'saving') {
          expect(canSave(before)).toBe(true);
          expect(callsOf('saveUser').at(-1)!.input).toEqual({ userId: context.user!.id, payload: updatePayload(context.draft!) });
        }
        if (value === 'loading') expect(callsOf('loadUser').at(-1)!.input).toEqual({ userId: context.user!.id });
        if (value === 'deactivating') expect(context.user!.canDeactivate).toBe(true);
        if (event.type === 'edit.locationsAdded' && value === 'editing') expect(before.picked.length).toBeGreaterThan(0);
      });
    });
  }
});

describe('edit-user, behaviour', () => {
  const open = async (r: ReturnType<typeof startReal>, user = sampleUserRow(), me = leaderManager) => {
    await r.replay({ type: 'edit.opened', user, me }, 'loading');
    await r.replay({ type: 'xstate.done.actor.loadUser', output: loadedDm }, 'editing');
  };

  it("loads the user's locations, enables Save only on a change, and saves the new role", async () => {
    const r = startReal();
    await open(r);
    expect(r.callsOf('loadUser')[0]!.input).toEqual({ userId: 3 });
    expect(r.actor.getSnapshot().context.draft!.locations).toEqual([harborCafe]);
    expect(canSave(r.actor.getSnapshot().context)).toBe(false);
    await r.replay({ type: 'edit.saved' }, 'editing'); // nothing changed: nothing sent
    await r.replay({ type: 'edit.emailChanged', value: 'dana@harbor.test' }, 'editing');
    expect(canSave(r.actor.getSnapshot().context)).toBe(true);
    await r.replay({ type: 'edit.emailChanged', value: 'dm@harbor.test' }, 'editing');
    expect(canSave(r.actor.getSnapshot().context)).toBe(false); // back as it was
    await r.replay({ type: 'edit.roleChanged', title: 'Operations' }, 'editing');
    await r.replay({ type: 'edit.saved' }, 'saving');
    expect(r.callsOf('saveUser')[0]!.input).toEqual({
      userId: 3,
      payload: { email: 'dm@harbor.test', title: 'Operations', displayPaymentInfo: false, inviteAll: false, locations: ['11'] },
    });
    await r.replay({ type: 'xstate.done.actor.saveUser', output: { message: USER_UPDATED } }, 'closed');
    expect(r.actor.getSnapshot().context.notice).toMatchObject({ kind: 'success', message: 'User updated successfully!' });
    expect(r.changes()).toBe(1);
  });

  it('adds picked locations (Add does nothing with none checked), clears them all, and sends NONE or []', async () => {
    const r = startReal();
    await open(r);
    await r.replay({ type: 'edit.addLocationsOpened' }, 'picking');
    await r.replay({ type: 'edit.locationsAdded' }, 'picking');
    await r.replay({ type: 'edit.locationPicked', id: pierGrill.id }, 'picking');
    await r.replay({ type: 'edit.locationsAdded' }, 'editing');
    expect(updatePayload(r.actor.getSnapshot().context.draft!).locations).toEqual(['11', '12']);
    await r.replay({ type: 'edit.locationsCleared' }, 'editing');
    expect(updatePayload(r.actor.getSnapshot().context.draft!).locations).toEqual(['NONE']);
    await r.replay({ type: 'edit.inviteAllChanged', value: true }, 'editing');
    expect(updatePayload(r.actor.getSnapshot().context.draft!)).toMatchObject({ inviteAll: true, locations: [] });
  });

  it("says the location list could not be loaded and cannot save", async () => {
    const r = startReal();
    await r.replay({ type: 'edit.opened', user: sampleUserRow(), me: leaderManager }, 'loading');
    await r.replay({ type: 'xstate.error.actor.loadUser', error: new ApiError(500, 'boom') }, 'loadFailed');
    await r.replay({ type: 'edit.saved' }, 'loadFailed');
    expect(r.callsOf('saveUser')).toEqual([]);
  });

  it('keeps the draft and shows the server’s reason when saving fails, or the unknown-error text', async () => {
    const r = startReal();
    await open(r);
    await r.replay({ type: 'edit.paymentInfoChanged', value: true }, 'editing');
    await r.replay({ type: 'edit.saved' }, 'saving');
    await r.replay({ type: 'xstate.error.actor.saveUser', error: new ApiError(400, 'A user with this email already exists.') }, 'editing');
    expect(r.actor.getSnapshot().context.notice).toMatchObject({ kind: 'error', title: 'Something went wrong!', message: 'A user with this email already exists.' });
    expect(r.actor.getSnapshot().context.draft!.displayPaymentInfo).toBe(true);
    await r.replay({ type: 'edit.saved' }, 'saving');
    await r.replay({ type: 'xstate.error.actor.saveUser', error: new ApiError(0, 'offline') }, 'editing');
    expect(r.actor.getSnapshot().context.notice!.message).toBe(UPDATE_FAILED);
    expect(r.changes()).toBe(0);
  });

  it('deactivates only after confirmation, and only when the server allows it', async () => {
    const r = startReal();
    await open(r);
    await r.replay({ type: 'edit.deactivateAsked' }, 'confirmingDeactivate');
    await r.replay({ type: 'edit.deactivateCancelled' }, 'editing');
    expect(r.callsOf('deactivateUser')).toEqual([]);
    await r.replay({ type: 'edit.deactivateAsked' }, 'confirmingDeactivate');
    await r.replay({ type: 'edit.deactivateConfirmed' }, 'deactivating');
    expect(r.callsOf('deactivateUser')[0]!.input).toEqual({ userId: 3 });
    await r.replay({ type: 'xstate.done.actor.deactivateUser', output: { message: USER_DEACTIVATED } }, 'closed');
    expect(r.actor.getSnapshot().context.notice!.message).toBe('User Deactivated!');
    expect(r.changes()).toBe(1);

    const other = startReal();
    await open(other, sampleUserRow({ canDeactivate: false }));
    await other.replay({ type: 'edit.deactivateAsked' }, 'editing');
  });

  it('lets a District Manager change only their own email', async () => {
    const r = startReal();
    await open(r, sampleUserRow({ canDeactivate: false }), dmManager);
    expect(r.actor.getSnapshot().context.selfEdit).toBe(true);
    for (const event of [
      { type: 'edit.roleChanged', title: 'Leadership' }, { type: 'edit.paymentInfoChanged', value: true },
      { type: 'edit.inviteAllChanged', value: true }, { type: 'edit.locationsCleared' }, { type: 'edit.addLocationsOpened' },
    ] as const) await r.replay(event, 'editing');
    expect(canSave(r.actor.getSnapshot().context)).toBe(false);
    await r.replay({ type: 'edit.emailChanged', value: 'dana@harbor.test' }, 'editing');
    await r.replay({ type: 'edit.saved' }, 'saving');
    expect(r.callsOf('saveUser')[0]!.input).toMatchObject({ payload: { email: 'dana@harbor.test', title: 'District Manager', locations: ['11'] } });
  });

  it('notes that a new email for someone else awaits the owner, but not for oneself or an internal admin', async () => {
    const moved = async (me: typeof leaderManager) => {
      const r = startReal();
      await open(r, sampleUserRow(), me);
      const before = emailMoved(r.actor.getSnapshot().context);
      await r.replay({ type: 'edit.emailChanged', value: 'DM@harbor.test ' }, 'editing');
      const caseOnly = emailMoved(r.actor.getSnapshot().context);
      await r.replay({ type: 'edit.emailChanged', value: 'dana@harbor.test' }, 'editing');
      const { context } = r.actor.getSnapshot();
      return { before, caseOnly, after: emailMoved(context), ownerApproves: context.ownerApproves };
    };
    expect(await moved(leaderManager)).toEqual({ before: false, caseOnly: false, after: true, ownerApproves: true });
    expect((await moved(dmManager)).ownerApproves).toBe(false);
    expect((await moved({ id: 1, title: null, internalAdmin: true })).ownerApproves).toBe(false);
  });
});
