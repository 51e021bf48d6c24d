import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { allHouses } from '../admin-dashboard/admin-dashboard-samples.ts';
import { salesRepsMachine } from './sales-reps.ts';
import { sam } from './sales-reps-samples.ts';
import { selectAddableDistributors, selectListedDistributors, selectRepDistributors, selectRepSearch } from './selectors.ts';

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
    expect([selectRepSearch(run.now()), names(selectListedDistributors(run.now()))]).toEqual([' BOSTON ', ['Harbor Foods Boston']]);
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
      return selectRepSearch(run.now());
    };
    expect(await searchAfter({ type: 'reps.chosen', email: 'kim@gpo.test' }, 'loadingRepDistributors')).toBe('');
    await run.replay({ type: 'xstate.done.actor.loadRepDistributors', output: { distributorIds: [20] } }, 'ready');
    expect(await searchAfter({ type: 'reps.newToggled' }, 'ready')).toBe('');
    expect(await searchAfter({ type: 'reps.cancelled' }, 'ready')).toBe('');
  });
});
