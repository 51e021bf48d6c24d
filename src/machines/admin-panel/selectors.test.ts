import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { dmRow } from '../admin-dashboard/admin-dashboard-samples.ts';
import { adminPanelPageMachine } from './admin-panel.ts';
import { notice, referencePage } from './admin-panel-samples.ts';
import { announcementsMachine } from './announcements-editor.ts';
import { apiReferenceMachine } from './api-reference.ts';
import { auditLogMachine } from './audit-log.ts';
import { panelUserMachine } from './panel-user.ts';
import {
  API_REFERENCE_FAILED, OPENAPI_DOWNLOAD_FAILED, selectAdminPanelView, selectAnnouncementsView, selectApiReferenceView, selectAuditView, selectMeanTiming, selectTestingFlagView, selectUserEditorView,
} from './selectors.ts';
import { testingFlagMachine } from './testing-flag.ts';

type LoadSpeedSnapshot = Parameters<typeof selectMeanTiming>[0];
const withTimings = (timings: number[]) => ({ context: { timings } }) as unknown as LoadSpeedSnapshot;

describe('the load-speed test', () => {
  it('says the mean of the dashboard timings in whole ms, nothing before a run', () => {
    expect(selectMeanTiming(withTimings([]))).toBeNull();
    expect(selectMeanTiming(withTimings([10, 21]))).toBe(16);
    expect(selectMeanTiming(withTimings([120, 80, 100]))).toBe(100);
  });
});

describe('the admin panel page', () => {
  const stub = createMachine({});
  const start = () => createActor(adminPanelPageMachine.provide({ actors: { announcements: stub, testing: stub, user: stub, audit: stub } as never })).start();

  it('starts on Panel with the user editor; each tab runs its own section, afresh when shown again', () => {
    const page = start();
    const shown = () => {
      const v = selectAdminPanelView(page.getSnapshot());
      return [v.tab, !!v.user, !!v.audit];
    };
    expect(shown()).toEqual(['panel', true, false]);
    const firstEditor = selectAdminPanelView(page.getSnapshot()).user;
    page.send({ type: 'adminPanel.auditShown' });
    expect(shown()).toEqual(['audit', false, true]);
    page.send({ type: 'adminPanel.panelShown' });
    const view = selectAdminPanelView(page.getSnapshot());
    expect(view.user).not.toBe(firstEditor);
    expect([!!view.announcements, !!view.testing]).toEqual([true, true]);
  });
});

describe('the admin panel sections’ view models', () => {
  it('Enable Testing turns into Disable Testing', () => {
    const run = startControlled(testingFlagMachine.provide({ actions: { store: () => {} } }), { actors: [] });
    const wasOn = selectTestingFlagView(run.actor.getSnapshot()).on;
    run.actor.send({ type: 'testing.toggled' });
    expect(selectTestingFlagView(run.actor.getSnapshot())).toEqual({ on: !wasOn, label: wasOn ? 'Enable Testing' : 'Disable Testing' });
  });

  it('System Announcements: loading, then a row with its delete label; the row being deleted spins and no other delete is offered', async () => {
    const run = startControlled(announcementsMachine, { actors: ['load', 'create', 'remove'] });
    await run.replay({ type: 'announcements.opened' }, 'loading');
    expect(selectAnnouncementsView(run.actor.getSnapshot())).toMatchObject({ opened: true, loading: true, empty: true });
    await run.replay({ type: 'xstate.done.actor.load', output: [notice] }, 'editing');
    expect(selectAnnouncementsView(run.actor.getSnapshot())).toMatchObject({
      loading: false, empty: false, mayDelete: true, createDisabled: true, rows: [{ id: 7, text: notice.text, deleteLabel: `Delete announcement: ${notice.text}`, deleting: false }],
    });
    await run.replay({ type: 'announcements.deleted', id: 7 }, 'deleting');
    expect(selectAnnouncementsView(run.actor.getSnapshot())).toMatchObject({ mayDelete: false, rows: [{ id: 7, deleting: true }] });
  });

  it('the user editor offers users as "name – email" and says the chosen user’s sessions', async () => {
    const run = startControlled(panelUserMachine, { actors: ['loadUsers', 'loadSessions', 'update', 'reset'] });
    await run.replay({ type: 'xstate.done.actor.loadUsers', output: [dmRow] }, 'picking');
    expect(selectUserEditorView(run.actor.getSnapshot()).userOptions).toEqual([{ value: String(dmRow.id), label: `${dmRow.contactName} – ${dmRow.email}` }]);
    await run.replay({ type: 'panelUser.chosen', userId: dmRow.id }, 'loadingSessions');
    expect(selectUserEditorView(run.actor.getSnapshot()).sessionsText).toBe('Loading sessions…');
    await run.replay({ type: 'xstate.done.actor.loadSessions', output: [{ end_time: '', time: 3725 }] }, 'picking');
    expect(selectUserEditorView(run.actor.getSnapshot()).sessionsText).toBe('Sessions in the last 30 days: 1 · Time online: 1h 2m 5s');
  });

  it('the user editor says on the field what Update User would refuse, and sends one update at a time (issue 39)', async () => {
    const run = startControlled(panelUserMachine, { actors: ['loadUsers', 'loadSessions', 'update', 'reset'] });
    const errors = () => { const v = selectUserEditorView(run.actor.getSnapshot()); return [v.emailError, v.contactNameError]; };
    await run.replay({ type: 'xstate.done.actor.loadUsers', output: [dmRow] }, 'picking');
    expect(errors()).toEqual([null, null]);
    await run.replay({ type: 'panelUser.chosen', userId: dmRow.id }, 'loadingSessions');
    await run.replay({ type: 'xstate.done.actor.loadSessions', output: [] }, 'picking');
    expect(errors()).toEqual([null, null]);
    await run.replay({ type: 'panelUser.changed', field: 'email', value: 'bad-email' }, 'picking');
    await run.replay({ type: 'panelUser.changed', field: 'contactName', value: 'Al' }, 'picking');
    expect(errors()).toEqual(['Enter a valid email address', 'The contact name must be at least 3 characters']);
    await run.replay({ type: 'panelUser.changed', field: 'email', value: 'dana@harbor.test' }, 'picking');
    await run.replay({ type: 'panelUser.changed', field: 'contactName', value: 'Dana M' }, 'picking');
    expect(errors()).toEqual([null, null]);
    await run.replay({ type: 'panelUser.updated' }, 'updating');
    await run.replay({ type: 'panelUser.updated' }, 'updating');
    await run.replay({ type: 'panelUser.passwordReset' }, 'updating');
    expect(run.callsOf('update')).toHaveLength(1);
    expect(run.callsOf('reset')).toHaveLength(0);
  });

  it('the audit log shows its table only with rows', async () => {
    const run = startControlled(auditLogMachine, { actors: ['load'] });
    expect(selectAuditView(run.actor.getSnapshot())).toMatchObject({ loading: true, hasRows: false, empty: false });
    await run.replay({ type: 'xstate.done.actor.load', output: [] }, 'showing');
    expect(selectAuditView(run.actor.getSnapshot())).toMatchObject({ hasRows: false, empty: true });
  });

  it('the API reference: a loader, the failure, then the page with its download, which keeps the page through a failure', async () => {
    const run = startControlled(apiReferenceMachine, { actors: ['load', 'download'] });
    const view = () => selectApiReferenceView(run.actor.getSnapshot());
    const nothing = { loading: false, error: null, html: null, downloading: false, mayDownload: false, downloadError: null };
    expect(view()).toEqual({ ...nothing, loading: true });
    await run.replay({ type: 'xstate.error.actor.load', error: new Error('down') }, 'failed');
    expect(view()).toEqual({ ...nothing, error: API_REFERENCE_FAILED });
    await run.replay({ type: 'apiReference.retried' }, 'loading');
    await run.replay({ type: 'xstate.done.actor.load', output: referencePage }, 'shown');
    expect(view()).toEqual({ ...nothing, html: referencePage, mayDownload: true });
    await run.replay({ type: 'apiReference.downloadRequested' }, 'downloading');
    expect(view()).toEqual({ ...nothing, html: referencePage, downloading: true });
    await run.replay({ type: 'xstate.error.actor.download', error: new Error('down') }, 'downloadFailed');
    expect(view()).toEqual({ ...nothing, html: referencePage, mayDownload: true, downloadError: OPENAPI_DOWNLOAD_FAILED });
  });
});
