import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { allHouses } from '../admin-dashboard/admin-dashboard-samples.ts';
import { salesRepsMachine } from './sales-reps.ts';
import { sam } from './sales-reps-samples.ts';
import { businessPanelPageMachine } from './business-panel.ts';
import { selectAddableDistributors, selectBusinessPanelView, selectListedDistributors, selectRepDistributors, selectSalesRepsView } from './selectors.ts';

const names = (houses: { nickname: string }[]) => houses.map((h) => h.nickname);

async function samWithDistributors(ids: number[]) {
  const run = startControlled(salesRepsMachine, { actors: ['loadReps', 'loadHouses', 'loadRepDistributors', 'save', 'remove'] });
  await run.replay({ type: 'xstate.done.actor.loadReps', output: [sam, { ...sam, email: 'kim@gpo.test', name: 'Kim Other' }] }, 'loadingHouses');
  await run.replay({ type: 'xstate.done.actor.loadHouses', output: allHouses }, 'ready');
  await run.replay({ type: 'reps.formOpened' }, 'ready');
  await run.replay({ type: 'reps.chosen', email: sam.email }, 'loadingRepDistributors');
  await run.replay({ type: 'xstate.done.actor.loadRepDistributors', output: { distributorIds: ids } }, 'ready');
  return { ...run, now: () => run.actor.getSnapshot() };
}

describe("the sales rep's distributors", () => {
  it('lists the rep’s distributors, and offers to add only the others', async () => {
    const run = await samWithDistributors([11, 10]);
    expect(names(selectRepDistributors(run.now()))).toEqual(['Harbor Foods Portland', 'Harbor Foods Boston']);
    expect(names(selectListedDistributors(run.now()))).toEqual(['Harbor Foods Portland', 'Harbor Foods Boston']);
    expect(names(selectAddableDistributors(run.now()))).toEqual(['Harbor Foods (PA)', 'Summit Denver']);
  });

  it('Search narrows the list by name in any case, not the distributors saved', async () => {
    const run = await samWithDistributors([10, 11]);
    run.actor.send({ type: 'reps.searchChanged', value: ' BOSTON ' });
    expect([selectSalesRepsView(run.now()).search, names(selectListedDistributors(run.now()))]).toEqual([' BOSTON ', ['Harbor Foods Boston']]);
    expect(selectRepDistributors(run.now())).toHaveLength(2);
    await run.replay({ type: 'reps.roleChosen', role: 'manager' }, 'ready');
    await run.replay({ type: 'reps.saved' }, 'saving');
    expect(run.callsOf('save')[0]!.input).toMatchObject({ distributors: [10, 11] });
  });

  it('another rep, a new rep or Cancel clears the search', async () => {
    const run = await samWithDistributors([10, 11]);
    const searchAfter = async (event: Parameters<typeof run.actor.send>[0], state: string) => {
      run.actor.send({ type: 'reps.searchChanged', value: 'boston' });
      await run.replay(event, state);
      return selectSalesRepsView(run.now()).search;
    };
    expect(await searchAfter({ type: 'reps.chosen', email: 'kim@gpo.test' }, 'loadingRepDistributors')).toBe('');
    await run.replay({ type: 'xstate.done.actor.loadRepDistributors', output: { distributorIds: [20] } }, 'ready');
    expect(await searchAfter({ type: 'reps.newToggled' }, 'ready')).toBe('');
    expect(await searchAfter({ type: 'reps.cancelled' }, 'ready')).toBe('');
  });
});

describe('the sales-reps view: what is enabled', () => {
  it('follows the machine: the form opens when ready, the rep picker stays usable while distributors load, Save and Cancel wait for a call', async () => {
    const run = startControlled(salesRepsMachine, { actors: ['loadReps', 'loadHouses', 'loadRepDistributors', 'save', 'remove'] });
    expect(selectSalesRepsView(run.actor.getSnapshot())).toMatchObject({ mayOpenForm: false, repPlaceholder: 'Loading…', repPickable: false });
    await run.replay({ type: 'xstate.done.actor.loadReps', output: [sam] }, 'loadingHouses');
    await run.replay({ type: 'xstate.done.actor.loadHouses', output: allHouses }, 'ready');
    expect(selectSalesRepsView(run.actor.getSnapshot())).toMatchObject({ mayOpenForm: true, mayToggleNew: true, repPickable: true, busy: false, deleteOpen: false });
    await run.replay({ type: 'reps.formOpened' }, 'ready');
    await run.replay({ type: 'reps.chosen', email: sam.email }, 'loadingRepDistributors');
    expect(selectSalesRepsView(run.actor.getSnapshot())).toMatchObject({ mayToggleNew: false, repPickable: true, loadingDistributors: true });
    await run.replay({ type: 'xstate.done.actor.loadRepDistributors', output: { distributorIds: [10] } }, 'ready');
    await run.replay({ type: 'reps.deleteAsked' }, 'confirmingDelete');
    expect(selectSalesRepsView(run.actor.getSnapshot())).toMatchObject({ deleteOpen: true, mayRefuseDelete: true, deleting: false, busy: false });
    await run.replay({ type: 'reps.deleteConfirmed' }, 'deleting');
    expect(selectSalesRepsView(run.actor.getSnapshot())).toMatchObject({ deleteOpen: true, mayRefuseDelete: false, deleting: true, busy: true, repPickable: false });
  });

  it('the failed list offers Try again', async () => {
    const run = startControlled(salesRepsMachine, { actors: ['loadReps', 'loadHouses', 'loadRepDistributors', 'save', 'remove'] });
    await run.replay({ type: 'xstate.error.actor.loadReps', error: new Error('x') }, 'repsFailed');
    expect(selectSalesRepsView(run.actor.getSnapshot()).retry).toBe(true);
  });
});

describe('the sales-reps view model', () => {
  it('offers each rep as "name – email", the houses the rep lacks, and lists the rep’s distributors the search holds', async () => {
    const run = await samWithDistributors([11, 10]);
    run.actor.send({ type: 'reps.searchChanged', value: 'port' });
    const view = selectSalesRepsView(run.now());
    expect(view.repOptions).toEqual([
      { value: sam.email, label: `${sam.name} – ${sam.email}` },
      { value: 'kim@gpo.test', label: 'Kim Other – kim@gpo.test' },
    ]);
    expect(view.distributorOptions.map((o) => o.label)).toEqual(['Harbor Foods (PA)', 'Summit Denver']);
    expect(view.listed).toEqual([{ id: 11, nickname: 'Harbor Foods Portland' }]);
    expect([view.mayDelete, view.noDistributors]).toEqual([true, false]);
  });

  it('says "No distributors yet" only once the rep’s distributors are in, and offers no delete for a new rep', async () => {
    const run = startControlled(salesRepsMachine, { actors: ['loadReps', 'loadHouses', 'loadRepDistributors', 'save', 'remove'] });
    await run.replay({ type: 'xstate.done.actor.loadReps', output: [sam] }, 'loadingHouses');
    await run.replay({ type: 'xstate.done.actor.loadHouses', output: allHouses }, 'ready');
    await run.replay({ type: 'reps.formOpened' }, 'ready');
    await run.replay({ type: 'reps.chosen', email: sam.email }, 'loadingRepDistributors');
    expect(selectSalesRepsView(run.actor.getSnapshot())).toMatchObject({ loadingDistributors: true, noDistributors: false, mayDelete: true });
    await run.replay({ type: 'xstate.done.actor.loadRepDistributors', output: { distributorIds: [] } }, 'ready');
    expect(selectSalesRepsView(run.actor.getSnapshot())).toMatchObject({ loadingDistributors: false, noDistributors: true });
    await run.replay({ type: 'reps.newToggled' }, 'ready');
    expect(selectSalesRepsView(run.actor.getSnapshot()).mayDelete).toBe(false);
  });
});

describe('the business panel page', () => {
  it('hands its two sections their actors', () => {
    const stub = createMachine({});
    const page = createActor(businessPanelPageMachine.provide({ actors: { checksData: stub, salesReps: stub } as never })).start();
    const view = selectBusinessPanelView(page.getSnapshot());
    expect([view.checksData.id, view.salesReps.id]).toEqual(['checksData', 'salesReps']);
    page.stop();
  });
});
