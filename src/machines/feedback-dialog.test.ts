import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import { definedTransitions, shortestPaths, stateChangingEdges } from '../../tests/paths/machine-paths.ts';
import type { FeedbackPayload, FeedbackResponse } from '../model/feedback.ts';
import { FEEDBACK_SENT_MS, feedbackDialogMachine, feedbackPayload, type FeedbackDialogEvent } from './feedback-dialog.ts';
import { MACHINES } from './registry.ts';

const entry = MACHINES.find((m) => m.name === 'feedback-dialog')!;

function startReal() {
  const calls: { input: FeedbackPayload; resolve: (r: FeedbackResponse) => void; reject: (e: unknown) => void }[] = [];
  const clock = new SimulatedClock();
  const machine = feedbackDialogMachine.provide({
    actors: {
      sendFeedback: fromPromise<FeedbackResponse, FeedbackPayload>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject }))),
    },
  });
  const actor = createActor(machine, { clock }).start();
  async function replay(event: AnyEventObject, expected: unknown) {
    const outcome = /^xstate\.(done|error)\.actor\.sendFeedback$/.exec(event.type)?.[1];
    if (outcome) {
      if (outcome === 'done') calls.at(-1)!.resolve(event.output);
      else calls.at(-1)!.reject(event.error);
      await waitFor(actor, (s) => s.value === expected, { timeout: 1000 });
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(FEEDBACK_SENT_MS);
    } else actor.send(event as FeedbackDialogEvent);
    expect(actor.getSnapshot().value).toBe(expected);
  }
  return { actor, calls, clock, replay };
}

describe('feedback-dialog, model-based', () => {
  const edges = stateChangingEdges(entry);

  it('reaches every state and takes every transition', () => {
    const reached = new Set(shortestPaths(entry).flatMap((p) => ['closed', ...p.states.map(String)]));
    expect([...reached].sort()).toEqual(Object.keys(feedbackDialogMachine.root.states).sort());
    const taken = new Set(edges.map((e) => `${String(e.from)} --${e.event.type}--> ${String(e.to)}`));
    expect([...taken].sort()).toEqual([...definedTransitions(feedbackDialogMachine)].sort());
  });

  for (const edge of edges) {
    it(`replays ${String(edge.from)} --${edge.event.type}--> ${String(edge.to)} after ${edge.path.length - 1} events`, async () => {
      const { actor, calls, replay } = startReal();
      for (const [i, event] of edge.path.entries()) {
        await replay(event, edge.states[i]);
        const { value, context } = actor.getSnapshot();
        if (value === 'sending') expect(calls.at(-1)!.input).toEqual(feedbackPayload(context));
        if (value === 'editing' && i > 0 && edge.path[i]!.type.startsWith('xstate.error')) expect(context.failed).toBe(true);
      }
      actor.stop();
    });
  }
});

describe('feedback-dialog, behaviour', () => {
  it("sends a trimmed comment for a bad match, then shows 'Feedback Sent!' for 4 seconds", async () => {
    const { actor, calls, clock, replay } = startReal();
    await replay({ type: 'feedback.opened', mode: 'badMatch', min: 'A1', badMatchMin: 'B2' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'editing'); // nothing typed: nothing sent
    await replay({ type: 'feedback.textChanged', value: '  wrong pack  ' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'sending');
    expect(calls.map((c) => c.input)).toEqual([{ min: 'A1', badMatchMin: 'B2', comment: 'wrong pack' }]);
    await replay({ type: 'xstate.done.actor.sendFeedback', output: { id: 9 } }, 'sent');
    clock.increment(FEEDBACK_SENT_MS - 1);
    expect(actor.getSnapshot().value).toBe('sent');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('keeps the dialog and the text after a failure, with the failure flagged', async () => {
    const { actor, replay } = startReal();
    await replay({ type: 'feedback.opened', mode: 'recommendation', min: 'A1' }, 'editing');
    await replay({ type: 'feedback.textChanged', value: 'C3' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'sending');
    await replay({ type: 'xstate.error.actor.sendFeedback', error: new Error('offline') }, 'editing');
    expect(actor.getSnapshot().context).toMatchObject({ failed: true, text: 'C3', mode: 'recommendation' });
  });
});
