import { describe, expect, it } from 'vitest';
import { distinctEdges, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { PASSWORD_RESET_OK } from '../../model/admin.ts';
import { ANNOUNCEMENT_CREATED, ANNOUNCEMENT_DELETED, ANNOUNCEMENT_FAILED } from '../../model/announcement.ts';
import { sessionSummary } from '../../model/user-sessions.ts';
import { dmRow } from '../admin-dashboard/admin-dashboard-samples.ts';
import { notice } from './admin-panel-samples.ts';
import { announcementsMachine } from './announcements-editor.ts';
import { selectAnnouncementsView } from './selectors.ts';
import { auditLogMachine } from './audit-log.ts';
import { loadSpeedMachine } from './load-speed-test.ts';
import { panelUserMachine } from './panel-user.ts';
import { ADMIN_PANEL_MACHINES } from './registration.ts';
import { testingFlagMachine } from './testing-flag.ts';

/** Create as the modal shows it: busy, disabled. */
const createButton = (s: Parameters<typeof selectAnnouncementsView>[0]) => {
  const { createBusy: busy, createDisabled: disabled } = selectAnnouncementsView(s);
  return { busy, disabled };
};

const edgesOf = (name: string) => distinctEdges(stateChangingEdges(ADMIN_PANEL_MACHINES.find((m) => m.name === name)!));

describe('announcements modal, model-based', () => {
  const edges = edgesOf('announcements');
  it('takes every transition', () => expectEveryTransitionTaken(announcementsMachine, edges));
  itReplaysEdges(edges, () => startControlled(announcementsMachine, { actors: ['load', 'create', 'remove'] }), (run) => {
    const { value, context } = run.actor.getSnapshot();
    // Create never sends an empty text; a delete names the row pressed.
    for (const c of run.callsOf('create')) expect(c.input).toEqual({ text: 'New price list on Monday' });
    for (const c of run.callsOf('remove')) expect(c.input).toEqual({ id: 7 });
    if (value === 'editing' && context.message) expect([ANNOUNCEMENT_CREATED, ANNOUNCEMENT_DELETED, ANNOUNCEMENT_FAILED]).toContain(context.message.text);
  });

  it('refuses an empty text, creates and deletes with the spec’s messages', async () => {
    const run = startControlled(announcementsMachine, { actors: ['load', 'create', 'remove'] });
    await run.replay({ type: 'announcements.opened' }, 'loading');
    await run.replay({ type: 'xstate.done.actor.load', output: [notice] }, 'editing');
    await run.replay({ type: 'announcements.textChanged', text: '   ' }, 'editing');
    await run.replay({ type: 'announcements.created' }, 'editing');
    expect(run.callsOf('create')).toEqual([]);
    await run.replay({ type: 'announcements.textChanged', text: 'Closed Friday' }, 'editing');
    await run.replay({ type: 'announcements.created' }, 'creating');
    await run.replay({ type: 'xstate.done.actor.create', output: { id: 9, text: 'Closed Friday' } }, 'editing');
    expect(run.actor.getSnapshot().context).toMatchObject({ text: '', message: { ok: true, text: ANNOUNCEMENT_CREATED } });
    await run.replay({ type: 'announcements.deleted', id: 7 }, 'deleting');
    await run.replay({ type: 'xstate.done.actor.remove', output: { message: 'ok' } }, 'editing');
    expect(run.actor.getSnapshot().context.list).toEqual([{ id: 9, text: 'Closed Friday' }]);
  });

  it('keeps what is typed while the list still loads', async () => {
    const run = startControlled(announcementsMachine, { actors: ['load', 'create', 'remove'] });
    await run.replay({ type: 'announcements.opened' }, 'loading');
    await run.replay({ type: 'announcements.textChanged', text: 'Closed Friday' }, 'loading');
    await run.replay({ type: 'xstate.done.actor.load', output: [] }, 'editing');
    expect(createButton(run.actor.getSnapshot())).toEqual({ busy: false, disabled: false });
  });

  it('a second Create while the first is sent makes no second call; the button says it is busy (issue 39)', async () => {
    const run = startControlled(announcementsMachine, { actors: ['load', 'create', 'remove'] });
    await run.replay({ type: 'announcements.opened' }, 'loading');
    await run.replay({ type: 'xstate.done.actor.load', output: [] }, 'editing');
    await run.replay({ type: 'announcements.textChanged', text: 'Closed Friday' }, 'editing');
    expect(createButton(run.actor.getSnapshot())).toEqual({ busy: false, disabled: false });
    await run.replay({ type: 'announcements.created' }, 'creating');
    await run.replay({ type: 'announcements.created' }, 'creating');
    expect(run.callsOf('create')).toHaveLength(1);
    expect(createButton(run.actor.getSnapshot())).toEqual({ busy: true, disabled: true });
    expect(selectAnnouncementsView(run.actor.getSnapshot()).mayDelete).toBe(false);
    await run.replay({ type: 'xstate.done.actor.create', output: { id: 9, text: 'Closed Friday' } }, 'editing');
    // The text is cleared: a late click finds Create disabled.
    expect(createButton(run.actor.getSnapshot())).toEqual({ busy: false, disabled: true });
    await run.replay({ type: 'announcements.created' }, 'editing');
    expect(run.callsOf('create')).toHaveLength(1);
  });
});

describe('admin panel user editor, model-based', () => {
  const edges = edgesOf('panel-user');
  it('takes every transition', () => expectEveryTransitionTaken(panelUserMachine, edges));
  itReplaysEdges(edges, () => startControlled(panelUserMachine, { actors: ['loadUsers', 'loadSessions', 'update', 'reset'] }), (run) => {
    for (const c of run.callsOf('reset')) expect(c.input).toEqual({ id: dmRow.id, password: 'secret-77' });
    for (const c of run.callsOf('update')) expect((c.input as { form: { email: string } }).form.email).toBe(dmRow.email);
    for (const c of run.callsOf('loadSessions')) expect(c.input).toEqual({ userId: dmRow.id });
  });

  it('resets the password with the spec’s message and sums the online time', async () => {
    const run = startControlled(panelUserMachine, { actors: ['loadUsers', 'loadSessions', 'update', 'reset'] });
    await run.replay({ type: 'xstate.done.actor.loadUsers', output: [dmRow] }, 'picking');
    await run.replay({ type: 'panelUser.passwordReset' }, 'picking'); // nobody chosen
    await run.replay({ type: 'panelUser.chosen', userId: dmRow.id }, 'loadingSessions');
    await run.replay({ type: 'xstate.done.actor.loadSessions', output: [] }, 'picking');
    await run.replay({ type: 'panelUser.changed', field: 'password', value: 'abc' }, 'picking');
    await run.replay({ type: 'panelUser.passwordReset' }, 'picking');
    expect(run.callsOf('reset')).toEqual([]);
    await run.replay({ type: 'panelUser.changed', field: 'password', value: 'secret-77' }, 'picking');
    await run.replay({ type: 'panelUser.passwordReset' }, 'resetting');
    await run.replay({ type: 'xstate.done.actor.reset', output: { message: 'x' } }, 'picking');
    expect(run.actor.getSnapshot().context.message).toEqual({ ok: true, text: PASSWORD_RESET_OK });
    expect(sessionSummary([{ end_time: '', time: 3725 }, { end_time: '', time: 60 }])).toEqual({ count: 2, online: '1h 3m 5s' });
  });
});

describe('audit log, testing flag and load-speed test, model-based', () => {
  const auditEdges = edgesOf('audit-log');
  it('audit log: every transition', () =>
    expectEveryTransitionTaken(auditLogMachine, auditEdges, ['loading --audit.applied--> loading', 'loading --audit.reloaded--> loading']));
  itReplaysEdges(auditEdges, () => startControlled(auditLogMachine, { actors: ['load'] }), (run) => {
    // The rows asked for are always those of the filter applied, whatever is typed and not yet applied.
    expect(run.callsOf('load').at(-1)!.input).toEqual(run.actor.getSnapshot().context.filter);
  });

  it('audit log: the fields are sent only on Filter, only those filled in, and abort the load before', async () => {
    const run = startControlled(auditLogMachine, { actors: ['load'] });
    run.actor.send({ type: 'audit.draftChanged', draft: { event: 'write' } });
    run.actor.send({ type: 'audit.draftChanged', draft: { search: ' user ' } });
    run.actor.send({ type: 'audit.draftChanged', draft: { from: '2026-11-01' } });
    run.actor.send({ type: 'audit.draftChanged', draft: { from: '' } });
    expect(run.callsOf('load')).toHaveLength(1);
    await run.replay({ type: 'audit.applied' }, 'loading');
    expect(run.callsOf('load').map((c) => c.input)).toEqual([{}, { event: 'write', search: 'user' }]);
    expect(run.callsOf('load')[0]!.signal.aborted).toBe(true);
    // Refresh asks again for the filter applied, not for what was typed since.
    run.actor.send({ type: 'audit.draftChanged', draft: { event: null } });
    await run.replay({ type: 'audit.reloaded' }, 'loading');
    expect(run.callsOf('load').at(-1)!.input).toEqual({ event: 'write', search: 'user' });
  });

  it('testing flag toggles and is stored', () => {
    const stored: boolean[] = [];
    const run = startControlled(testingFlagMachine.provide({ actions: { store: (_, { on }) => void stored.push(on) } }), { actors: [] });
    run.actor.send({ type: 'testing.toggled' });
    run.actor.send({ type: 'testing.toggled' });
    expect(stored).toEqual([true, false]);
  });

  const speedEdges = edgesOf('load-speed-test');
  it('load-speed test takes every transition', () => expectEveryTransitionTaken(loadSpeedMachine, speedEdges));
  itReplaysEdges(speedEdges, () => startControlled(loadSpeedMachine, { actors: ['run'], input: { userId: 5, adminEmail: 'admin@portal.test', enabled: true } }), (run) => {
    for (const c of run.callsOf('run')) expect([3, 10]).toContain((c.input as { amount: number }).amount);
  });
  it('does not run without the testing flag', () => {
    const run = startControlled(loadSpeedMachine, { actors: ['run'], input: { userId: 5, adminEmail: 'admin@portal.test', enabled: false } });
    run.actor.send({ type: 'loadTest.started' });
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.callsOf('run')).toEqual([]);
  });
});
