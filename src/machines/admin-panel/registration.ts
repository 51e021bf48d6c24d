import { selectAdminPanelView, selectAnnouncementsView, selectApiReferenceView, selectAuditView, selectLoadSpeedView, selectTestingFlagView, selectUserEditorView } from './selectors.ts';
import { adminPanelPageMachine } from './admin-panel.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { apiReferenceEvents, auditLogEvents, announcementsEvents, loadSpeedEvents, panelUserEvents, testingFlagEvents } from './admin-panel-samples.ts';
import { announcementsMachine, type AnnouncementsContext } from './announcements-editor.ts';
import { apiReferenceMachine } from './api-reference.ts';
import { auditLogMachine, type AuditLogContext } from './audit-log.ts';
import { loadSpeedMachine, type LoadSpeedContext } from './load-speed-test.ts';
import { panelUserMachine, type PanelUserContext } from './panel-user.ts';
import { testingFlagMachine } from './testing-flag.ts';

export const ADMIN_PANEL_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'admin-panel-page',
    description: 'The /admin-panel page: the Panel and Audit Log tabs; each tab starts its section afresh when shown, the announcements and the testing flag stay.',
    machine: adminPanelPageMachine,
    views: { page: selectAdminPanelView },
    events: [{ type: 'adminPanel.auditShown' }, { type: 'adminPanel.panelShown' }],
    variants: [{ label: 'internal admin on /admin-panel' }],
    labels: { 'adminPanel.auditShown': 'Press the Audit Log tab', 'adminPanel.panelShown': 'Press the Panel tab' },
    checks: {
      panel: 'The Panel tab: Edit Announcements, Enable/Disable Testing and the user editor, its picker empty',
      audit: 'The Audit Log tab: the filters and the rows, newest first',
    },
  },
  {
    name: 'announcements',
    description: "The admin panel's System Announcements modal: list, create (not while empty), delete.",
    machine: announcementsMachine,
    views: { announcements: selectAnnouncementsView },
    events: announcementsEvents,
    variants: [{ label: 'internal admin on /admin-panel' }],
    serializeState: seenState<AnnouncementsContext>((c) => [c.list.length > 0, c.text !== '', c.message?.text ?? null]),
    labels: {
      'announcements.opened': 'Press Edit Announcements',
      'xstate.done.actor.load': 'The announcements arrive',
      'xstate.error.actor.load': 'Loading them fails',
      'announcements.textChanged': 'Type an announcement',
      'announcements.created': 'Press Create',
      'xstate.done.actor.create': 'The server creates it',
      'xstate.error.actor.create': 'Creating fails',
      'announcements.deleted': 'Press the delete icon of a row',
      'xstate.done.actor.remove': 'The server deletes it',
      'xstate.error.actor.remove': 'Deleting fails',
      'announcements.closed': 'Close the modal',
    },
    checks: {
      closed: 'No modal',
      loading: "'System Announcements' opens; the list is loading",
      editing: "'Current Announcements' with a delete icon each; Create disabled while the text is empty; 'Announcement Created!', 'Announcement Deleted!' or \"Couldn't load, create or delete announcement - see console for details.\"",
      creating: 'Create shows its spinner',
      deleting: 'The row is being deleted',
    },
  },
  {
    name: 'panel-user',
    description: "The admin panel's user editor: pick a user of any distributor, update, reset the password.",
    machine: panelUserMachine,
    views: { editor: selectUserEditorView },
    events: panelUserEvents,
    variants: [{ label: 'internal admin on /admin-panel' }],
    serializeState: seenState<PanelUserContext>((c) => [c.users.length > 0, c.userId !== null, c.sessions?.length ?? null, c.form.password !== '', c.message?.text ?? null]),
    labels: {
      'xstate.done.actor.loadUsers': 'The users arrive',
      'xstate.error.actor.loadUsers': 'Loading the users fails',
      'panelUser.retried': 'Press Try again',
      'panelUser.chosen': 'Pick a user',
      'xstate.done.actor.loadSessions': "The user's sessions of 30 days arrive",
      'xstate.error.actor.loadSessions': 'Loading the sessions fails',
      'panelUser.changed': 'Type in a field',
      'panelUser.updated': 'Press Update User',
      'xstate.done.actor.update': 'The server updates the user',
      'xstate.error.actor.update': 'The server refuses the update',
      'panelUser.passwordReset': 'Press Reset Password',
      'xstate.done.actor.reset': 'The server sets the password',
      'xstate.error.actor.reset': 'Resetting fails',
    },
    checks: {
      loadingUsers: 'The user picker is loading',
      usersFailed: "'Failed to get the list of users' with Try again",
      picking: "The picker; for a chosen user the fields, sessions and time online; 'User updated successfully!' or \"User's password has been changed successfully.\" after an action",
      loadingSessions: 'The session figures are loading',
      updating: 'Update User shows its spinner',
      resetting: 'Reset Password shows its spinner',
    },
  },
  {
    name: 'audit-log',
    description: 'The Admin Panel audit log of impersonation: start, end, reason and writes, filtered.',
    machine: auditLogMachine,
    views: { audit: selectAuditView },
    events: auditLogEvents,
    variants: [{ label: 'internal admin on /admin-panel' }],
    // The filter the rows are for, the fields as entered, the rows and the error.
    serializeState: seenState<AuditLogContext>((c) => [JSON.stringify(c.filter), JSON.stringify(c.draft), c.rows.length, c.error !== null]),
    labels: {
      'xstate.done.actor.load': 'The rows arrive',
      'xstate.error.actor.load': 'Loading fails',
      'audit.draftChanged': 'Pick an event or a From day, or type in Search',
      'audit.applied': 'Press Filter',
      'audit.reloaded': 'Press Refresh',
    },
    checks: { loading: 'The table is loading', showing: 'The rows, newest first', failed: "Couldn't load the audit log." },
  },
  {
    name: 'testing-flag',
    description: 'Enable/Disable Testing: the flag in the stored admin data that shows the load-speed test.',
    machine: testingFlagMachine,
    views: { flag: selectTestingFlagView },
    events: testingFlagEvents,
    variants: [{ label: 'flag off' }],
    serializeState: seenState<{ on: boolean }>((c) => [c.on]),
    labels: { 'testing.toggled': 'Press Enable Testing / Disable Testing' },
    checks: { ready: 'The button says Enable Testing when off, Disable Testing when on' },
  },
  {
    name: 'load-speed-test',
    description: "The dashboard's load-speed test with the testing flag on: runs, 'Sent!' or 'Failed.' for 3 s, timings.",
    machine: loadSpeedMachine,
    views: { test: selectLoadSpeedView },
    events: loadSpeedEvents,
    variants: [
      { label: 'testing flag on', input: () => ({ userId: 5, adminEmail: 'admin@portal.test', enabled: true }) },
    ],
    serializeState: seenState<LoadSpeedContext>((c) => [c.amount, c.timings.length]),
    labels: {
      'loadTest.amountChanged': 'Type how many requests',
      'loadTest.started': 'Press Run load test',
      'xstate.done.actor.run': 'The timings arrive',
      'xstate.error.actor.run': 'The test fails',
      'loadTest.noticeExpired': '3 seconds pass',
    },
    checks: {
      idle: 'The load-speed test with 10 requests by default (nothing at all with the flag off)',
      running: 'Run shows its spinner', sent: "'Sent!' and the timings", failed: "'Failed.'",
    },
  },
  {
    name: 'api-reference',
    description: 'The /admin-panel/api page: the generated API reference shown in the portal, the OpenAPI document downloaded.',
    machine: apiReferenceMachine,
    views: { reference: selectApiReferenceView },
    events: apiReferenceEvents,
    variants: [{ label: 'internal admin on /admin-panel/api' }],
    labels: {
      'xstate.done.actor.load': 'The reference page arrives',
      'xstate.error.actor.load': 'Loading it fails',
      'apiReference.retried': 'Press Retry',
      'apiReference.downloadRequested': 'Press Download OpenAPI document',
      'xstate.done.actor.download': 'The browser saves openapi.json',
      'xstate.error.actor.download': 'Downloading fails',
    },
    checks: {
      loading: 'A loader where the reference goes; Download OpenAPI document disabled',
      failed: "\"Couldn't load the API reference.\" with Retry",
      shown: 'The reference in a frame (the title, operations such as GET /api/rebate-deviation) and Download OpenAPI document',
      downloading: 'The reference; Download OpenAPI document spins',
      downloadFailed: "The reference, and \"Couldn't download the OpenAPI document.\" above it",
    },
  },
];
