import { describe, expect, it } from 'vitest';
import { distinctEdges, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MISSING_FIELDS } from '../../model/sales-reps.ts';
import { allHouses } from '../admin-dashboard/admin-dashboard-samples.ts';
import { BUSINESS_PANEL_MACHINES } from './registration.ts';
import { salesRepsMachine } from './sales-reps.ts';
import { sam } from './sales-reps-samples.ts';

const start = () => startControlled(salesRepsMachine, { actors: ['loadReps', 'loadHouses', 'loadRepDistributors', 'save', 'remove'] });

describe('sales-rep form, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(BUSINESS_PANEL_MACHINES[0]!));
  it('takes every transition', () => expectEveryTransitionTaken(salesRepsMachine, edges));
  itReplaysEdges(edges, start, (run) => {
    // Only a complete rep is saved; only the chosen rep is deleted.
    for (const c of run.callsOf('save')) {
      const rep = c.input as { email: string; name: string; role: string; distributors: number[] };
      expect(rep.name.length).toBeGreaterThanOrEqual(3);
      expect(rep.email.length).toBeGreaterThanOrEqual(7);
      expect(rep.distributors.length).toBeGreaterThan(0);
    }
    for (const c of run.callsOf('remove')) expect(c.input).toEqual({ email: sam.email });
  });

  it('says which fields are missing and saves nothing, then saves a new rep', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadReps', output: [sam] }, 'loadingHouses');
    await run.replay({ type: 'xstate.done.actor.loadHouses', output: allHouses }, 'ready');
    await run.replay({ type: 'reps.newToggled' }, 'ready');
    await run.replay({ type: 'reps.changed', field: 'name', value: 'Ni' }, 'ready');
    await run.replay({ type: 'reps.saved' }, 'ready');
    expect(run.actor.getSnapshot().context.error).toBe(MISSING_FIELDS);
    await run.replay({ type: 'reps.changed', field: 'name', value: 'Nina New' }, 'ready');
    await run.replay({ type: 'reps.changed', field: 'email', value: 'nina@gpo.test' }, 'ready');
    await run.replay({ type: 'reps.roleChosen', role: 'auditor' }, 'ready');
    await run.replay({ type: 'reps.saved' }, 'ready');
    expect(run.callsOf('save')).toEqual([]);
    await run.replay({ type: 'reps.distributorToggled', id: 10 }, 'ready');
    await run.replay({ type: 'reps.saved' }, 'saving');
    expect(run.callsOf('save')[0]!.input).toEqual({ email: 'nina@gpo.test', name: 'Nina New', role: 'auditor', distributors: [10] });
    await run.replay({ type: 'xstate.done.actor.save', output: { message: 'Success!' } }, 'success');
    await run.replay({ type: 'reps.successShown' }, 'loadingReps');
  });
});
