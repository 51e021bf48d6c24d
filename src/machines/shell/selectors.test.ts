import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SessionUser } from '../../model/session-user.ts';
import { noticesMachine } from './notices.ts';
import { distributorUser, repUser } from './samples.ts';
import { menuItemsFor, screenTitle, selectNoticesView, selectPortalShellView, selectRouteDecision, selectLogoutView, sameView } from './selectors.ts';

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

  it('marks the menu entry of the section the user is in, on its sub-pages too', () => {
    const marked = (pathname: string) => selectPortalShellView(auth('distributor', distributorUser), false, pathname).menu.filter((m) => m.active).map((m) => m.label);
    expect(marked('/rebates')).toEqual(['Rebates & Deviations']);
    expect(marked('/rebates/similar/42')).toEqual(['Rebates & Deviations']);
    expect(marked('/unknown')).toEqual([]);
  });

  it('says "Logging you out…" until the session is gone and then why, if a reason was given', () => {
    expect(selectLogoutView(auth('loggingOut', null)).loggingOut).toBe(true);
    const why = { value: 'loggedOut', context: { user: null, adminUser: null, logoutNotice: 'No channel partner' } } as unknown as Parameters<typeof selectLogoutView>[0];
    expect(selectLogoutView(why)).toEqual({ loggingOut: false, notice: 'No channel partner' });
  });

  it('names a screen not built yet by its title', () => {
    expect(screenTitle('/no/such/screen')).toBe('Not found');
  });

  it('shows four notices at most, with a count badge beyond that', () => {
    const notices = createActor(noticesMachine).start();
    for (let i = 1; i <= 5; i++) notices.send({ type: 'notices.added', notice: { id: `n${i}`, kind: 'info', title: `Notice ${i}`, message: '' } });
    const seen = notices.getSnapshot();
    expect(selectNoticesView(seen).shown.map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(selectNoticesView(seen).badge).toBe(5);
  });
});

describe('sameView, the one comparator of view models', () => {
  it('finds rows built afresh with the same content the same, so the screen does not render again', () => {
    const view = () => ({ rows: [{ id: 1, label: 'Milk', tags: ['dairy'] }], busy: false, message: null });
    expect(sameView(view(), view())).toBe(true);
  });

  it.each([
    ['a changed cell', { rows: [{ id: 1, label: 'Cream' }] }],
    ['a row more', { rows: [{ id: 1, label: 'Milk' }, { id: 2, label: 'Eggs' }] }],
    ['a field more', { rows: [{ id: 1, label: 'Milk', note: undefined }] }],
    ['a list for an object', { rows: { 0: { id: 1, label: 'Milk' } } }],
  ])('tells %s apart', (_, other) => {
    expect(sameView<unknown>({ rows: [{ id: 1, label: 'Milk' }] }, other)).toBe(false);
  });

  it('compares actors, dates and functions by identity, not by their fields', () => {
    class Ref { constructor(readonly id: string) {} }
    const ref = new Ref('list');
    expect(sameView({ list: ref }, { list: ref })).toBe(true);
    expect(sameView({ list: ref }, { list: new Ref('list') })).toBe(false);
    expect(sameView({ at: new Date(0) }, { at: new Date(0) })).toBe(false);
  });
});
