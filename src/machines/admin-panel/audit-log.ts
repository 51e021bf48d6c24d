import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { AuditQuery, AuditRow } from '../../model/impersonation.ts';
import { adminService } from '../../services/admin-service.ts';

/** The Admin Panel's audit log page (docs/admin-tools.md): rows newest first, filtered by event, days and a search. */
export const AUDIT_FAILED = "Couldn't load the audit log.";

export interface AuditLogContext {
  filter: AuditQuery;
  rows: AuditRow[];
  error: string | null;
}

export type AuditLogEvent = { type: 'audit.filtered'; filter: AuditQuery } | { type: 'audit.reloaded' };

// A new filter aborts the load of the previous one.
const refilter = {
  'audit.filtered': { target: 'loading', reenter: true, actions: 'setFilter' },
  'audit.reloaded': { target: 'loading', reenter: true },
} as const;

export const auditLogMachine = setup({
  types: { context: {} as AuditLogContext, events: {} as AuditLogEvent },
  actors: { load: fromObservableWithOutput<AuditRow[], AuditQuery>((q) => adminService.audit(q)) },
  actions: { setFilter: assign(({ event }) => (event.type === 'audit.filtered' ? { filter: event.filter } : {})) },
}).createMachine({
  id: 'auditLog',
  context: { filter: {}, rows: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.filter,
        onDone: { target: 'showing', actions: assign({ rows: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: AUDIT_FAILED }) },
      },
      on: refilter,
    },
    showing: { on: refilter },
    failed: { on: refilter },
  },
});
