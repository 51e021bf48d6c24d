import { selectSalesRepsView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { salesRepsMachine, type SalesRepsContext } from './sales-reps.ts';
import { salesRepsEvents } from './sales-reps-samples.ts';

export const BUSINESS_PANEL_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'sales-reps',
    description: "The Business Panel's sales reps: pick or enter a rep, role, distributors; save, cancel, delete after 'Are you sure?'.",
    machine: salesRepsMachine,
    views: { reps: selectSalesRepsView },
    events: salesRepsEvents,
    variants: [{ label: 'internal admin on /business-panel' }],
    serializeState: seenState<SalesRepsContext>((c) => [
      c.reps.length > 0, c.houses.length > 0, c.formOpen, c.selected !== null, c.newRep, c.form.email !== '', c.form.name !== '', c.form.role, c.form.distributors.length, c.search !== '', c.error,
    ]),
    labels: {
      'xstate.done.actor.loadReps': 'The sales reps arrive',
      'xstate.error.actor.loadReps': 'Loading the sales reps fails',
      'reps.retried': 'Press Try again',
      'xstate.done.actor.loadHouses': 'The distributors arrive',
      'xstate.error.actor.loadHouses': 'Loading the distributors fails',
      'reps.formOpened': 'Press Add Sales Reps',
      'reps.chosen': 'Pick a rep in Sales Reps',
      'xstate.done.actor.loadRepDistributors': "The rep's distributors arrive, checked",
      'xstate.error.actor.loadRepDistributors': "Loading the rep's distributors fails",
      'reps.newToggled': 'Toggle New sales rep',
      'reps.changed': 'Type the email or name',
      'reps.roleChosen': 'Pick a role',
      'reps.distributorToggled': 'Check or uncheck a distributor',
      'reps.searchChanged': "Type in Search (the rep's distributors)",
      'reps.saved': 'Press Save',
      'xstate.done.actor.save': 'The server saves the rep',
      'xstate.error.actor.save': 'Saving fails',
      'reps.deleteAsked': 'Press the delete icon',
      'reps.deleteConfirmed': 'Press Yes',
      'reps.deleteRefused': 'Press No',
      'xstate.done.actor.remove': 'The server deletes the rep',
      'xstate.error.actor.remove': 'Deleting fails',
      'reps.successShown': 'One second passes',
      'reps.cancelled': 'Press Cancel',
    },
    checks: {
      loadingReps: 'The Sales Reps picker is loading',
      repsFailed: "'Failed to fetch list of sales reps' with Try again",
      loadingHouses: 'The Distributors picker is loading',
      ready: "The form; 'Missing Fields. Please make sure to fill out all the fields.' after an incomplete Save; the §8 failures",
      loadingRepDistributors: "The rep's distributors are loading",
      confirmingDelete: "'Are you sure?' with Yes and No",
      saving: 'Save shows its spinner',
      deleting: 'Yes shows its spinner',
      success: "'Success!' for one second",
    },
  },
];
