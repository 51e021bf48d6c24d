import type { SnapshotFrom } from 'xstate';
import { sessionSummary } from '../../model/user-sessions.ts';
export { AUDIT_EVENTS } from '../../model/impersonation.ts';
import type { announcementsMachine } from './announcements-editor.ts';
import type { auditLogMachine } from './audit-log.ts';
import type { loadSpeedMachine } from './load-speed-test.ts';
import type { panelUserMachine } from './panel-user.ts';

/** What the admin panel shows (accounts spec §2.9), read from its machines' snapshots. */

type PanelUserSnapshot = SnapshotFrom<typeof panelUserMachine>;

/** The chosen user's sessions of the last 30 days: how many, and how long online; none until loaded. */
export const selectSessionSummary = (s: PanelUserSnapshot) => (s.context.sessions ? sessionSummary(s.context.sessions) : null);
export const sameSummary = (a: ReturnType<typeof selectSessionSummary>, b: ReturnType<typeof selectSessionSummary>) =>
  a?.count === b?.count && a?.online === b?.online;

type LoadSpeedSnapshot = SnapshotFrom<typeof loadSpeedMachine>;
/** The load-speed test's mean of the dashboard timings, in whole ms; null before a run. */
export const selectMeanTiming = (s: LoadSpeedSnapshot): number | null => {
  const { timings } = s.context;
  return timings.length ? Math.round(timings.reduce((a, b) => a + b, 0) / timings.length) : null;
};

type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;
/** The audit log's filter fields, as entered. */
export const selectAuditDraft = (s: AuditLogSnapshot) => s.context.draft;

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
export const sameButton = (a: { busy: boolean; disabled: boolean }, b: { busy: boolean; disabled: boolean }) => a.busy === b.busy && a.disabled === b.disabled;
/** A row's delete is offered only while nothing else is on its way. */
export const selectMayDeleteAnnouncement = (s: AnnouncementsSnapshot) => s.matches('editing');
