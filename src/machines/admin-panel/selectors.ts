import type { SnapshotFrom } from 'xstate';
import { sessionSummary } from '../../model/user-sessions.ts';
export { AUDIT_EVENTS } from '../../model/impersonation.ts';
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
