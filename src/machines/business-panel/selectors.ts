/** What the business panel's sales-reps section offers (accounts spec §2.10). */
import { SALES_REP_ROLES } from '../../model/sales-reps.ts';

/** The roles a sales rep may have, as Select options: 'rep' shown as 'Rep'. */
export const SALES_REP_ROLE_OPTIONS = SALES_REP_ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));
