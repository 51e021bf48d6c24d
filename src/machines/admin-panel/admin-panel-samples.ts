import type { AnyEventObject } from 'xstate';
import { ApiError } from '../../services/api-client.ts';
import { dmRow } from '../admin-dashboard/admin-dashboard-samples.ts';

/** Sample answers and events of the admin panel's machines (registry paths and tests). */
const failed = new ApiError(500, 'Something went wrong');
export const notice = { id: 7, text: 'Portal closes at 6 pm' };

export const announcementsEvents: readonly AnyEventObject[] = [
  { type: 'announcements.opened' },
  { type: 'xstate.done.actor.load', output: [notice] },
  { type: 'xstate.error.actor.load', error: failed },
  { type: 'announcements.textChanged', text: 'New price list on Monday' },
  { type: 'announcements.created' },
  { type: 'xstate.done.actor.create', output: { id: 8, text: 'New price list on Monday' } },
  { type: 'xstate.error.actor.create', error: failed },
  { type: 'announcements.deleted', id: 7 },
  { type: 'xstate.done.actor.remove', output: { message: 'Announcement Deleted!' } },
  { type: 'xstate.error.actor.remove', error: failed },
  { type: 'announcements.closed' },
];

export const panelUserEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadUsers', output: [dmRow] },
  { type: 'xstate.error.actor.loadUsers', error: failed },
  { type: 'panelUser.retried' },
  { type: 'panelUser.chosen', userId: dmRow.id },
  { type: 'xstate.done.actor.loadSessions', output: [{ end_time: '2026-11-20T09:00:00.000Z', time: 3725 }] },
  { type: 'xstate.error.actor.loadSessions', error: failed },
  { type: 'panelUser.changed', field: 'password', value: 'secret-77' },
  { type: 'panelUser.updated' },
  { type: 'xstate.done.actor.update', output: { message: 'User updated successfully!' } },
  { type: 'xstate.error.actor.update', error: new ApiError(400, 'An account with this email already exists.') },
  { type: 'panelUser.passwordReset' },
  { type: 'xstate.done.actor.reset', output: { message: 'User updated successfully!' } },
  { type: 'xstate.error.actor.reset', error: failed },
];

export const auditLogEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: [] },
  { type: 'xstate.error.actor.load', error: failed },
  { type: 'audit.draftChanged', draft: { event: 'start' } },
  { type: 'audit.draftChanged', draft: { search: '  dm@harbor ' } },
  { type: 'audit.applied' },
  { type: 'audit.reloaded' },
];

export const testingFlagEvents: readonly AnyEventObject[] = [{ type: 'testing.toggled' }];

export const loadSpeedEvents: readonly AnyEventObject[] = [
  { type: 'loadTest.amountChanged', amount: 3 },
  { type: 'loadTest.started' },
  { type: 'xstate.done.actor.run', output: { timingsMs: [40, 35, 38] } },
  { type: 'xstate.error.actor.run', error: failed },
  { type: 'loadTest.noticeExpired' },
];

/** A short stand-in for the server's reference page (server/http/api-reference-page.ts). */
export const referencePage = '<!doctype html><html lang="en"><body><h1>Portal API 1.0.0</h1><h3><code>get</code> <code>/api/rebate-deviation</code></h3></body></html>';

export const apiReferenceEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: referencePage },
  { type: 'xstate.error.actor.load', error: failed },
  { type: 'apiReference.retried' },
  { type: 'apiReference.downloadRequested' },
  { type: 'xstate.done.actor.download' },
  { type: 'xstate.error.actor.download', error: failed },
];
