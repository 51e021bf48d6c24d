import type { SnapshotFrom } from 'xstate';
import { sessionSummary } from '../../model/user-sessions.ts';
import { Email } from '../../model/codec.ts';
export { AUDIT_EVENTS } from '../../model/impersonation.ts';
import type { adminPanelPageMachine, AdminPanelTab } from './admin-panel.ts';
import type { apiReferenceMachine } from './api-reference.ts';
import type { announcementsMachine } from './announcements-editor.ts';
import type { auditLogMachine } from './audit-log.ts';
import type { loadSpeedMachine } from './load-speed-test.ts';
import type { panelUserMachine } from './panel-user.ts';
import type { testingFlagMachine } from './testing-flag.ts';

/** What the admin panel shows (accounts spec §2.9), read from its machines' snapshots. */

type PanelUserSnapshot = SnapshotFrom<typeof panelUserMachine>;

type LoadSpeedSnapshot = SnapshotFrom<typeof loadSpeedMachine>;
/** The load-speed test's mean of the dashboard timings, in whole ms; null before a run. */
export const selectMeanTiming = (s: LoadSpeedSnapshot): number | null => {
  const { timings } = s.context;
  return timings.length ? Math.round(timings.reduce((a, b) => a + b, 0) / timings.length) : null;
};

type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;

// ---- System Announcements --------------------------------------------------------------------

type AnnouncementsSnapshot = SnapshotFrom<typeof announcementsMachine>;

/**
 * System Announcements (spec §2.9): open or not, the draft and the message; Create busy while its call runs
 * (a second click then does nothing) and disabled while empty or another call runs; the list loading, empty
 * or as rows, each row's delete offered only while nothing else is on its way.
 */
export function selectAnnouncementsView(s: AnnouncementsSnapshot) {
  const { list, text, message, deletingId } = s.context;
  return {
    opened: !s.matches('closed'),
    text,
    message,
    createBusy: s.matches('creating'),
    createDisabled: !s.matches('editing') || text.trim() === '',
    loading: s.matches('loading'),
    empty: list.length === 0,
    rows: list.map((a) => ({
      id: a.id,
      text: a.text,
      deleteLabel: `Delete announcement: ${a.text.slice(0, 40)}`,
      deleting: deletingId === a.id,
    })),
    mayDelete: s.matches('editing'),
  };
}

export { sameView } from '../admin-dashboard/selectors.ts';

/**
 * The admin panel's user editor (spec §2.9): the user picker, the chosen user's fields and session figures,
 * the message, and what is enabled (tag `busy` while a call runs).
 */
export function selectUserEditorView(s: PanelUserSnapshot) {
  const { users, userId, form, message, sessions } = s.context;
  const busy = s.hasTag('busy');
  const summary = sessions ? sessionSummary(sessions) : null;
  return {
    userOptions: users.map((u) => ({ value: String(u.id), label: `${u.contactName} – ${u.email}` })),
    userId: userId === null ? null : String(userId),
    chosen: userId !== null,
    form,
    message,
    retry: s.can({ type: 'panelUser.retried' }),
    userPlaceholder: s.matches('loadingUsers') ? 'Loading users…' : 'Search by name or email',
    pickDisabled: users.length === 0 || busy,
    /** The chosen user's sessions of the last 30 days: how many and how long online, once loaded. */
    sessionsText: s.matches('loadingSessions')
      ? 'Loading sessions…'
      : summary
        ? `Sessions in the last 30 days: ${summary.count} · Time online: ${summary.online}`
        : "Couldn't load the sessions of this user.",
    /** What Update User would refuse, said on the field as it is typed (issue 39). */
    emailError: userId !== null && !Email.is(form.email.trim()) ? 'Enter a valid email address' : null,
    contactNameError: userId !== null && form.contactName.trim().length < 3 ? 'The contact name must be at least 3 characters' : null,
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
  /** The table is shown while it has rows. */
  hasRows: s.context.rows.length > 0,
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

/**
 * The admin panel: the tab shown, and the child actors of its sections: the announcements and the testing
 * flag always, the user editor only on the Panel tab, the audit log only on the Audit Log tab.
 */
export const selectAdminPanelView = (s: PageSnapshot) => ({
  tab: (s.matches('audit') ? 'audit' : 'panel') as AdminPanelTab,
  announcements: s.children.announcements!,
  testing: s.children.testing!,
  user: s.children.user,
  audit: s.children.audit,
});

/** Enable/Disable Testing: on or off, and what the button says. */
export const selectTestingFlagView = (s: SnapshotFrom<typeof testingFlagMachine>) => ({
  on: s.context.on,
  label: s.context.on ? 'Disable Testing' : 'Enable Testing',
});

export const API_REFERENCE_FAILED = "Couldn't load the API reference.";
export const OPENAPI_DOWNLOAD_FAILED = "Couldn't download the OpenAPI document.";

/**
 * The API reference (docs/api.md): a loader, the failure with Retry, or the reference page's HTML;
 * Download OpenAPI document busy while it runs, offered once the reference is shown.
 */
export function selectApiReferenceView(s: SnapshotFrom<typeof apiReferenceMachine>) {
  return {
    loading: s.matches('loading'),
    error: s.matches('failed') ? API_REFERENCE_FAILED : null,
    html: s.hasTag('shown') ? s.context.html : null,
    downloading: s.matches('downloading'),
    mayDownload: s.can({ type: 'apiReference.downloadRequested' }),
    downloadError: s.matches('downloadFailed') ? OPENAPI_DOWNLOAD_FAILED : null,
  };
}
