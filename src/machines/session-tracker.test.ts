import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { definedTransitions, edgeKey, shortestPaths, stateChangingEdges } from '../../tests/paths/machine-paths.ts';
import { expectEveryStateReached } from '../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../tests/paths/replay-actor.ts';
import type { UserSessionPayload } from '../model/user-sessions.ts';
import { MACHINES } from './registry.ts';
import { sessionTrackerMachine } from './session-tracker.ts';

const entry = MACHINES.find((m) => m.name === 'session-tracker')!;
const iso = (ms: number) => new Date(ms).toISOString();
const SECOND = 1000;

/** The tracker on a simulated clock; reports land in a list (and succeed at once). */
function tracker(startAt = 1_700_000_000_000) {
  const clock = new SimulatedClock();
  clock.set(startAt);
  const reports: UserSessionPayload[] = [];
  const machine = sessionTrackerMachine.provide({
    actors: { report: fromPromise<void, UserSessionPayload>(async ({ input }) => void reports.push(input)) },
  });
  const actor = createActor(machine, { input: { now: () => clock.now() }, clock }).start();
  const activity = () => actor.send({ type: 'session.activity', at: clock.now() });
  /** Moves time forward one second at a time, so every 5 s check runs when it would. */
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += SECOND) {
      clock.increment(SECOND);
      await Promise.resolve();
    }
  };
  return { actor, clock, reports, activity, advance, startAt };
}

describe('session-tracker on a simulated clock', () => {
  it('reports nothing and stays idle without activity', async () => {
    const t = tracker();
    await t.advance(10 * 60 * SECOND);
    expect(t.reports).toEqual([]);
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('reports a session 60 s after the only activity, with its start, end and seconds', async () => {
    const t = tracker();
    t.activity();
    await t.advance(59 * SECOND);
    expect(t.reports).toEqual([]);
    await t.advance(6 * SECOND); // the next 5 s check after the expiry
    expect(t.reports).toEqual([{ startTime: iso(t.startAt), endTime: iso(t.startAt + 60 * SECOND), time: 60 }]);
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('keeps the session alive while activity continues, and measures it to the last activity + 60 s', async () => {
    const t = tracker();
    t.activity();
    for (let i = 0; i < 4; i++) {
      await t.advance(50 * SECOND);
      t.activity(); // at 50, 100, 150, 200 s
    }
    await t.advance(55 * SECOND);
    expect(t.reports).toEqual([]);
    await t.advance(10 * SECOND);
    expect(t.reports).toEqual([{ startTime: iso(t.startAt), endTime: iso(t.startAt + 260 * SECOND), time: 260 }]);
  });

  it('starts a new session on the next activity after a report', async () => {
    const t = tracker();
    t.activity();
    await t.advance(70 * SECOND);
    await t.advance(5 * 60 * SECOND);
    expect(t.reports).toHaveLength(1);
    const second = t.clock.now();
    t.activity();
    await t.advance(70 * SECOND);
    expect(t.reports[1]).toEqual({ startTime: iso(second), endTime: iso(second + 60 * SECOND), time: 60 });
  });
});

describe('session-tracker, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);

  it('reaches every state', () => expectEveryStateReached(sessionTrackerMachine, paths, 'idle'));

  it('takes every state-changing transition the machine defines', () => {
    const taken = new Set(edges.map(edgeKey));
    const defined = [...definedTransitions(sessionTrackerMachine)].filter((k) => !/^(\w+) --.*--> \1$/.test(k));
    expect([...taken].sort()).toEqual(defined.sort());
  });

  for (const edge of edges) {
    it(`replays edge ${edgeKey(edge)}`, async () => {
      const run = startControlled(sessionTrackerMachine, { actors: ['report'], input: { now: () => 0 } });
      await replaySteps(run, edge.path, edge.states, (i) => {
        // A report goes out exactly while reporting, for the last activity's window.
        const { startedAt, expiresAt } = run.actor.getSnapshot().context;
        if (edge.states[i] === 'reporting') {
          const sent = run.inputs.report!.at(-1) as UserSessionPayload;
          expect(sent).toEqual({ startTime: iso(startedAt!), endTime: iso(expiresAt!), time: (expiresAt! - startedAt!) / 1000 });
        }
        if (edge.states[i] === 'idle') expect([startedAt, expiresAt]).toEqual([null, null]);
      });
    });
  }
});
