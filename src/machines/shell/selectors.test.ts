import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SessionUser } from '../../model/session-user.ts';
import { noticesMachine } from './notices.ts';
import { distributorUser, repUser } from './samples.ts';
import { menuItemsFor, screenTitle, selectNoticeBadge, selectRouteDecision, selectVisibleNotices } from './selectors.ts';

/** The auth snapshot as the selectors read it: its state (the access mode) and the signed-in user. */
const auth = (value: string, user: SessionUser | null) =>
  ({ value, context: { user, adminUser: null, logoutNotice: null } }) as unknown as Parameters<typeof selectRouteDecision>[0];

describe('the shell', () => {
  it('waits for the session, then shows a page or sends a visitor to sign in', () => {
    expect(selectRouteDecision(auth('checking', null), '/dashboard').kind).toBe('wait');
    expect(selectRouteDecision(auth('loggedOut', null), '/dashboard')).toMatchObject({ kind: 'redirect' });
    expect(selectRouteDecision(auth('distributor', distributorUser), '/dashboard')).toEqual({ kind: 'show' });
  });

  it('offers Payment Information in the menu only to those allowed to see it', () => {
    const paths = (user: SessionUser) => menuItemsFor(auth('distributor', user), false).map((m) => m.path);
    expect(paths(distributorUser)).toContain('/paymentinformation/list');
    expect(paths({ ...repUser, displayPaymentInfo: false })).not.toContain('/paymentinformation/list');
    expect(menuItemsFor(auth('loggedOut', null), false)).toEqual([]);
  });

  it('names a screen not built yet by its title', () => {
    expect(screenTitle('/no/such/screen')).toBe('Not found');
  });

  it('shows four notices at most, with a count badge beyond that', () => {
    const notices = createActor(noticesMachine).start();
    for (let i = 1; i <= 5; i++) notices.send({ type: 'notices.added', notice: { id: `n${i}`, kind: 'info', title: `Notice ${i}`, message: '' } });
    const seen = notices.getSnapshot();
    expect(selectVisibleNotices(seen).map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(selectNoticeBadge(seen)).toBe(5);
  });
});
