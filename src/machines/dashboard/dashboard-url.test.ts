import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { houseSwitchMachine } from '../house-switch/house-switch.ts';
import type { RouteGoEvent } from '../shell/page-spec.ts';
import { dashboardMachine } from './dashboard.ts';
import { boston, otherRange, SAMPLE_TODAY, SAMPLE_USER_ID, sampleDashboard, sampleMerchants } from './dashboard-samples.ts';
import { dashboardPlaceOf, dashboardQuery } from './dashboard-url.ts';
import { selectLocation, selectRange } from './selectors.ts';

beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

const OCTOBER = { startDate: '2026-10-01', endDate: '2026-10-31' }; // the month before SAMPLE_TODAY: the default

describe('the dashboard URL’s query', () => {
  it('names a range and a location; the defaults are left out', () => {
    expect(dashboardQuery({ range: OCTOBER, location: null }, SAMPLE_TODAY)).toBe('');
    expect(dashboardQuery({ range: otherRange, location: null }, SAMPLE_TODAY)).toBe('?from=2026-09-01&to=2026-09-30');
    expect(dashboardQuery({ range: OCTOBER, location: 101 }, SAMPLE_TODAY)).toBe('?location=101');
    expect(dashboardQuery({ range: otherRange, location: 102 }, SAMPLE_TODAY)).toBe('?from=2026-09-01&to=2026-09-30&location=102');
  });

  it('reads back what it wrote', () => {
    expect(dashboardPlaceOf('?from=2026-09-01&to=2026-09-30&location=102', SAMPLE_TODAY)).toEqual({ range: otherRange, location: 102 });
    expect(dashboardPlaceOf('', SAMPLE_TODAY)).toEqual({ range: OCTOBER, location: null });
  });

  it('falls back to the previous month and All Locations for what it cannot read', () => {
    const at = (search: string) => dashboardPlaceOf(search, SAMPLE_TODAY);
    expect(at('?from=2026-09-01').range).toEqual(OCTOBER); // no end
    expect(at('?from=2026-02-01&to=2026-02-30').range).toEqual(OCTOBER); // no such day
    expect(at('?from=09/01/2026&to=09/30/2026').range).toEqual(OCTOBER);
    expect(at('?from=2026-09-30&to=2026-09-01').range).toEqual(OCTOBER); // reversed
    expect(at('?from=2025-09-01&to=2026-09-30').range).toEqual(OCTOBER); // over a year (spec §5)
    expect(at('?location=abc').location).toBeNull();
    expect(at('?location=-3').location).toBeNull();
    expect(at('?location=0').location).toBeNull();
    expect(at('?location=1.5').location).toBeNull();
  });
});

describe('the dashboard keeps its range and location in the URL', () => {
  const ACTORS = ['loadMerchants', 'loadDashboard', 'loadLostVolume', 'loadMonthlyVolume', 'loadHouses', 'setActiveDistributor', 'loadAnnouncements', 'loadViewAsUsers'];
  const start = (search = '') => {
    const gone: RouteGoEvent[] = [];
    const s = startControlled(dashboardMachine, {
      actors: ACTORS,
      input: { today: SAMPLE_TODAY, activeDistributor: boston, userId: SAMPLE_USER_ID, canViewAs: false, viewAsUserId: null, search },
      children: { houseSwitch: houseSwitchMachine },
      provide: { actions: { applyViewAs: () => {}, forgetMonths: () => {} } },
      beforeStart: (actor) => void createActor(fromCallback<RouteGoEvent>(({ receive }) => receive((e) => void gone.push(e))), { parent: actor, systemId: 'router' }).start(),
    });
    const go = (search: string) => s.actor.send({ type: 'route.changed', place: { pathname: '/dashboard', search }, params: {} });
    return { ...s, gone, go, now: () => s.actor.getSnapshot() };
  };
  const merchantsIn = (s: ReturnType<typeof start>) => s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');

  it('opens on the range and location of the URL (a reload), and asks for that dashboard', async () => {
    const s = start('?from=2026-09-01&to=2026-09-30&location=102');
    expect(selectRange(s.now())).toEqual(otherRange);
    await merchantsIn(s);
    expect(selectLocation(s.now())).toBe(102);
    expect(s.inputs.loadDashboard).toEqual([expect.objectContaining({ startDate: '2026-09-01', endDate: '2026-09-30', merchants: [102] })]);
    // The URL already says so: nothing is written.
    expect(s.gone).toEqual([]);
  });

  it('opens on the defaults for what it cannot read, and tidies the URL', async () => {
    const s = start('?from=nonsense&to=2026-09-30&location=999');
    expect(selectRange(s.now())).toEqual(OCTOBER);
    await merchantsIn(s);
    // 999 is none of the user's locations: All Locations.
    expect(selectLocation(s.now())).toBeNull();
    expect(s.inputs.loadDashboard).toEqual([expect.objectContaining({ startDate: '2026-10-01', merchants: [101, 102] })]);
    expect(s.gone).toEqual([{ type: 'route.go', to: '/dashboard', replace: true }]);
  });

  it('writes a chosen range and location to the URL, replacing the entry; a refused range writes nothing', async () => {
    const s = start();
    await merchantsIn(s);
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    expect(s.gone).toEqual([]);
    s.actor.send({ type: 'dashboard.rangeChanged', range: otherRange });
    s.actor.send({ type: 'dashboard.locationSelected', merchantId: 101 });
    s.actor.send({ type: 'dashboard.rangeChanged', range: { startDate: '2025-01-01', endDate: '2026-09-30' } });
    s.actor.send({ type: 'dashboard.dialogClosed' });
    expect(s.gone.map((e) => e.to)).toEqual(['/dashboard?from=2026-09-01&to=2026-09-30', '/dashboard?from=2026-09-01&to=2026-09-30&location=101']);
    expect(s.gone.every((e) => e.replace)).toBe(true);
    // The router reports the place it went to: nothing more happens.
    s.go('?from=2026-09-01&to=2026-09-30&location=101');
    expect(s.gone).toHaveLength(2);
    expect(s.callsOf('loadDashboard')).toHaveLength(3);
    // Back to the defaults: the URL is bare again.
    s.actor.send({ type: 'dashboard.rangeChanged', range: OCTOBER });
    s.actor.send({ type: 'dashboard.locationSelected', merchantId: null });
    expect(s.gone.at(-1)!.to).toBe('/dashboard');
  });

  it('follows a link to another range and location while open, as if the user chose them', async () => {
    const s = start();
    await merchantsIn(s);
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    s.go('?from=2026-09-01&to=2026-09-30&location=102');
    expect([selectRange(s.now()), selectLocation(s.now())]).toEqual([otherRange, 102]);
    expect(s.now().value).toBe('loadingDashboard');
    expect(s.callsOf('loadDashboard').at(-1)!.input).toMatchObject({ startDate: '2026-09-01', merchants: [102] });
    expect(s.gone).toEqual([]);
    // The menu's bare /dashboard: the defaults again.
    s.go('');
    expect([selectRange(s.now()), selectLocation(s.now())]).toEqual([OCTOBER, null]);
    expect(s.gone).toEqual([]);
  });
});

describe('a link the dashboard cannot fully follow', () => {
  it('keeps the range it can read, falls back for the rest, and tidies the URL', async () => {
    const gone: RouteGoEvent[] = [];
    const s = startControlled(dashboardMachine, {
      actors: ['loadMerchants', 'loadDashboard', 'loadLostVolume', 'loadMonthlyVolume', 'loadHouses', 'setActiveDistributor', 'loadAnnouncements', 'loadViewAsUsers'],
      input: { today: SAMPLE_TODAY, activeDistributor: boston, userId: SAMPLE_USER_ID, canViewAs: false, viewAsUserId: null },
      children: { houseSwitch: houseSwitchMachine },
      provide: { actions: { applyViewAs: () => {}, forgetMonths: () => {} } },
      beforeStart: (actor) => void createActor(fromCallback<RouteGoEvent>(({ receive }) => receive((e) => void gone.push(e))), { parent: actor, systemId: 'router' }).start(),
    });
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    s.actor.send({ type: 'route.changed', place: { pathname: '/dashboard', search: '?from=2026-09-01&to=2026-09-30&location=999' }, params: {} });
    expect([selectRange(s.actor.getSnapshot()), selectLocation(s.actor.getSnapshot())]).toEqual([otherRange, null]);
    expect(gone).toEqual([{ type: 'route.go', to: '/dashboard?from=2026-09-01&to=2026-09-30', replace: true }]);
  });
});
