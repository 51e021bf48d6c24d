import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { createActor, createMachine } from 'xstate';
import { adminDashboardMachine } from './admin-dashboard.ts';
import { adminDashboardPageMachine } from './admin-dashboard-page.ts';
import { allHouses, boston, dmRow, harborParent, portland } from './admin-dashboard-samples.ts';
import { adminUserEditMachine } from './admin-user-edit.ts';
import { adminDate, selectDashboard, selectHouseChoices, selectUserHouses, selectUsersShown, selectUserSearch } from './selectors.ts';

describe('the admin dashboard', () => {
  it('lists no users until a house is picked, then those whose name or email holds the search', async () => {
    const s = startControlled(adminDashboardMachine, { actors: ['loadParents', 'loadChildren', 'loadUsers'], input: { siteUrl: 'http://127.0.0.1:8080' } });
    await s.replay({ type: 'xstate.done.actor.loadParents', output: [harborParent] }, 'pickingParent');
    s.actor.send({ type: 'adminDashboard.searchChanged', search: 'rep' });
    expect(selectUsersShown(s.actor.getSnapshot())).toEqual([]);
    s.actor.send({ type: 'adminDashboard.parentChosen', parentId: 1 });
    await s.settle('loadChildren', 'done', [boston, portland]);
    s.actor.send({ type: 'adminDashboard.childChosen', childId: 10 });
    await s.settle('loadUsers', 'done', [dmRow, { ...dmRow, id: 6, contactName: 'Riley Rep', email: 'rep@harbor.test' }]);
    // The search typed before the house was picked already narrows its users.
    const shownIds = (search: string) => {
      s.actor.send({ type: 'adminDashboard.searchChanged', search });
      return [selectUserSearch(s.actor.getSnapshot()), selectUsersShown(s.actor.getSnapshot()).map((u) => u.id)];
    };
    expect(selectUsersShown(s.actor.getSnapshot()).map((u) => u.id)).toEqual([6]);
    expect(shownIds('')).toEqual(['', [5, 6]]);
    expect(shownIds(' DM@harbor ')).toEqual([' DM@harbor ', [5]]);
    expect(shownIds('nobody')).toEqual(['nobody', []]);
  });

  it('writes dates as MM-DD-YYYY, or No Data', () => {
    expect(adminDate(null)).toBe('No Data');
    expect(adminDate('2026-01-05T10:00:00.000Z')).toMatch(/^01-0[45]-2026$/);
  });

  it('offers to add the houses the user lacks: those outside the family, or the family’s with Include family', async () => {
    const s = startControlled(adminUserEditMachine, { actors: ['loadHouses', 'save', 'deactivate'] });
    s.actor.send({ type: 'edit.opened', user: dmRow });
    const names = (hs: readonly { nickname: string }[]) => hs.map((h) => h.nickname);
    expect(names(selectUserHouses(s.actor.getSnapshot()))).toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
    await s.settle('loadHouses', 'done', allHouses);
    expect(names(selectHouseChoices(s.actor.getSnapshot()))).toEqual(['Summit Denver']);
    s.actor.send({ type: 'edit.familyToggled' });
    expect(names(selectHouseChoices(s.actor.getSnapshot()))).toEqual([]);
  });
});

describe('the /admin-dashboard page', () => {
  const stub = createMachine({});
  const start = (admin: boolean) =>
    createActor(adminDashboardPageMachine.provide({ actors: { dashboard: stub } as never }), { input: { siteUrl: 'http://127.0.0.1:8080', admin } }).start();

  it('runs the dashboard for an internal admin only: a visitor asks nothing of the server', () => {
    expect(selectDashboard(start(false).getSnapshot())).toBeUndefined();
    expect(selectDashboard(start(true).getSnapshot())).toBeDefined();
  });
});
