import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { AuditEvent, AuditQuery, AuditRow } from '../../model/impersonation.ts';
import { adminService } from '../../services/admin-service.ts';

/** The Admin Panel's audit log page (docs/admin-tools.md): rows newest first, filtered by event, days and a search. */
export const AUDIT_FAILED = "Couldn't load the audit log.";

/** The filter fields as entered; the rows follow them only when Filter is pressed. */
export interface AuditDraft {
  event: AuditEvent | null;
  /** YYYY-MM-DD, or '' for any day. */
  from: string;
  search: string;
}

export interface AuditLogContext {
  draft: AuditDraft;
  /** The filter the rows are for. */
  filter: AuditQuery;
  rows: AuditRow[];
  error: string | null;
}

export type AuditLogEvent =
  | { type: 'audit.draftChanged'; draft: Partial<AuditDraft> }
  | { type: 'audit.applied' }
  | { type: 'audit.reloaded' };

const EMPTY_DRAFT: AuditDraft = { event: null, from: '', search: '' };

/** What Filter asks for: only the fields filled in, the search trimmed. */
export function auditQuery(draft: AuditDraft): AuditQuery {
  const search = draft.search.trim();
  return { ...(draft.event ? { event: draft.event } : {}), ...(search ? { search } : {}), ...(draft.from ? { from: draft.from } : {}) };
}

// A new filter aborts the load of the previous one.
const refilter = {
  'audit.applied': { target: 'loading', reenter: true, actions: 'applyDraft' },
  'audit.reloaded': { target: 'loading', reenter: true },
} as const;

export const auditLogMachine = setup({
  types: { context: {} as AuditLogContext, events: {} as AuditLogEvent },
  actors: { load: fromObservableWithOutput<AuditRow[], AuditQuery>((q) => adminService.audit(q)) },
  actions: {
    applyDraft: assign(({ context }) => ({ filter: auditQuery(context.draft) })),
    editDraft: assign(({ context }, draft: Partial<AuditDraft>) => ({ draft: { ...context.draft, ...draft } })),
    keepRows: assign((_, rows: AuditRow[]) => ({ rows, error: null })),
    loadFailed: assign({ error: AUDIT_FAILED }),
  },
}).createMachine({
  id: 'auditLog',
  context: { draft: EMPTY_DRAFT, filter: {}, rows: [], error: null },
  // The fields can be edited while the rows load or after a failure.
  on: { 'audit.draftChanged': { actions: { type: 'editDraft', params: ({ event }) => event.draft } } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.filter,
        onDone: { target: 'showing', actions: { type: 'keepRows', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'loadFailed' },
      },
      on: refilter,
    },
    showing: { on: refilter },
    failed: { on: refilter },
  },
});
