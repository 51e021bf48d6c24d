import { describe, expect, it } from 'vitest';
import { adminUser, distributorUser, noPartnerUser, repUser } from '../machines/shell/samples.ts';
import { decideRoute, isInternalAdmin, keepsAdminData } from './route-access.ts';
import { visibleMenuItems } from './routes.ts';

const ctx = (user = distributorUser, logoutNotice: string | null = null) => ({ user, logoutNotice });

describe('route access (accounts spec §2.1)', () => {
  it('maintenance shows only /maintenance', () => {
    expect(decideRoute('maintenance', '/maintenance', ctx())).toEqual({ kind: 'show' });
    for (const path of ['/', '/login', '/dashboard', '/whatever'])
      expect(decideRoute('maintenance', path, ctx())).toEqual({ kind: 'redirect', to: '/maintenance' });
  });

  it('logged out reaches the public routes and nothing else', () => {
    for (const path of ['/signup', '/activate/abc', '/forgot-password', '/create-password/t', '/change-password/t', '/login', '/admin-dashboard'])
      expect(decideRoute('loggedOut', path, ctx(distributorUser))).toEqual({ kind: 'show' });
    for (const path of ['/', '/dashboard', '/activate', '/admin-login', '/logout'])
      expect(decideRoute('loggedOut', path, ctx())).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('logged out keeps /logout while it has a notice to show', () => {
    expect(decideRoute('loggedOut', '/logout', ctx(distributorUser, 'why'))).toEqual({ kind: 'show' });
  });

  it('internal admins reach the admin routes, else /admin-login', () => {
    for (const path of ['/logout', '/admin-login', '/admin-panel', '/business-panel', '/admin-dashboard'])
      expect(decideRoute('internalAdmin', path, ctx(adminUser))).toEqual({ kind: 'show' });
    expect(decideRoute('internalAdmin', '/dashboard', ctx(adminUser))).toEqual({ kind: 'redirect', to: '/admin-login' });
  });

  it('distributors reach their screens, gated by flags', () => {
    const show = ['/dashboard', '/intel', '/intel/x', '/rebates', '/rebates/a/b', '/paymentinformation/list', '/paymentinformation/7/acme',
      '/competitiveinsights', '/invoice/scanning', '/invoice/12', '/invoice/12/items', '/user-management', '/settings', '/faq', '/logout', '/debug_details/4'];
    for (const path of show) expect(decideRoute('distributor', path, ctx())).toEqual({ kind: 'show' });
    expect(decideRoute('distributor', '/', ctx())).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute('distributor', '/login', ctx())).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute('distributor', '/paymentinformation', ctx())).toEqual({ kind: 'redirect', to: '/paymentinformation/list' });
    expect(decideRoute('distributor', '/paymentinformation/1/2/3', ctx())).toEqual({ kind: 'redirect', to: '/paymentinformation/list' });
    expect(decideRoute('distributor', '/invoice', ctx())).toEqual({ kind: 'redirect', to: '/invoice/scanning' });
    expect(decideRoute('distributor', '/invoice/1/items/2', ctx())).toEqual({ kind: 'redirect', to: '/invoice/scanning' });
    for (const path of ['/intel', '/paymentinformation/list', '/invoice/scanning', '/invoice'])
      expect(decideRoute('distributor', path, ctx(repUser))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('logging out and checking hold every path', () => {
    expect(decideRoute('loggingOut', '/dashboard', ctx())).toEqual({ kind: 'redirect', to: '/logout' });
    expect(decideRoute('checking', '/dashboard', ctx())).toEqual({ kind: 'wait' });
  });

  it('knows internal admins by flag or stored admin data', () => {
    expect(isInternalAdmin(adminUser, false)).toBe(true);
    expect(isInternalAdmin({ ...distributorUser, exportUser: true }, false)).toBe(true);
    expect(isInternalAdmin(distributorUser, true)).toBe(true);
    expect(isInternalAdmin(noPartnerUser, false)).toBe(false);
    expect(keepsAdminData(adminUser)).toBe(true);
    expect(keepsAdminData({ ...adminUser, email: 'ops@portal.test' })).toBe(false);
  });
});

describe('side menu', () => {
  const labels = (user = distributorUser, mobile = false) => visibleMenuItems(user, mobile).map((i) => i.label);
  it('shows everything for a user with every flag, Settings on mobile only', () => {
    expect(labels()).toEqual(['Dashboard', 'Intel', 'Rebates & Deviations', 'Competitive Insights', 'Invoice Scanning', 'Payment Information']);
    expect(labels(distributorUser, true)).toContain('Settings');
  });
  it('hides gated items without their flags', () => {
    expect(labels(repUser)).toEqual(['Dashboard', 'Rebates & Deviations', 'Competitive Insights']);
    expect(labels({ ...repUser, isInternalAdmin: true })).toContain('Invoice Scanning');
  });
});
