import { afterEach, describe, expect, it, vi } from 'vitest';
import { edgeKey, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../../tests/paths/replay-actor.ts';
import { FEEDBACK_SENT_MS } from '../../model/notices.ts';
import { ApiError } from '../../services/api-client.ts';
import { FEEDBACK_FAILED_MESSAGE, MIN_SHAPE_MESSAGE, feedbackDialogMachine, feedbackPayload } from './feedback-dialog.ts';
import { selectFeedbackFailure } from './selectors.ts';
import { MACHINES } from '../registry.ts';

const entry = MACHINES.find((m) => m.name === 'feedback-dialog')!;

function startReal() {
  return startControlled(feedbackDialogMachine, { actors: ['sendFeedback'] });
}

describe('feedback-dialog, model-based', () => {
  const edges = stateChangingEdges(entry);

  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(feedbackDialogMachine, shortestPaths(entry), 'closed');
    expectEveryTransitionTaken(feedbackDialogMachine, edges);
  });

  for (const edge of edges) {
    it(`replays ${edgeKey(edge)} after ${edge.path.length - 1} events`, async () => {
      const run = startReal();
      await replaySteps(run, edge.path, edge.states, (i) => {
        const { value, context } = run.actor.getSnapshot();
        if (value === 'sending') expect(run.calls.at(-1)!.input).toEqual(feedbackPayload(context));
        if (value === 'editing' && i > 0 && edge.path[i]!.type.startsWith('xstate.error')) expect(context.failure).not.toBeNull();
      });
    });
  }
});

describe('feedback-dialog, behaviour', () => {
  afterEach(() => vi.useRealTimers());

  it("sends a trimmed comment for a bad match, then shows 'Feedback Sent!' for 4 seconds", async () => {
    const { actor, calls, replay } = startReal();
    await replay({ type: 'feedback.opened', mode: 'badMatch', min: 'A1', badMatchMin: 'B2' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'editing'); // nothing typed: nothing sent
    await replay({ type: 'feedback.textChanged', value: '  wrong pack  ' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'sending');
    expect(calls.map((c) => c.input)).toEqual([{ min: 'A1', badMatchMin: 'B2', comment: 'wrong pack' }]);
    // The notice's time runs on the RxJS timer (after$), here on fake timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await replay({ type: 'xstate.done.actor.sendFeedback', output: { id: 9 } }, 'sent');
    vi.advanceTimersByTime(FEEDBACK_SENT_MS - 1);
    expect(actor.getSnapshot().value).toBe('sent');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('keeps the dialog and the text after a failure, with the failure flagged', async () => {
    const { actor, replay } = startReal();
    await replay({ type: 'feedback.opened', mode: 'recommendation', min: 'A1' }, 'editing');
    await replay({ type: 'feedback.textChanged', value: 'C3' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'sending');
    await replay({ type: 'xstate.error.actor.sendFeedback', error: new Error('offline') }, 'editing');
    expect(actor.getSnapshot().context).toMatchObject({ failure: FEEDBACK_FAILED_MESSAGE, text: 'C3', mode: 'recommendation' });
  });

  it("says the server's reason when it refuses a recommended MIN, not only 'Failed to send feedback.'", async () => {
    const { actor, replay } = startReal();
    await replay({ type: 'feedback.opened', mode: 'recommendation', min: 'A1' }, 'editing');
    await replay({ type: 'feedback.textChanged', value: 'abc' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'sending');
    await replay({ type: 'xstate.error.actor.sendFeedback', error: new ApiError(400, 'No item has the MIN abc.') }, 'editing');
    expect(selectFeedbackFailure(actor.getSnapshot())).toBe('No item has the MIN abc.');
    // Typing again clears it: it was about the text before.
    await replay({ type: 'feedback.textChanged', value: 'abcd' }, 'editing');
    expect(selectFeedbackFailure(actor.getSnapshot())).toBeNull();
  });

  it('says at the field when a recommended MIN cannot be one, and sends nothing', async () => {
    const { actor, calls, replay } = startReal();
    await replay({ type: 'feedback.opened', mode: 'recommendation', min: 'A1' }, 'editing');
    await replay({ type: 'feedback.textChanged', value: 'ab c' }, 'editing');
    await replay({ type: 'feedback.submitted' }, 'editing');
    expect(calls).toHaveLength(0);
    expect(selectFeedbackFailure(actor.getSnapshot())).toBe(MIN_SHAPE_MESSAGE);
  });
});
