import type { SessionUser } from './session-user.ts';

/** Route tables of accounts spec §2.1–2.2, and which user flags gate which screen. */

export const PUBLIC_ROUTES = [
  '/signup',
  '/activate/:token',
  '/confirm-email/:token',
  '/approve-email-change/:token',
  '/forgot-password',
  '/create-password/:token',
  '/change-password/:token',
  '/login',
  '/admin-dashboard',
] as const;

export const ADMIN_ROUTES = ['/logout', '/admin-login', '/admin-panel', '/admin-panel/import', '/admin-panel/api', '/business-panel', '/admin-dashboard'] as const;

/** Which flag a screen or menu item needs; 'always' means any logged-in distributor user. */
export type Gate = 'always' | 'intel' | 'invoice' | 'paymentInfo';

export function gateOpen(gate: Gate, user: SessionUser): boolean {
  switch (gate) {
    case 'always':
      return true;
    case 'intel':
      return user.displayIntel;
    case 'invoice':
      return user.isInternalAdmin || user.displayInvoice;
    case 'paymentInfo':
      return user.displayPaymentInfo;
  }
}

export interface DistributorScreen {
  pattern: string;
  title: string;
  gate: Gate;
}

/** Every distributor screen; `*` matches any rest of the path. */
export const DISTRIBUTOR_SCREENS: readonly DistributorScreen[] = [
  { pattern: '/dashboard', title: 'Dashboard', gate: 'always' },
  { pattern: '/intel', title: 'Intel', gate: 'intel' },
  { pattern: '/intel/*', title: 'Intel', gate: 'intel' },
  { pattern: '/rebates', title: 'Rebates & Deviations', gate: 'always' },
  { pattern: '/rebates/*', title: 'Rebates & Deviations', gate: 'always' },
  { pattern: '/paymentinformation/list', title: 'Payment Information', gate: 'paymentInfo' },
  { pattern: '/paymentinformation/:merchantid/:merchant', title: 'Merchant Checks', gate: 'paymentInfo' },
  { pattern: '/competitiveinsights', title: 'Competitive Insights', gate: 'always' },
  { pattern: '/competitiveinsights/*', title: 'Competitive Insights', gate: 'always' },
  { pattern: '/invoice/scanning', title: 'Invoice Scanning', gate: 'invoice' },
  { pattern: '/invoice/:id', title: 'Invoice', gate: 'invoice' },
  { pattern: '/invoice/:id/items', title: 'Invoice Items', gate: 'invoice' },
  { pattern: '/user-management', title: 'Users', gate: 'always' },
  { pattern: '/settings', title: 'Settings', gate: 'always' },
  { pattern: '/faq', title: 'Get Help', gate: 'always' },
  { pattern: '/debug_details/:id', title: 'Debug Details', gate: 'always' },
];

/** Sections whose unknown sub-paths fall back to a default page (spec §2.2). */
export const SECTION_FALLBACKS: readonly { prefix: string; to: string; gate: Gate }[] = [
  { prefix: '/paymentinformation', to: '/paymentinformation/list', gate: 'paymentInfo' },
  { prefix: '/invoice', to: '/invoice/scanning', gate: 'invoice' },
];

export type MenuIcon = 'dashboard' | 'intel' | 'rebates' | 'insights' | 'invoice' | 'payment' | 'settings';

export interface MenuItem {
  label: string;
  path: string;
  icon: MenuIcon;
  gate: Gate;
  mobileOnly: boolean;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: 'dashboard', gate: 'always', mobileOnly: false },
  { label: 'Intel', path: '/intel', icon: 'intel', gate: 'intel', mobileOnly: false },
  { label: 'Rebates & Deviations', path: '/rebates', icon: 'rebates', gate: 'always', mobileOnly: false },
  { label: 'Competitive Insights', path: '/competitiveinsights', icon: 'insights', gate: 'always', mobileOnly: false },
  { label: 'Invoice Scanning', path: '/invoice/scanning', icon: 'invoice', gate: 'invoice', mobileOnly: false },
  { label: 'Payment Information', path: '/paymentinformation/list', icon: 'payment', gate: 'paymentInfo', mobileOnly: false },
  { label: 'Settings', path: '/settings', icon: 'settings', gate: 'always', mobileOnly: true },
];

export function visibleMenuItems(user: SessionUser, mobile: boolean): MenuItem[] {
  return MENU_ITEMS.filter((item) => gateOpen(item.gate, user) && (mobile || !item.mobileOnly));
}

/** Matches '/a/:param/*'-style patterns segment by segment; no regexes to keep it obvious. */
/**
 * The params of `path` under `pattern` (`:name` takes one segment, a last `*` one or more), or null
 * when it does not match.
 */
export function matchParams(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment === '*') return got.length > i ? params : null;
    const value = got[i];
    if (value === undefined) return null;
    if (!segment.startsWith(':')) {
      if (segment !== value) return null;
      continue;
    }
    try {
      params[segment.slice(1)] = decodeURIComponent(value);
    } catch {
      return null; // a malformed escape (`%E0%A4`) names nothing
    }
  }
  return want.length === got.length ? params : null;
}

export const matchPattern = (pattern: string, path: string): boolean => matchParams(pattern, path) !== null;

export function findScreen(path: string): DistributorScreen | undefined {
  return DISTRIBUTOR_SCREENS.find((screen) => matchPattern(screen.pattern, path));
}
