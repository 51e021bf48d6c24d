import { expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type Actor, type AnyActorRef, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { edgeKey, type Edge } from './machine-paths.ts';

/**
 * Replays generated paths on the real machine: its promise actors are replaced by promises the
 * test settles when the path says `xstate.done/error.actor.<id>`, and its delays run on a
 * simulated clock advanced when the path says `xstate.after.<delay>.…`.
 */

/** One invocation of a controlled promise actor, in the order the machine made them. */
export interface ControlledCall {
  id: string;
  input: unknown;
  signal: AbortSignal;
  /** Settle this very call, e.g. one the machine has already abandoned. */
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface ControlledOptions<M extends AnyStateMachine = AnyStateMachine> {
  /** Ids (= sources) of the promise actors the path settles. */
  actors: readonly string[];
  input?: unknown;
  /** Named delays of the machine, in ms, so an `xstate.after` step advances the clock by that much. */
  delays?: Record<string, number>;
  /** Extra implementations (e.g. actions) to provide. */
  provide?: Parameters<M['provide']>[0];
  /** Called as each controlled actor starts, e.g. to note what else was true at that moment. */
  onCall?: (call: ControlledCall) => void;
  /**
   * Child machines the machine invokes, by source (with what the test provides them): their
   * actors named in `actors` are controlled too, so a path settles them as the machine's own.
   */
  children?: Record<string, AnyStateMachine>;
  /** Called with the actor before it starts, e.g. to join it to app-wide actors (`joinAppSystem`). */
  beforeStart?: (actor: AnyActorRef) => void;
}

export function startControlled<M extends AnyStateMachine>(machine: M, options: ControlledOptions<M>) {
  const clock = new SimulatedClock();
  const pending: Record<string, ControlledCall | undefined> = {};
  const inputs: Record<string, unknown[]> = {};
  const calls: ControlledCall[] = [];
  const controlled = (id: string) =>
    fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const call = { id, input, signal, resolve, reject };
          calls.push(call);
          (inputs[id] ??= []).push(input);
          pending[id] = call;
          options.onCall?.(call);
        }),
    );
  const controlledOf = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, controlled(id)]));
  const children = Object.entries(options.children ?? {}).map(([src, child]) => [
    src,
    child.provide({ actors: controlledOf(options.actors.filter((id) => id in (child.implementations.actors ?? {}))) }),
  ]);
  const provided = machine.provide({
    ...options.provide,
    actors: { ...options.provide?.actors, ...controlledOf(options.actors), ...Object.fromEntries(children) },
  });
  const actor = createActor(provided, { input: options.input, clock });
  options.beforeStart?.(actor);
  actor.start();
  const valueIs = (expected: unknown) => JSON.stringify(actor.getSnapshot().value) === JSON.stringify(expected);

  /** Settles the running `id` actor and lets the promise's continuation reach the machine. */
  async function settle(id: string, outcome: 'done' | 'error', value: unknown) {
    const running = pending[id];
    expect(running, `${id} should be running`).toBeDefined();
    pending[id] = undefined;
    if (outcome === 'done') running!.resolve(value);
    else running!.reject(value);
    await new Promise((r) => setTimeout(r, 0));
  }

  async function replay(event: AnyEventObject, expected: unknown) {
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    const delayed = /^xstate\.after\.(\w+)\./.exec(event.type);
    if (actorEvent) {
      const [, outcome, id] = actorEvent;
      await settle(id!, outcome as 'done' | 'error', outcome === 'done' ? event.output : event.error);
      await waitFor(actor, () => valueIs(expected), { timeout: 1000 });
    } else if (delayed) {
      const ms = options.delays?.[delayed[1]!];
      expect(ms, `delay ${delayed[1]} should be known`).toBeDefined();
      clock.increment(ms!);
    } else {
      actor.send(event as never);
    }
    expect(actor.getSnapshot().value).toEqual(expected);
  }

  const callsOf = (id: string) => calls.filter((c) => c.id === id);
  // Typed as the given machine's actor, so tests read its context and send its events with their types.
  return { actor: actor as unknown as Actor<M>, clock, replay, settle, inputs, calls, callsOf, isRunning: (id: string) => pending[id] !== undefined };
}

interface Replaying {
  actor: { getSnapshot(): { value: unknown; context: unknown }; stop(): void };
  replay(event: AnyEventObject, expected: unknown): Promise<void>;
}

/**
 * Replays `events` (expecting `states`) on a started run, calling `check` after each step with
 * the context from before that step, then stops the actor.
 */
export async function replaySteps<R extends Replaying>(
  run: R,
  events: readonly AnyEventObject[],
  states: readonly unknown[],
  check: (step: number, before: ReturnType<R['actor']['getSnapshot']>['context']) => void = () => {},
) {
  for (const [i, event] of events.entries()) {
    const before = run.actor.getSnapshot().context as ReturnType<R['actor']['getSnapshot']>['context'];
    await run.replay(event, states[i]);
    check(i, before);
  }
  run.actor.stop();
}

/**
 * One test per edge: a fresh run from `start`, `check`ed before the first step and after each one,
 * that must end in the edge's target state.
 */
export function itReplaysEdges<R extends Replaying>(
  edges: readonly Edge[],
  start: (edge: Edge) => R,
  check: (run: R) => void,
  name = (edge: Edge) => `replays edge ${edgeKey(edge)}`,
) {
  for (const edge of edges) {
    it(name(edge), async () => {
      const run = start(edge);
      check(run);
      await replaySteps(run, edge.path, edge.states, () => check(run));
      expect(run.actor.getSnapshot().value).toEqual(edge.to);
    });
  }
}
