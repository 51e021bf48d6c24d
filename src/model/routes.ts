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

export const ADMIN_ROUTES = ['/logout', '/admin-login', '/admin-panel', '/admin-panel/import', '/business-panel', '/admin-dashboard'] as const;

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
export function matchPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return got.length > i;
    if (got[i] === undefined) return false;
    if (!want[i]!.startsWith(':') && want[i] !== got[i]) return false;
  }
  return want.length === got.length;
}

export function findScreen(path: string): DistributorScreen | undefined {
  return DISTRIBUTOR_SCREENS.find((screen) => matchPattern(screen.pattern, path));
}
