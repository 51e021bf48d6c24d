import type { RegisteredMachine } from './registered-machine.ts';
import { ACCOUNT_MACHINES } from './account/registration.ts';
import { ADMIN_DASHBOARD_MACHINES } from './admin-dashboard/registration.ts';
import { ADMIN_PANEL_MACHINES } from './admin-panel/registration.ts';
import { ADMIN_SWITCH_MACHINES } from './admin-switch/registration.ts';
import { ADMIN_IMPORT_MACHINES } from './admin-import/registration.ts';
import { BUSINESS_PANEL_MACHINES } from './business-panel/registration.ts';
import { DASHBOARD_MACHINES } from './dashboard/registration.ts';
import { DIGEST_MACHINES } from './digest/registration.ts';
import { HOUSE_SWITCH_MACHINES } from './house-switch/registration.ts';
import { INSIGHTS_MACHINES } from './insights/registration.ts';
import { INTEL_MACHINES } from './intel/registration.ts';
import { INVOICE_MACHINES } from './invoices/registration.ts';
import { PAYMENT_MACHINES } from './payments/registration.ts';
import { CHECKS_DATA_MACHINES } from './checks-data/registration.ts';
import { REBATES_MACHINES } from './rebates/registration.ts';
import { SESSION_MACHINES } from './session/registration.ts';
import { SHELL_MACHINES } from './shell/registration.ts';
import { USER_MANAGEMENT_MACHINES } from './user-management/registration.ts';

/**
 * The path catalogue's machines (tests/paths, `npm run paths`): each feature registers its own in
 * its folder's `registration.ts`; this list only gathers them, so no feature imports it back.
 */
export const MACHINES: readonly RegisteredMachine[] = [
  ...SHELL_MACHINES,
  ...SESSION_MACHINES,
  ...ADMIN_SWITCH_MACHINES,
  ...DASHBOARD_MACHINES,
  ...HOUSE_SWITCH_MACHINES,
  ...INTEL_MACHINES,
  ...REBATES_MACHINES,
  ...ACCOUNT_MACHINES,
  ...USER_MANAGEMENT_MACHINES,
  ...INVOICE_MACHINES,
  ...ADMIN_IMPORT_MACHINES,
  ...PAYMENT_MACHINES,
  ...CHECKS_DATA_MACHINES,
  ...INSIGHTS_MACHINES,
  ...ADMIN_DASHBOARD_MACHINES,
  ...ADMIN_PANEL_MACHINES,
  ...BUSINESS_PANEL_MACHINES,
  ...DIGEST_MACHINES,
];
