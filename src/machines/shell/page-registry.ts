import { matchParams } from '../../model/routes.ts';
import type { PageSpec } from './page-spec.ts';
import { accountPages } from '../account/pages.ts';
import { adminDashboardPages } from '../admin-dashboard/pages.ts';
import { adminImportPages } from '../admin-import/pages.ts';
import { adminPanelPages } from '../admin-panel/pages.ts';
import { adminSwitchPages } from '../admin-switch/pages.ts';
import { businessPanelPages } from '../business-panel/pages.ts';
import { dashboardPages } from '../dashboard/pages.ts';
import { digestPages } from '../digest/pages.ts';
import { insightsPages } from '../insights/pages.ts';
import { intelPages } from '../intel/pages.ts';
import { invoicesPages } from '../invoices/pages.ts';
import { paymentsPages } from '../payments/pages.ts';
import { rebatesPages } from '../rebates/pages.ts';
import { shellPages } from './pages.ts';
import { userManagementPages } from '../user-management/pages.ts';

/** Every page the app's root actor owns, by key (./page-spec.ts says how a page is described). */
export const PAGES = {
  ...accountPages,
  ...adminDashboardPages,
  ...adminImportPages,
  ...adminPanelPages,
  ...adminSwitchPages,
  ...businessPanelPages,
  ...dashboardPages,
  ...digestPages,
  ...insightsPages,
  ...intelPages,
  ...invoicesPages,
  ...paymentsPages,
  ...rebatesPages,
  ...shellPages,
  ...userManagementPages,
};

export type PageKey = keyof typeof PAGES;
/** The machine of a page, for the view that renders it. */
export type PageMachine<K extends PageKey> = Awaited<ReturnType<(typeof PAGES)[K]['load']>>;

/** The page whose route `pathname` is, with the route's params. */
export function findPage<K extends string>(
  pathname: string,
  registry: Readonly<Record<K, PageSpec>>,
): { key: K; spec: PageSpec; params: Record<string, string> } | null {
  for (const [key, spec] of Object.entries(registry) as [K, PageSpec][]) {
    for (const pattern of spec.paths) {
      const params = matchParams(pattern, pathname);
      if (params) return { key, spec, params };
    }
  }
  return null;
}
