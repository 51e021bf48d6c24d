import { describe, expect, it } from 'vitest';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { alertsMachine } from './alerts.ts';
import { SAMPLE_ALERTS, SAMPLE_PREFERENCES } from './digest-samples.ts';
import { digestPreferencesMachine } from './digest-preferences.ts';
import { DIGEST_SAVED, selectAlertGroups, selectAlertsBellView, selectBell, selectPreferencesForm } from './selectors.ts';

const entry = (name: string) => MACHINES.find((m) => m.name === name)!;

describe('digest-preferences, model-based', () => {
  const e = entry('digest-preferences');
  const edges = stateChangingEdges(e);
  it('reaches every state', () => expectEveryStateReached(digestPreferencesMachine, shortestPaths(e), 'loading'));
  it('takes every transition the machine defines', () => expectEveryTransitionTaken(digestPreferencesMachine, edges));
  const start = () => startControlled(digestPreferencesMachine, { actors: ['load', 'save'], input: { timeZone: 'America/New_York' } });
  itReplaysEdges(edges, start, (run) => {
    const form = selectPreferencesForm(run.actor.getSnapshot());
    // What the user sees agrees with the state: a saved message only after a save, a failure only after a refusal.
    if (run.actor.getSnapshot().matches('loadFailed')) expect(form.failure).toBe('offline');
    if (form.saved) expect(form.saved).toBe(DIGEST_SAVED);
    expect(form.timeZone).toBe('America/New_York');
  });

  it('saves the choice with the browser time zone, in the order the user ticked', async () => {
    const run = startControlled(digestPreferencesMachine, { actors: ['load', 'save'], input: { timeZone: 'America/New_York' } });
    await run.replay({ type: 'xstate.done.actor.load', output: SAMPLE_PREFERENCES }, 'editing');
    run.actor.send({ type: 'prefs.frequencyChanged', frequency: 'daily' });
    run.actor.send({ type: 'prefs.sectionToggled', section: 'competitorShare' });
    expect(selectPreferencesForm(run.actor.getSnapshot()).sections.find((s) => s.key === 'competitorShare')!.checked).toBe(false);
    run.actor.send({ type: 'prefs.submitted' });
    expect(run.inputs.save!.at(-1)).toEqual({ frequency: 'daily', sections: ['winBack', 'rebateChecks', 'overpaidInvoices'], timeZone: 'America/New_York' });
    run.actor.stop();
  });
});

describe('alerts (the bell), model-based', () => {
  const e = entry('alerts');
  const edges = stateChangingEdges(e);
  it('reaches every state', () => expectEveryStateReached(alertsMachine, shortestPaths(e), 'loading'));
  it('takes every transition the machine defines', () => expectEveryTransitionTaken(alertsMachine, edges));
  itReplaysEdges(edges, () => startControlled(alertsMachine, { actors: ['load', 'markRead'] }), (run) => {
    const snapshot = run.actor.getSnapshot();
    const bell = selectBell(snapshot);
    // The count shows while closed, and is gone once the panel was opened.
    if (bell.open) expect(bell.unread).toBe(0);
    if (snapshot.matches('loading') || snapshot.matches('failed')) expect(bell.unread).toBe(0);
  });

  it('lists each item with the page it opens, and asks the server to mark them read once opened', async () => {
    const run = startControlled(alertsMachine, { actors: ['load', 'markRead'] });
    await run.replay({ type: 'xstate.done.actor.load', output: SAMPLE_ALERTS }, 'closed');
    expect(selectBell(run.actor.getSnapshot()).unread).toBe(2);
    expect(selectAlertGroups(run.actor.getSnapshot()).map((g) => g.items.map((i) => i.href))).toEqual([
      ['/competitiveinsights/items/Matrix%20Diner/12'], ['/paymentinformation/12/Matrix%20Diner'],
    ]);
    run.actor.send({ type: 'alerts.opened' });
    expect(run.inputs.markRead).toHaveLength(1);
    expect(selectBell(run.actor.getSnapshot())).toMatchObject({ unread: 0, open: true, newWhenOpened: 2 });
    run.actor.stop();
  });

  it('the bell’s view model (selectAlertsBellView): the unread badge and the alerts grouped by section', async () => {
    const run = startControlled(alertsMachine, { actors: ['load', 'markRead'] });
    expect(selectAlertsBellView(run.actor.getSnapshot())).toEqual({ bell: expect.objectContaining({ unread: 0, open: false }), groups: [] });
    await run.replay({ type: 'xstate.done.actor.load', output: SAMPLE_ALERTS }, 'closed');
    const view = selectAlertsBellView(run.actor.getSnapshot());
    expect(view.bell).toMatchObject({ unread: 2, open: false, failed: false });
    expect(view.groups.map((g) => g.section)).toEqual(['competitorShare', 'rebateChecks']);
    run.actor.stop();
  });
});
