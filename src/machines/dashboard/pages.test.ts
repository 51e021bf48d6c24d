import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../model/session-user.ts';
import { findPage } from '../shell/page-registry.ts';
import type { PageRoute } from '../shell/page-spec.ts';
import { adminUser, distributorUser, repUser } from '../shell/samples.ts';
import { dashboardInput, dashboardPages } from './pages.ts';

const route = (user: SessionUser | null, viewAs: number | null, admin: SessionUser | null = null) =>
  ({ auth: { context: { user, adminUser: admin } }, session: { context: { viewAs } }, place: { pathname: '/dashboard', search: '' } }) as unknown as Pick<PageRoute, 'auth' | 'session' | 'place'>;

describe('the dashboard page', () => {
  it('serves /dashboard', () => {
    expect(findPage('/dashboard', dashboardPages)?.key).toBe('dashboard');
    expect(findPage('/dashboard/x', dashboardPages)).toBeNull();
  });

  it("starts with the user's house and the session's View As for a leader", () => {
    expect(dashboardInput(route(distributorUser, 42))).toEqual({
      activeDistributor: distributorUser.activeDistributor,
      userId: distributorUser.id,
      canViewAs: true,
      viewAsUserId: 42,
      search: '',
      loadSpeed: null,
    });
  });

  it("runs the load-speed test only in a user's session an internal admin entered (spec §6)", () => {
    expect(dashboardInput(route(distributorUser, null, adminUser)).loadSpeed).toEqual({ userId: distributorUser.id, adminEmail: 'admin@portal.test' });
    expect(dashboardInput(route(distributorUser, null)).loadSpeed).toBeNull();
    // The admin's own session is no user's session entered.
    expect(dashboardInput(route(adminUser, null, adminUser)).loadSpeed).toBeNull();
  });

  it('gives a rep no View As (the machine ignores a remembered one)', () => {
    expect(dashboardInput(route(repUser, null))).toMatchObject({ userId: repUser.id, canViewAs: false, viewAsUserId: null });
  });

  it('builds an input without a user (the page is not shown then)', () => {
    expect(dashboardInput(route(null, null))).toEqual({ activeDistributor: null, userId: null, canViewAs: false, viewAsUserId: null, search: '', loadSpeed: null });
  });
});
