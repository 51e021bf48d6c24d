import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import type { UserRow } from '../../model/account.ts';
import type { SessionUser } from '../../model/session-user.ts';
import { adminUser, distributorUser, repUser } from '../shell/samples.ts';
import type { selectUser } from '../shell/selectors.ts';
import { callDouble } from '../testing/call-double.ts';
import { editUserMachine } from './edit-user.ts';
import { ApiError } from '../../services/api-client.ts';
import { assignableTitles } from '../../model/user-permissions.ts';
import { inviteUserMachine } from './invite-user.ts';
import { pendingUsersMachine } from './pending-users.ts';
import { locationLabel, roleOptions } from './role-options.ts';
import {
  EDIT_EMAIL_INVALID, INVITE_LOCATIONS_FAILED, sameView, selectInviteView, selectPendingView, managerGates, selectAwaitsOwner, selectEditDrawerView, selectCanSave, selectEmailError,
  selectEmptyText, selectLocationChoices, selectLocationFilter, selectLocationPickerView, selectManager, selectManagerView, selectOffersLocationFilter, selectShownLocationChoices,
  selectShownUsers, selectUserManagementView,
} from './selectors.ts';
import { userListMachine } from './user-list.ts';
import { dockDiner, harborCafe, leaderManager, loadedDm, merchant, pierGrill, samplePending, sampleUserRow } from './user-management-samples.ts';

/** The auth snapshot as the selectors read it: the signed-in user. */
const signedIn = (user: SessionUser | null) => ({ context: { user, adminUser: null } }) as unknown as Parameters<typeof selectUser>[0];
const gatesOf = (user: SessionUser) => managerGates(selectManager(signedIn(user)));

describe('who may do what on /user-management', () => {
  it('offers Invite User and the pending sign-ups to a leader, with every role but Admin', () => {
    expect(gatesOf(distributorUser)).toEqual({ invite: true, approve: true, titles: expect.not.arrayContaining(['Admin']) });
    expect(gatesOf(distributorUser).titles).toContain('Leadership');
  });

  it('offers neither to a Distributor Rep', () => {
    expect(gatesOf(repUser)).toMatchObject({ invite: false, approve: false });
  });

  it('offers an internal admin every role, Admin too', () => {
    expect(gatesOf(adminUser)).toMatchObject({ invite: true, approve: true, titles: expect.arrayContaining(['Admin', 'Leadership']) });
  });

  it('offers nothing when nobody is signed in', () => {
    expect(managerGates(selectManager(signedIn(null)))).toEqual({ invite: false, approve: false, titles: [] });
  });

  it('the header view model: who manages and what they may do, nobody before sign-in', () => {
    expect(selectManagerView(signedIn(repUser))).toMatchObject({ me: { id: repUser.id }, invite: false });
    expect(selectManagerView(signedIn(null))).toEqual({ me: null, invite: false, approve: false, titles: [] });
  });
});

describe('what the users table shows', () => {
  const dana = sampleUserRow();
  const riley = sampleUserRow({ id: 4, contactName: 'Riley Rep', email: 'rep@harbor.test' });
  const start = (users: UserRow[]) => createActor(userListMachine.provide({ actors: { loadUsers: callDouble(async () => users) } }), { input: { siteUrl: 'http://127.0.0.1:8080', approves: false } }).start();

  it('says it is loading, then lists the users matching the search, or why none', async () => {
    const actor = start([dana, riley]);
    expect([selectShownUsers(actor.getSnapshot()), selectEmptyText(actor.getSnapshot())]).toEqual([[], 'Loading users…']);
    await waitFor(actor, (s) => s.value === 'loaded');
    expect(selectShownUsers(actor.getSnapshot())).toEqual([dana, riley]);
    actor.send({ type: 'users.searchChanged', value: ' nobody ' });
    expect([selectShownUsers(actor.getSnapshot()), selectEmptyText(actor.getSnapshot())]).toEqual([[], 'No users match "nobody"']);
  });

  it('the page view model: the search can be cleared once typed; a failed load says so', async () => {
    const actor = start([dana, riley]);
    await waitFor(actor, (s) => s.value === 'loaded');
    expect(selectUserManagementView(actor.getSnapshot())).toMatchObject({ failed: false, search: '', clearable: false, rows: [dana, riley] });
    actor.send({ type: 'users.searchChanged', value: 'riley' });
    expect(selectUserManagementView(actor.getSnapshot())).toMatchObject({ search: 'riley', clearable: true, rows: [riley] });
    const failing = createActor(userListMachine.provide({ actors: { loadUsers: callDouble(async (): Promise<UserRow[]> => { throw new ApiError(500, 'Boom'); }) } }), { input: { siteUrl: 'http://127.0.0.1:8080', approves: false } }).start();
    await waitFor(failing, (s) => s.value === 'failed');
    expect(selectUserManagementView(failing.getSnapshot()).failed).toBe(true);
  });

  it('asks to pick a distributor when there are no users', async () => {
    const actor = start([]);
    await waitFor(actor, (s) => s.value === 'loaded');
    expect(selectEmptyText(actor.getSnapshot())).toBe('Select Distributor to Display Users');
  });
});

describe('the Add Locations picker', () => {
  it('offers the locations the user does not have yet', async () => {
    const r = startControlled(editUserMachine, { actors: ['loadUser', 'saveUser', 'deactivateUser'] });
    await r.replay({ type: 'edit.opened', user: sampleUserRow(), me: leaderManager }, 'loading');
    await r.replay({ type: 'xstate.done.actor.loadUser', output: loadedDm }, 'editing');
    expect(selectLocationChoices(r.actor.getSnapshot())).toEqual([pierGrill, dockDiner]);
  });

  it('narrows the list to the text typed (name or DCN, any case), keeps what was ticked, and forgets the text when reopened', async () => {
    const r = startControlled(editUserMachine, { actors: ['loadUser', 'saveUser', 'deactivateUser'] });
    await r.replay({ type: 'edit.opened', user: sampleUserRow(), me: leaderManager }, 'loading');
    await r.replay({ type: 'xstate.done.actor.loadUser', output: loadedDm }, 'editing');
    await r.replay({ type: 'edit.addLocationsOpened' }, 'picking');
    const now = () => r.actor.getSnapshot();
    r.actor.send({ type: 'edit.locationPicked', id: dockDiner.id });
    r.actor.send({ type: 'edit.locationFilterChanged', value: ' PIER ' });
    expect([selectLocationFilter(now()), selectShownLocationChoices(now())]).toEqual([' PIER ', [pierGrill]]);
    r.actor.send({ type: 'edit.locationFilterChanged', value: `D${dockDiner.id}` });
    expect(selectShownLocationChoices(now())).toEqual([dockDiner]);
    expect(now().context.picked).toEqual([dockDiner.id]);
    await r.replay({ type: 'edit.addLocationsCancelled' }, 'editing');
    await r.replay({ type: 'edit.addLocationsOpened' }, 'picking');
    expect(selectShownLocationChoices(now())).toEqual([pierGrill, dockDiner]);
  });

  it('the picker view model: each location labelled and ticked or not; Add waits for a tick', async () => {
    const r = startControlled(editUserMachine, { actors: ['loadUser', 'saveUser', 'deactivateUser'] });
    await r.replay({ type: 'edit.opened', user: sampleUserRow(), me: leaderManager }, 'loading');
    await r.replay({ type: 'xstate.done.actor.loadUser', output: loadedDm }, 'editing');
    await r.replay({ type: 'edit.addLocationsOpened' }, 'picking');
    const picker = () => selectLocationPickerView(r.actor.getSnapshot());
    expect(picker()).toMatchObject({ noChoices: false, offersFilter: false, addDisabled: true });
    r.actor.send({ type: 'edit.locationPicked', id: dockDiner.id });
    expect(picker().rows).toEqual([
      { id: pierGrill.id, label: 'Pier Grill (D12)', checked: false },
      { id: dockDiner.id, label: 'Dock Diner (D13)', checked: true },
    ]);
    expect(picker().addDisabled).toBe(false);
  });

  it('offers Find a location only for more than eight choices', async () => {
    const r = startControlled(editUserMachine, { actors: ['loadUser', 'saveUser', 'deactivateUser'] });
    await r.replay({ type: 'edit.opened', user: sampleUserRow(), me: leaderManager }, 'loading');
    const many = Array.from({ length: 9 }, (_, i) => merchant(100 + i, `Place ${i}`));
    await r.replay({ type: 'xstate.done.actor.loadUser', output: { ...loadedDm, choices: [harborCafe, ...many] } }, 'editing');
    expect(selectOffersLocationFilter(r.actor.getSnapshot())).toBe(true);
    await r.replay({ type: 'edit.addLocationsOpened' }, 'picking');
    await r.replay({ type: 'edit.locationPicked', id: 100 }, 'picking');
    await r.replay({ type: 'edit.locationsAdded' }, 'editing');
    expect(selectOffersLocationFilter(r.actor.getSnapshot())).toBe(false);
  });
});

describe('the Email field of Edit User', () => {
  it('says why Save is disabled for an address that is not one (issue 39), and only for a changed one', async () => {
    const r = startControlled(editUserMachine, { actors: ['loadUser', 'saveUser', 'deactivateUser'] });
    await r.replay({ type: 'edit.opened', user: sampleUserRow(), me: leaderManager }, 'loading');
    await r.replay({ type: 'xstate.done.actor.loadUser', output: loadedDm }, 'editing');
    const now = () => r.actor.getSnapshot();
    const original = now().context.original!.email;
    expect([selectEmailError(now()), selectCanSave(now())]).toEqual([null, false]);
    r.actor.send({ type: 'edit.emailChanged', value: 'bad-email' });
    expect([selectEmailError(now()), selectCanSave(now()), selectAwaitsOwner(now())]).toEqual([EDIT_EMAIL_INVALID, false, false]);
    r.actor.send({ type: 'edit.emailChanged', value: 'good@harbor.test' });
    expect([selectEmailError(now()), selectCanSave(now())]).toEqual([null, true]);
    r.actor.send({ type: 'edit.emailChanged', value: ` ${original} ` });
    expect(selectEmailError(now())).toBeNull();
  });
});

describe('the Edit User drawer view: what is enabled', () => {
  const start = () => startControlled(editUserMachine, { actors: ['loadUser', 'saveUser', 'deactivateUser'], provide: { actions: { userChanged: () => {} } } });
  const view = (r: ReturnType<typeof start>) => selectEditDrawerView(r.actor.getSnapshot(), assignableTitles(leaderManager));

  it('follows the machine: loading, editing, the confirmation, deactivating', async () => {
    const r = start();
    expect(view(r)).toMatchObject({ opened: false });
    await r.replay({ type: 'edit.opened', user: { ...sampleUserRow(), canDeactivate: true }, me: leaderManager }, 'loading');
    expect(view(r)).toMatchObject({ opened: true, loading: true, showForm: false, closable: true });
    await r.replay({ type: 'xstate.done.actor.loadUser', output: loadedDm }, 'editing');
    expect(view(r)).toMatchObject({ showForm: true, mayAddLocations: true, mayRemoveLocation: true, mayDeactivate: true, maySave: false, picking: false });
    await r.replay({ type: 'edit.deactivateAsked' }, 'confirmingDeactivate');
    expect(view(r)).toMatchObject({ confirmOpen: true, mayCancelDeactivate: true, mayAddLocations: false, mayDeactivate: false, maySave: false });
    await r.replay({ type: 'edit.deactivateConfirmed' }, 'deactivating');
    expect(view(r)).toMatchObject({ confirmOpen: true, mayCancelDeactivate: false, deactivating: true, closable: false });
  });

  it('offers the roles the editor may give, and the user’s own even when the editor may not give it', async () => {
    const r = start();
    await r.replay({ type: 'edit.opened', user: sampleUserRow({ title: 'Leadership', canDeactivate: false }), me: leaderManager }, 'loading');
    await r.replay({ type: 'xstate.done.actor.loadUser', output: { ...loadedDm, locations: [] } }, 'editing');
    const dmTitles = assignableTitles({ id: 3, title: 'District Manager', internalAdmin: false });
    const drawer = selectEditDrawerView(r.actor.getSnapshot(), dmTitles);
    expect(drawer.roleOptions).toEqual(roleOptions(['Leadership', ...dmTitles]));
    expect(drawer.role).toBe(roleOptions(['Leadership'])[0]!.value);
    expect(drawer).toMatchObject({ everyLocation: false, noLocations: true, offersDeactivate: false, emailNote: undefined });
  });

  it('on one’s own account only the email can change', async () => {
    const r = start();
    const me = { ...leaderManager };
    await r.replay({ type: 'edit.opened', user: { ...sampleUserRow(), id: me.id }, me }, 'loading');
    await r.replay({ type: 'xstate.done.actor.loadUser', output: loadedDm }, 'editing');
    expect(view(r)).toMatchObject({ selfEdit: true, mayAddLocations: false, mayClearLocations: false, mayRemoveLocation: false });
  });
});

describe('the Pending section', () => {
  const start = () => startControlled(pendingUsersMachine, { actors: ['loadPending', 'decide'], provide: { actions: { decided: () => {} } } });
  const view = (run: ReturnType<typeof start>) => selectPendingView(run.actor.getSnapshot());
  const sam = { id: 41, name: 'Sam Stranger', email: 'sam@elsewhere.test', house: 'Harbor Foods Boston', requested: '11/20/2026', emailConfirmed: 'Yes' };

  it('shows nothing while the first load runs, then the sign-ups with Approve and Reject enabled', async () => {
    const run = start();
    expect(view(run)).toMatchObject({ failed: false, shown: false, rows: [] });
    await run.replay({ type: 'xstate.done.actor.loadPending', output: [samplePending, { ...samplePending, id: 42, emailConfirmed: false }] }, 'loaded');
    expect(view(run)).toMatchObject({ shown: true, waiting: '2 waiting for approval', mayDecide: true, error: null });
    expect(view(run).rows).toEqual([
      { ...sam, approving: false, rejecting: false },
      { ...sam, id: 42, emailConfirmed: 'Not yet', approving: false, rejecting: false },
    ]);
  });

  it('spins the chosen button and disables every decision while one runs, then says why one failed', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadPending', output: [samplePending] }, 'loaded');
    await run.replay({ type: 'pending.reject', id: 41 }, 'deciding');
    expect(view(run)).toMatchObject({ mayDecide: false, rows: [{ ...sam, approving: false, rejecting: true }] });
    await run.replay({ type: 'xstate.error.actor.decide', error: new ApiError(404, 'Already decided.') }, 'loading');
    expect(view(run)).toMatchObject({ failed: false, shown: true, mayDecide: false, error: 'Already decided.', rows: [{ ...sam, approving: false, rejecting: false }] });
  });

  it('offers Retry when the list could not load', async () => {
    const run = start();
    await run.replay({ type: 'xstate.error.actor.loadPending', error: new ApiError(500, 'Boom') }, 'failed');
    expect(view(run)).toMatchObject({ failed: true, mayRetry: true, error: 'Something went wrong!' });
  });

  it('is the same view while nothing shown changed', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadPending', output: [samplePending] }, 'loaded');
    expect(sameView(view(run), view(run))).toBe(true);
    const before = view(run);
    await run.replay({ type: 'pending.approve', id: 41 }, 'deciding');
    expect(sameView(before, view(run))).toBe(false);
  });
});

describe('the Invite User modal', () => {
  const start = () => startControlled(inviteUserMachine, { actors: ['loadChoices', 'sendInvite'], input: { siteUrl: 'http://127.0.0.1:8080' }, provide: { actions: { userInvited: () => {} } } });
  const view = (run: ReturnType<typeof start>) => selectInviteView(run.actor.getSnapshot());

  it('is closed, then loads the locations with Invite User disabled', async () => {
    const run = start();
    expect(view(run).opened).toBe(false);
    await run.replay({ type: 'invite.opened' }, 'loadingChoices');
    expect(view(run)).toMatchObject({ opened: true, closable: true, maySubmit: false, sending: false, locationPlaceholder: 'Loading locations…', locationOptions: [], failure: null });
    await run.replay({ type: 'xstate.done.actor.loadChoices', output: [harborCafe, pierGrill] }, 'editing');
    expect(view(run)).toMatchObject({ maySubmit: true, locationPlaceholder: 'Choose locations', mayPickLocations: true, locationsError: undefined });
    expect(view(run).locationOptions).toEqual([harborCafe, pierGrill].map((m) => ({ value: String(m.id), label: locationLabel(m) })));
  });

  it('shows the fields as typed, the role chosen, and the errors of a refused submit', async () => {
    const run = start();
    await run.replay({ type: 'invite.opened' }, 'loadingChoices');
    await run.replay({ type: 'xstate.done.actor.loadChoices', output: [harborCafe, pierGrill] }, 'editing');
    await run.replay({ type: 'invite.changed', field: 'locationIds', value: [pierGrill.id] }, 'editing');
    await run.replay({ type: 'invite.changed', field: 'title', value: 'Distributor Rep' }, 'editing');
    await run.replay({ type: 'invite.submitted' }, 'editing');
    expect(view(run)).toMatchObject({ role: roleOptions(['Distributor Rep'])[0]!.value, locationValues: [String(pierGrill.id)] });
    expect(view(run).errors).toEqual({ contactName: 'Name must be at least 3 characters', email: 'Enter a valid email address' });
    await run.replay({ type: 'invite.changed', field: 'inviteAll', value: true }, 'editing');
    expect(view(run)).toMatchObject({ locationPlaceholder: 'Every location, now and later', locationValues: [], mayPickLocations: false });
  });

  it('cannot be closed while sending, and says why the invitation failed', async () => {
    const run = start();
    await run.replay({ type: 'invite.opened' }, 'loadingChoices');
    await run.replay({ type: 'xstate.error.actor.loadChoices', error: new ApiError(500, 'Boom') }, 'editing');
    expect(view(run).locationsError).toBe(INVITE_LOCATIONS_FAILED);
    await run.replay({ type: 'invite.changed', field: 'contactName', value: 'Ivy Invitee' }, 'editing');
    await run.replay({ type: 'invite.changed', field: 'email', value: 'ivy@harbor.test' }, 'editing');
    await run.replay({ type: 'invite.changed', field: 'title', value: 'Distributor Rep' }, 'editing');
    await run.replay({ type: 'invite.changed', field: 'inviteAll', value: true }, 'editing');
    await run.replay({ type: 'invite.submitted' }, 'sending');
    expect(view(run)).toMatchObject({ opened: true, sending: true, closable: false });
    await run.replay({ type: 'xstate.error.actor.sendInvite', error: new ApiError(409, 'That email is taken.') }, 'editing');
    expect(view(run)).toMatchObject({ sending: false, closable: true, failure: { title: 'Something went wrong!', message: 'That email is taken.' } });
  });
});
