import type { SnapshotFrom } from 'xstate';
import { sessionSummary } from '../../model/user-sessions.ts';
export { AUDIT_EVENTS } from '../../model/impersonation.ts';
import type { adminPanelPageMachine, AdminPanelTab } from './admin-panel.ts';
import type { announcementsMachine } from './announcements-editor.ts';
import type { auditLogMachine } from './audit-log.ts';
import type { loadSpeedMachine } from './load-speed-test.ts';
import type { panelUserMachine } from './panel-user.ts';
import type { testingFlagMachine } from './testing-flag.ts';

/** What the admin panel shows (accounts spec §2.9), read from its machines' snapshots. */

type PanelUserSnapshot = SnapshotFrom<typeof panelUserMachine>;

/** The chosen user's sessions of the last 30 days: how many, and how long online; none until loaded. */
export const selectSessionSummary = (s: PanelUserSnapshot) => (s.context.sessions ? sessionSummary(s.context.sessions) : null);

type LoadSpeedSnapshot = SnapshotFrom<typeof loadSpeedMachine>;
/** The load-speed test's mean of the dashboard timings, in whole ms; null before a run. */
export const selectMeanTiming = (s: LoadSpeedSnapshot): number | null => {
  const { timings } = s.context;
  return timings.length ? Math.round(timings.reduce((a, b) => a + b, 0) / timings.length) : null;
};

type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;
/** The audit log's filter fields, as entered. */

// ---- System Announcements --------------------------------------------------------------------

type AnnouncementsSnapshot = SnapshotFrom<typeof announcementsMachine>;
export const selectAnnouncementsOpen = (s: AnnouncementsSnapshot) => !s.matches('closed');
export const selectAnnouncementsLoading = (s: AnnouncementsSnapshot) => s.matches('loading');
export const selectAnnouncementList = (s: AnnouncementsSnapshot) => s.context.list;
export const selectAnnouncementText = (s: AnnouncementsSnapshot) => s.context.text;
export const selectAnnouncementMessage = (s: AnnouncementsSnapshot) => s.context.message;
export const selectDeletingAnnouncement = (s: AnnouncementsSnapshot) => s.context.deletingId;
/** Create: busy while its call runs (a second click then does nothing), disabled while empty or another call runs. */
export const selectCreateButton = (s: AnnouncementsSnapshot) => ({
  busy: s.matches('creating'),
  disabled: !s.matches('editing') || s.context.text.trim() === '',
});
/** A row's delete is offered only while nothing else is on its way. */
export const selectMayDeleteAnnouncement = (s: AnnouncementsSnapshot) => s.matches('editing');

export { sameView } from '../admin-dashboard/selectors.ts';

/** The admin panel's user editor (spec §2.9): its fields, message, and what is enabled (tag `busy` while a call runs). */
export function selectUserEditorView(s: PanelUserSnapshot) {
  const { users, userId, form, message } = s.context;
  const busy = s.hasTag('busy');
  return {
    users,
    userId: userId === null ? null : String(userId),
    chosen: userId !== null,
    form,
    message,
    retry: s.can({ type: 'panelUser.retried' }),
    userPlaceholder: s.matches('loadingUsers') ? 'Loading users…' : 'Search by name or email',
    pickDisabled: users.length === 0 || busy,
    loadingSessions: s.matches('loadingSessions'),
    updating: s.matches('updating'),
    resetting: s.matches('resetting'),
    busy,
  };
}

/** The audit log (docs/admin-tools.md): its filters, rows, message and whether a load runs or came back empty. */
export const selectAuditView = (s: AuditLogSnapshot) => ({
  draft: s.context.draft,
  rows: s.context.rows,
  error: s.context.error,
  loading: s.matches('loading'),
  empty: s.matches('showing') && s.context.rows.length === 0,
});

/** The load-speed test (analytics spec §6): shown only with the testing flag on and an admin behind the session. */
export const selectLoadSpeedView = (s: LoadSpeedSnapshot) => ({
  shown: s.context.enabled && s.context.adminEmail !== '',
  amount: s.context.amount,
  timings: s.context.timings,
  mean: selectMeanTiming(s),
  running: s.matches('running'),
  mayStart: s.can({ type: 'loadTest.started' }),
  sent: s.matches('sent'),
  failed: s.matches('failed'),
});

type PageSnapshot = SnapshotFrom<typeof adminPanelPageMachine>;
/** The tab shown. */
export const selectAdminPanelTab = (s: PageSnapshot): AdminPanelTab => (s.matches('audit') ? 'audit' : 'panel');
export const selectAnnouncements = (s: PageSnapshot) => s.children.announcements!;
export const selectTesting = (s: PageSnapshot) => s.children.testing!;
/** The Panel tab's user editor; none while the Audit Log tab is shown. */
export const selectPanelUser = (s: PageSnapshot) => s.children.user;
/** The Audit Log tab's log; none while the Panel tab is shown. */
export const selectAuditLog = (s: PageSnapshot) => s.children.audit;
/** Enable/Disable Testing: on or off. */
export const selectTestingOn = (s: SnapshotFrom<typeof testingFlagMachine>) => s.context.on;

/** The admin panel: the tab shown, and the child actors of its sections (announcements, testing flag, user editor, audit log). */
export const selectAdminPanelView = (s: PageSnapshot) => ({
  tab: selectAdminPanelTab(s),
  announcements: selectAnnouncements(s),
  testing: selectTesting(s),
  user: selectPanelUser(s),
  audit: selectAuditLog(s),
});

/** System Announcements: open or not, the list and its loading, the draft, the message, the row being deleted, Create and Delete. */
export const selectAnnouncementsView = (s: AnnouncementsSnapshot) => ({
  opened: selectAnnouncementsOpen(s),
  loading: selectAnnouncementsLoading(s),
  list: selectAnnouncementList(s),
  text: selectAnnouncementText(s),
  message: selectAnnouncementMessage(s),
  deletingId: selectDeletingAnnouncement(s),
  create: selectCreateButton(s),
  mayDelete: selectMayDeleteAnnouncement(s),
});

/** The admin panel's user editor: its fields and buttons (`view`) and the chosen user's session summary. */
export const selectUserEditorScreenView = (s: PanelUserSnapshot) => ({
  view: selectUserEditorView(s),
  summary: selectSessionSummary(s),
});
