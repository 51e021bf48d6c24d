import type { AnyEventObject } from 'xstate';
import { ApiError } from '../../services/api-client.ts';
import { allHouses } from '../admin-dashboard/admin-dashboard-samples.ts';

/** Sample answers and events of the sales-rep form (registry paths and tests). */
const failed = new ApiError(500, 'Something went wrong');
export const sam = { email: 'sam@gpo.test', name: 'Sam Seller', role: 'director' as const };

export const salesRepsEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadReps', output: [sam] },
  { type: 'xstate.error.actor.loadReps', error: failed },
  { type: 'reps.retried' },
  { type: 'reps.formOpened' },
  { type: 'xstate.done.actor.loadHouses', output: allHouses },
  { type: 'xstate.error.actor.loadHouses', error: failed },
  { type: 'reps.chosen', email: 'sam@gpo.test' },
  { type: 'xstate.done.actor.loadRepDistributors', output: { distributorIds: [10] } },
  { type: 'xstate.error.actor.loadRepDistributors', error: failed },
  { type: 'reps.newToggled' },
  { type: 'reps.changed', field: 'email', value: 'nina@gpo.test' },
  { type: 'reps.changed', field: 'name', value: 'Nina New' },
  { type: 'reps.roleChosen', role: 'manager' },
  { type: 'reps.distributorToggled', id: 11 },
  { type: 'reps.searchChanged', value: 'portland' },
  { type: 'reps.saved' },
  { type: 'xstate.done.actor.save', output: { message: 'Success!' } },
  { type: 'xstate.error.actor.save', error: failed },
  { type: 'reps.deleteAsked' },
  { type: 'reps.deleteConfirmed' },
  { type: 'reps.deleteRefused' },
  { type: 'xstate.done.actor.remove', output: { message: 'Success!' } },
  { type: 'xstate.error.actor.remove', error: failed },
  { type: 'reps.successShown' },
  { type: 'reps.cancelled' },
];
