import type { SnapshotFrom } from 'xstate';
import type { UserHouse } from '../../model/admin.ts';
import { SALES_REP_ROLES } from '../../model/sales-reps.ts';
import type { businessPanelPageMachine } from './business-panel.ts';
import type { salesRepsMachine } from './sales-reps.ts';

/** What the business panel's sales-reps section offers (accounts spec §2.10). */

type S = SnapshotFrom<typeof salesRepsMachine>;

/** The roles a sales rep may have, as Select options: 'rep' shown as 'Rep'. */
export const SALES_REP_ROLE_OPTIONS = SALES_REP_ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));

/** The rep's distributors (in the order they were added), known houses only. */
export function selectRepDistributors(s: S): UserHouse[] {
  const byId = new Map(s.context.houses.map((h) => [h.id, h]));
  return s.context.form.distributors.map((id) => byId.get(id)).filter((h) => h !== undefined);
}

/** The rep's distributors listed: those whose name holds the search, in any case. */
export function selectListedDistributors(s: S): UserHouse[] {
  const q = s.context.search.trim().toLowerCase();
  return selectRepDistributors(s).filter((h) => h.nickname.toLowerCase().includes(q));
}

/** The houses the Distributors picker offers: those the rep does not have yet. */
export const selectAddableDistributors = (s: S): UserHouse[] => s.context.houses.filter((h) => !s.context.form.distributors.includes(h.id));

/**
 * The sales-reps section (spec §2.10): the fields, the rep and distributor options, the rep's distributors
 * listed, messages and what is enabled, following what the machine takes now and its state tags
 * (`busy`, `repPickable`, `deleteAsked`).
 */
export function selectSalesRepsView(s: S) {
  const { reps, selected, newRep, form, formOpen, error, search } = s.context;
  const busy = s.hasTag('busy');
  const loadingDistributors = s.matches('loadingRepDistributors');
  return {
    selected,
    newRep,
    form,
    formOpen,
    error,
    success: s.matches('success'),
    retry: s.can({ type: 'reps.retried' }),
    mayOpenForm: s.can({ type: 'reps.formOpened' }),
    mayToggleNew: s.can({ type: 'reps.newToggled' }),
    repOptions: reps.map((r) => ({ value: r.email, label: `${r.name} – ${r.email}` })),
    repPlaceholder: s.matches('loadingReps') ? 'Loading…' : 'Sales Reps',
    repPickable: s.hasTag('repPickable'),
    /** A rep is picked: the trash button beside the picker deletes them (after 'Are you sure?'). */
    mayDelete: Boolean(selected),
    /** The Distributors picker: the houses the rep does not have yet. */
    distributorOptions: selectAddableDistributors(s).map((h) => ({ value: String(h.id), label: h.nickname })),
    search,
    /** The rep's distributors whose name holds the search, each a checked box that removes it. */
    listed: selectListedDistributors(s).map((h) => ({ id: h.id, nickname: h.nickname })),
    loadingDistributors,
    noDistributors: selectRepDistributors(s).length === 0 && !loadingDistributors,
    saving: s.matches('saving'),
    busy,
    deleteOpen: s.hasTag('deleteAsked'),
    deleting: s.matches('deleting'),
    mayRefuseDelete: s.can({ type: 'reps.deleteRefused' }),
  };
}
export { sameView } from '../admin-dashboard/selectors.ts';

type PageSnapshot = SnapshotFrom<typeof businessPanelPageMachine>;

/** The business panel's two sections, each handed its child actor: Checks Data and Sales Reps. */
export const selectBusinessPanelView = (s: PageSnapshot) => ({
  checksData: s.children.checksData!,
  salesReps: s.children.salesReps!,
});
