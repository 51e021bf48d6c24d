import { describe, expect, it } from 'vitest';
import { distinctEdges, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { CONFIRM_PASSWORD_MISMATCH, DISTRIBUTORS_LOAD_FAILED, USER_SAVED, USERS_LOAD_FAILED, houseOptions } from '../../model/admin.ts';
import { adminDashboardMachine } from './admin-dashboard.ts';
import { allHouses, boston, dmRow, portland } from './admin-dashboard-samples.ts';
import { adminInvite, adminInviteMachine } from './admin-invite.ts';
import { adminUserEditMachine, editPatch } from './admin-user-edit.ts';
import { REASON_HINT } from '../../model/impersonation.ts';
import { loginAsMachine } from './login-as.ts';
import { ADMIN_DASHBOARD_MACHINES } from './registration.ts';
import { usersExportMachine } from './users-export.ts';
import { selectUsersShown } from './selectors.ts';

const entry = (name: string) => ADMIN_DASHBOARD_MACHINES.find((m) => m.name === name)!;
const SITE = 'http://127.0.0.1:8080';

describe('admin-dashboard picker, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(entry('admin-dashboard')));
  it('takes every transition', () => expectEveryTransitionTaken(adminDashboardMachine, edges, [
    'loadingChildren --adminDashboard.parentChosen--> loadingChildren', 'loadingUsers --adminDashboard.childChosen--> loadingUsers',
  ]));
  itReplaysEdges(edges, () => startControlled(adminDashboardMachine, { actors: ['loadParents', 'loadChildren', 'loadUsers'], input: { siteUrl: SITE } }), (run) => {
    const { value, context } = run.actor.getSnapshot();
    // Houses always belong to the chosen parent, users to the chosen house; failures say so.
    for (const c of run.callsOf('loadChildren')) expect(c.input).toEqual({ parentId: 1 });
    for (const c of run.callsOf('loadUsers')) expect(c.input).toEqual({ childId: 10 });
    if (value === 'parentsFailed') expect(context.error).toBe(DISTRIBUTORS_LOAD_FAILED);
    if (value === 'showingUsers') expect(context.users).toEqual([dmRow]);
    if (context.error === USERS_LOAD_FAILED) expect(value).toBe('pickingChild');
    // The table lists nobody until a house's users are asked for, whatever was typed in User search.
    if (value !== 'showingUsers' && value !== 'loadingUsers') expect(selectUsersShown(run.actor.getSnapshot())).toEqual([]);
  });
});

describe('admin-user-edit panel, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(entry('admin-user-edit')));
  it('takes every transition', () => expectEveryTransitionTaken(adminUserEditMachine, edges));
  itReplaysEdges(edges, () => startControlled(adminUserEditMachine, { actors: ['loadHouses', 'save', 'deactivate'] }), (run) => {
    const { context } = run.actor.getSnapshot();
    // The active house is never removed, whatever the path did.
    if (context.user) expect(context.form.houses).toContain(dmRow.activeDistributorId);
    for (const c of run.callsOf('save')) expect((c.input as { patch: { houses?: number[] } }).patch.houses ?? [10]).toContain(10);
  });

  it('keeps what is typed while the family\'s houses load, and saves it', async () => {
    const run = startControlled(adminUserEditMachine, { actors: ['loadHouses', 'save', 'deactivate'] });
    await run.replay({ type: 'edit.opened', user: dmRow }, 'loadingHouses');
    await run.replay({ type: 'edit.changed', field: 'password', value: 'secret-77' }, 'loadingHouses');
    await run.replay({ type: 'edit.changed', field: 'confirmPassword', value: 'secret-77' }, 'loadingHouses');
    await run.replay({ type: 'xstate.done.actor.loadHouses', output: allHouses }, 'editing');
    await run.replay({ type: 'edit.saved' }, 'saving');
    expect((run.callsOf('save')[0]!.input as { patch: { password?: string } }).patch.password).toBe('secret-77');
  });

  it('keeps the active house, switches the offered houses with Include family, and saves only what changed', async () => {
    const run = startControlled(adminUserEditMachine, { actors: ['loadHouses', 'save', 'deactivate'] });
    await run.replay({ type: 'edit.opened', user: dmRow }, 'loadingHouses');
    await run.replay({ type: 'xstate.done.actor.loadHouses', output: allHouses }, 'editing');
    await run.replay({ type: 'edit.houseRemoved', id: 10 }, 'editing');
    await run.replay({ type: 'edit.houseRemoved', id: 11 }, 'editing');
    expect(run.actor.getSnapshot().context.form.houses).toEqual([10]);
    // Own houses: the active one and those outside its family; the family: the parent's children.
    expect(houseOptions(allHouses, 10, false).map((h) => h.id)).toEqual([10, 20]);
    expect(houseOptions(allHouses, 10, true).map((h) => h.id)).toEqual([boston.id, portland.id]);
    await run.replay({ type: 'edit.changed', field: 'password', value: 'secret-77' }, 'editing');
    await run.replay({ type: 'edit.saved' }, 'editing');
    expect(run.actor.getSnapshot().context.error).toBe(CONFIRM_PASSWORD_MISMATCH);
    expect(run.callsOf('save')).toEqual([]);
    await run.replay({ type: 'edit.changed', field: 'confirmPassword', value: 'secret-77' }, 'editing');
    await run.replay({ type: 'edit.saved' }, 'saving');
    expect(run.callsOf('save')[0]!.input).toEqual({ id: 5, patch: { password: 'secret-77', houses: [10] } });
    await run.replay({ type: 'xstate.done.actor.save', output: { message: 'ok' } }, 'editing');
    expect(run.actor.getSnapshot().context.done).toBe(USER_SAVED);
    expect(editPatch(dmRow, { ...run.actor.getSnapshot().context.form, houses: [10, 11] })).toEqual({});
  });
});

describe('admin-invite modal, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(entry('admin-invite')));
  it('takes every transition', () => expectEveryTransitionTaken(adminInviteMachine, edges));
  itReplaysEdges(edges, () => startControlled(adminInviteMachine, { actors: ['send'], input: { siteUrl: SITE } }), (run) => {
    // Only a complete form is sent, as the §3 admin payload.
    for (const c of run.callsOf('send')) {
      expect(c.input).toEqual({
        contactName: 'Ivy Invitee', email: 'ivy@harbor.test', title: 'Operations', locations: [], displayIntel: false, displayPaymentInfo: false,
        displayInvoice: false, isMultiHouse: false, distributorId: 10, referredPartnerId: 77, siteUrl: SITE,
      });
    }
  });
  it('names the missing fields and refuses a house without a referred partner', () => {
    expect(adminInvite({ siteUrl: SITE, house: boston, form: { contactName: '', email: 'x', title: null, displayIntel: false, displayPaymentInfo: false } }).invalid)
      .toEqual(['contactName', 'email', 'title']);
    const run = startControlled(adminInviteMachine, { actors: ['send'], input: { siteUrl: SITE } });
    run.actor.send({ type: 'invite.opened', house: portland });
    expect(run.actor.getSnapshot().value).toBe('closed');
  });
});

describe('login-as with a reason, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(entry('login-as')));
  it('takes every transition', () => expectEveryTransitionTaken(loginAsMachine, edges));
  itReplaysEdges(edges, () => startControlled(loginAsMachine, { actors: ['switchSession'] }), (run) => {
    for (const c of run.callsOf('switchSession')) expect(c.input).toEqual({ id: 5, reason: 'Ticket 981' });
  });
  it('asks again when the reason is too short', async () => {
    const run = startControlled(loginAsMachine, { actors: ['switchSession'] });
    await run.replay({ type: 'loginAs.opened', id: 5, name: 'Dana' }, 'asking');
    await run.replay({ type: 'loginAs.reasonChanged', reason: ' hi ' }, 'asking');
    await run.replay({ type: 'loginAs.submitted' }, 'asking');
    expect(run.actor.getSnapshot().context.error).toBe(REASON_HINT);
    expect(run.callsOf('switchSession')).toEqual([]);
  });
});

describe('users-export, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(entry('users-export')));
  it('takes every transition', () => expectEveryTransitionTaken(usersExportMachine, edges));
  // The file is saved by the machine (saveCsv): controlled here, as the test has no browser.
  itReplaysEdges(edges, () => startControlled(usersExportMachine, { actors: ['loadUsers', 'saveCsv'] }), (run) => {
    for (const c of run.callsOf('loadUsers')) expect(c.input).toEqual({ parentId: 1, choice: 'family' });
    for (const c of run.callsOf('saveCsv')) expect((c.input as { fileName: string }).fileName).toBe('UsersExport.csv');
  });

  it('saves UsersExport.csv once the users arrive', async () => {
    const s = startControlled(usersExportMachine, { actors: ['loadUsers', 'saveCsv'] });
    s.actor.send({ type: 'export.opened', parentId: 1 });
    s.actor.send({ type: 'export.chosen', choice: 'family' });
    s.actor.send({ type: 'export.submitted' });
    await s.settle('loadUsers', 'done', [dmRow]);
    expect(s.actor.getSnapshot().value).toBe('closed');
    expect(s.callsOf('saveCsv').map((c) => (c.input as { fileName: string }).fileName)).toEqual(['UsersExport.csv']);
  });
});
