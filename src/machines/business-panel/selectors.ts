import type { SnapshotFrom } from 'xstate';
import type { UserHouse } from '../../model/admin.ts';
import { SALES_REP_ROLES } from '../../model/sales-reps.ts';
import type { businessPanelPageMachine } from './business-panel.ts';
import type { salesRepsMachine } from './sales-reps.ts';

/** What the business panel's sales-reps section offers (accounts spec §2.10). */

type S = SnapshotFrom<typeof salesRepsMachine>;

/** The roles a sales rep may have, as Select options: 'rep' shown as 'Rep'. */
export const SALES_REP_ROLE_OPTIONS = SALES_REP_ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));

export const selectRepSearch = (s: S) => s.context.search;

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
 * The sales-reps section (spec §2.10) besides its lists: the fields, messages and what is enabled,
 * following what the machine takes now and its state tags (`busy`, `repPickable`, `deleteAsked`).
 */
export function selectSalesRepsView(s: S) {
  const { reps, selected, newRep, form, formOpen, error } = s.context;
  const busy = s.hasTag('busy');
  return {
    reps,
    selected,
    newRep,
    form,
    formOpen,
    error,
    success: s.matches('success'),
    retry: s.can({ type: 'reps.retried' }),
    mayOpenForm: s.can({ type: 'reps.formOpened' }),
    mayToggleNew: s.can({ type: 'reps.newToggled' }),
    repPlaceholder: s.matches('loadingReps') ? 'Loading…' : 'Sales Reps',
    repPickable: s.hasTag('repPickable'),
    loadingDistributors: s.matches('loadingRepDistributors'),
    saving: s.matches('saving'),
    busy,
    deleteOpen: s.hasTag('deleteAsked'),
    deleting: s.matches('deleting'),
    mayRefuseDelete: s.can({ type: 'reps.deleteRefused' }),
  };
}
export { sameView } from '../admin-dashboard/selectors.ts';

type PageSnapshot = SnapshotFrom<typeof businessPanelPageMachine>;
/** The page's Checks Data section. */
export const selectChecksData = (s: PageSnapshot) => s.children.checksData!;
/** The page's Sales Reps section. */
export const selectSalesReps = (s: PageSnapshot) => s.children.salesReps!;

/** The sales-reps section: its fields and what is enabled (`view`), the search, the rep's distributors, those listed and those to add. */
export const selectSalesRepsScreenView = (s: S) => ({
  view: selectSalesRepsView(s),
  search: selectRepSearch(s),
  chosen: selectRepDistributors(s),
  listed: selectListedDistributors(s),
  addable: selectAddableDistributors(s),
});

/** The business panel's two sections, each handed its child actor: Checks Data and Sales Reps. */
export const selectBusinessPanelView = (s: PageSnapshot) => ({
  checksData: selectChecksData(s),
  salesReps: selectSalesReps(s),
});
