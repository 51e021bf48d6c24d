import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { createActor, createMachine } from 'xstate';
import { adminDashboardMachine } from './admin-dashboard.ts';
import { adminDashboardPageMachine } from './admin-dashboard-screen.ts';
import { allHouses, boston, dmRow, harborParent, portland } from './admin-dashboard-samples.ts';
import { adminInviteMachine } from './admin-invite.ts';
import { adminUserEditMachine } from './admin-user-edit.ts';
import { loginAsMachine } from './login-as.ts';
import {
  adminDate, exportChoiceOf, exportOptions, FAMILY, selectAdminDashboardView, selectDashboard, selectEditUserView, selectHouseChoices, selectInviteView,
  selectLoginAsView, selectUserHouses, selectUsersExportView, selectUsersShown,
} from './selectors.ts';
import { usersExportMachine } from './users-export.ts';

describe('the admin dashboard', () => {
  it('lists no users until a house is picked, then those whose name or email holds the search', async () => {
    const s = startControlled(adminDashboardMachine, { actors: ['loadParents', 'loadChildren', 'loadUsers'], input: { siteUrl: 'http://127.0.0.1:8080' } });
    await s.replay({ type: 'xstate.done.actor.loadParents', output: [harborParent] }, 'pickingParent');
    s.actor.send({ type: 'adminDashboard.searchChanged', search: 'rep' });
    expect(selectUsersShown(s.actor.getSnapshot())).toEqual([]);
    s.actor.send({ type: 'adminDashboard.parentChosen', parentId: 1 });
    await s.settle('loadChildren', 'done', [boston, portland]);
    s.actor.send({ type: 'adminDashboard.childChosen', childId: 10 });
    await s.settle('loadUsers', 'done', [dmRow, { ...dmRow, id: 6, contactName: 'Riley Rep', email: 'rep@harbor.test' }]);
    // The search typed before the house was picked already narrows its users.
    const shownIds = (search: string) => {
      s.actor.send({ type: 'adminDashboard.searchChanged', search });
      const view = selectAdminDashboardView(s.actor.getSnapshot());
      return [view.search, view.users.map((u) => u.id)];
    };
    expect(selectUsersShown(s.actor.getSnapshot()).map((u) => u.id)).toEqual([6]);
    expect(shownIds('')).toEqual(['', [5, 6]]);
    expect(shownIds(' DM@harbor ')).toEqual([' DM@harbor ', [5]]);
    expect(shownIds('nobody')).toEqual(['nobody', []]);
  });

  it('writes dates as MM-DD-YYYY, or No Data', () => {
    expect(adminDate(null)).toBe('No Data');
    expect(adminDate('2026-01-05T10:00:00.000Z')).toMatch(/^01-0[45]-2026$/);
  });

  it('offers to add the houses the user lacks: those outside the family, or the family’s with Include family', async () => {
    const s = startControlled(adminUserEditMachine, { actors: ['loadHouses', 'save', 'deactivate'] });
    s.actor.send({ type: 'edit.opened', user: dmRow });
    const names = (hs: readonly { nickname: string }[]) => hs.map((h) => h.nickname);
    expect(names(selectUserHouses(s.actor.getSnapshot()))).toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
    await s.settle('loadHouses', 'done', allHouses);
    expect(names(selectHouseChoices(s.actor.getSnapshot()))).toEqual(['Summit Denver']);
    s.actor.send({ type: 'edit.familyToggled' });
    expect(names(selectHouseChoices(s.actor.getSnapshot()))).toEqual([]);
  });
});

describe('the admin dashboard view model', () => {
  it('offers the distributors and their houses; House, Export Users and Invite User wait for a choice', async () => {
    const s = startControlled(adminDashboardMachine, { actors: ['loadParents', 'loadChildren', 'loadUsers'], input: { siteUrl: 'http://127.0.0.1:8080' } });
    await s.replay({ type: 'xstate.done.actor.loadParents', output: [harborParent] }, 'pickingParent');
    const view = () => selectAdminDashboardView(s.actor.getSnapshot());
    expect(view()).toMatchObject({ parentOptions: [{ value: '1', label: harborParent.nickname }], childOptions: [], childDisabled: true, exportDisabled: true, inviteDisabled: true });
    s.actor.send({ type: 'adminDashboard.parentChosen', parentId: 1 });
    await s.settle('loadChildren', 'done', [boston, portland]);
    expect(view()).toMatchObject({
      childOptions: [{ value: '10', label: 'Harbor Foods Boston' }, { value: '11', label: 'Harbor Foods Portland' }], childDisabled: false, exportDisabled: false, inviteDisabled: true,
    });
    s.actor.send({ type: 'adminDashboard.childChosen', childId: 10 });
    expect(view()).toMatchObject({ childId: '10', inviteDisabled: false });
    expect(view().edit.id).toBe('edit');
  });
});

describe('the /admin-dashboard page', () => {
  const stub = createMachine({});
  const start = (admin: boolean) =>
    createActor(adminDashboardPageMachine.provide({ actors: { dashboard: stub } as never }), { input: { siteUrl: 'http://127.0.0.1:8080', admin } }).start();

  it('runs the dashboard for an internal admin only: a visitor asks nothing of the server', () => {
    expect(selectDashboard(start(false).getSnapshot())).toBeUndefined();
    expect(selectDashboard(start(true).getSnapshot())).toBeDefined();
  });
});

describe('the Edit User panel', () => {
  it('shows the user, their houses (the active one marked), and what can be pressed while loading, editing and saving', async () => {
    const s = startControlled(adminUserEditMachine, { actors: ['loadHouses', 'save', 'deactivate'] });
    const view = () => selectEditUserView(s.actor.getSnapshot());
    expect(view().opened).toBe(false);
    s.actor.send({ type: 'edit.opened', user: dmRow });
    expect(view()).toMatchObject({ opened: true, title: 'Edit User: Dana Manager', housePlaceholder: 'Loading…', addEnabled: false, saveDisabled: true, deactivateDisabled: false });
    expect(view().form.email).toBe('dm@harbor.test');
    expect(view().houses).toEqual([
      { id: 10, nickname: 'Harbor Foods Boston', active: true },
      { id: 11, nickname: 'Harbor Foods Portland', active: false },
    ]);
    await s.settle('loadHouses', 'done', allHouses);
    expect(view()).toMatchObject({ housePlaceholder: 'Pick a house', addEnabled: true, saveDisabled: false, saving: false, error: null, done: null });
    expect(view().houseOptions).toEqual([{ value: '20', label: 'Summit Denver' }]);
    s.actor.send({ type: 'edit.changed', field: 'password', value: 'abcdef' });
    s.actor.send({ type: 'edit.saved' });
    expect(view().error).toBe("Confirm password doesn't match");
    s.actor.send({ type: 'edit.changed', field: 'confirmPassword', value: 'abcdef' });
    expect(view().error).toBeNull();
    s.actor.send({ type: 'edit.saved' });
    expect(view()).toMatchObject({ saving: true, saveDisabled: true, deactivateDisabled: true, addEnabled: false });
    await s.settle('save', 'done', { message: 'ok' });
    expect(view()).toMatchObject({ saving: false, done: 'User Saved', saveDisabled: false });
  });
});

describe('the Edit User panel’s field errors (issue 39)', () => {
  it('says on each field why Save is disabled, and Save comes back once the field is right', async () => {
    const s = startControlled(adminUserEditMachine, { actors: ['loadHouses', 'save', 'deactivate'] });
    const view = () => selectEditUserView(s.actor.getSnapshot());
    const errors = () => ({ email: view().emailError, password: view().passwordError, confirm: view().confirmError, saveDisabled: view().saveDisabled });
    expect(errors()).toMatchObject({ email: null, password: null, confirm: null });
    s.actor.send({ type: 'edit.opened', user: dmRow });
    await s.settle('loadHouses', 'done', allHouses);
    expect(errors()).toEqual({ email: null, password: null, confirm: null, saveDisabled: false });
    s.actor.send({ type: 'edit.changed', field: 'email', value: 'bad-email' });
    expect(errors()).toEqual({ email: 'Enter a valid email address', password: null, confirm: null, saveDisabled: true });
    s.actor.send({ type: 'edit.changed', field: 'email', value: ' dm@harbor.test ' });
    expect(errors()).toEqual({ email: null, password: null, confirm: null, saveDisabled: false });
    s.actor.send({ type: 'edit.changed', field: 'password', value: 'abc' });
    expect(errors()).toEqual({ email: null, password: 'The password must be 6 to 20 characters.', confirm: "Confirm password doesn't match", saveDisabled: true });
    s.actor.send({ type: 'edit.changed', field: 'password', value: 'abcdef1' });
    s.actor.send({ type: 'edit.changed', field: 'confirmPassword', value: 'abcdef2' });
    expect(errors()).toEqual({ email: null, password: null, confirm: "Confirm password doesn't match", saveDisabled: true });
    // The machine refuses a Save sent anyway, with the same words.
    s.actor.send({ type: 'edit.saved' });
    expect([s.actor.getSnapshot().value, view().error]).toEqual(['editing', "Confirm password doesn't match"]);
    s.actor.send({ type: 'edit.changed', field: 'confirmPassword', value: 'abcdef1' });
    expect(errors()).toEqual({ email: null, password: null, confirm: null, saveDisabled: false });
    // Saving: a second Save is refused while the first is on its way.
    s.actor.send({ type: 'edit.saved' });
    s.actor.send({ type: 'edit.saved' });
    expect(s.callsOf('save')).toHaveLength(1);
  });
});

describe('the Invite User modal', () => {
  it('names the house, marks the missing fields, and says User Invited with the server’s message', async () => {
    const s = startControlled(adminInviteMachine, { actors: ['send'], input: { siteUrl: 'http://127.0.0.1:8080' } });
    const view = () => selectInviteView(s.actor.getSnapshot());
    expect(view()).toMatchObject({ opened: false, invitedOpened: false });
    s.actor.send({ type: 'invite.opened', house: boston });
    expect(view()).toMatchObject({ opened: true, title: 'Invite User to Harbor Foods Boston', error: null, nameError: undefined });
    s.actor.send({ type: 'invite.submitted' });
    expect(view()).toMatchObject({ nameError: 'Name must be at least 3 characters', emailError: 'Enter a valid email address', titleError: 'Choose a role' });
    s.actor.send({ type: 'invite.changed', field: 'contactName', value: 'Riley Rep' });
    s.actor.send({ type: 'invite.changed', field: 'email', value: 'rep@harbor.test' });
    s.actor.send({ type: 'invite.changed', field: 'title', value: 'District Manager' });
    expect(view()).toMatchObject({ nameError: undefined, emailError: undefined, titleError: undefined });
    s.actor.send({ type: 'invite.submitted' });
    expect(view().sending).toBe(true);
    await s.settle('send', 'error', new Error('down'));
    expect(view()).toMatchObject({ sending: false, error: 'Failed to invite user. Try again.' });
    s.actor.send({ type: 'invite.submitted' });
    await s.settle('send', 'done', { message: 'Riley Rep was invited' });
    expect(view()).toMatchObject({ opened: false, invitedOpened: true, invitedMessage: 'Riley Rep was invited' });
    s.actor.send({ type: 'invite.closed' });
    expect(view().invitedOpened).toBe(false);
  });
});

describe('the Export Users modal', () => {
  it('offers the family then each house, and Export once one is picked', () => {
    expect(exportOptions([boston, portland])).toEqual([
      { value: FAMILY, label: 'All Houses For Family' },
      { value: '10', label: 'Harbor Foods Boston' },
      { value: '11', label: 'Harbor Foods Portland' },
    ]);
    expect(exportChoiceOf(FAMILY)).toBe(FAMILY);
    expect(exportChoiceOf('10')).toBe(10);
    const s = startControlled(usersExportMachine, { actors: ['loadUsers'] });
    const view = () => selectUsersExportView(s.actor.getSnapshot());
    expect(view().opened).toBe(false);
    s.actor.send({ type: 'export.opened', parentId: 1 });
    expect(view()).toMatchObject({ opened: true, choice: null, exportDisabled: true, loading: false, error: null });
    s.actor.send({ type: 'export.chosen', choice: 10 });
    expect(view()).toMatchObject({ choice: '10', exportDisabled: false });
    s.actor.send({ type: 'export.submitted' });
    expect(view().loading).toBe(true);
  });
});

describe('the Log in as prompt', () => {
  it('names the user, asks for a reason, and shows the server’s refusal', async () => {
    const s = startControlled(loginAsMachine, { actors: ['switchSession'] });
    const view = () => selectLoginAsView(s.actor.getSnapshot());
    expect(view().opened).toBe(false);
    s.actor.send({ type: 'loginAs.opened', id: 5, name: 'Dana Manager' });
    expect(view()).toMatchObject({ opened: true, title: 'Log in as Dana Manager', reason: '', error: null, switching: false });
    s.actor.send({ type: 'loginAs.submitted' });
    expect(view().error).not.toBeNull();
    s.actor.send({ type: 'loginAs.reasonChanged', reason: 'Ticket 981: cannot see a rebate' });
    expect(view()).toMatchObject({ reason: 'Ticket 981: cannot see a rebate', error: null });
    s.actor.send({ type: 'loginAs.submitted' });
    expect(view()).toMatchObject({ opened: true, switching: true });
    await s.settle('switchSession', 'error', new Error('Not allowed'));
    expect(view()).toMatchObject({ switching: false, error: 'Not allowed' });
  });
});
