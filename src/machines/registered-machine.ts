import type { AnyEventObject, AnyStateMachine, Snapshot } from 'xstate';

/**
 * Every machine whose paths we generate (tests/paths, docs/machine-paths.md), with the event
 * samples that drive it. Events of invoked actors are given as their done/error events.
 * A feature lists its machines in its own `registration.ts`; `registry.ts` gathers them.
 */
export interface RegisteredMachine {
  name: string;
  description: string;
  machine: AnyStateMachine;
  events: readonly AnyEventObject[];
  /** Starting points: one traversal per variant (e.g. what storage holds at start). */
  variants: readonly { label: string; input?: () => unknown }[];
  /** Collapses unbounded context (counters, lists) so traversal ends. */
  serializeState?: (snapshot: Snapshot<unknown> & { value?: unknown; context?: unknown }) => string;
  /** What a tester does or sees happen for each event type, in words (`'login.submitted': 'Press Log In'`). Default: the event type. */
  labels?: Readonly<Record<string, string>>;
  /** What a tester checks on screen in each (top-level) state. Default: the state's name. */
  checks?: Readonly<Record<string, string>>;
  /**
   * The view models its screens render (the selectors of its `selectors.ts`), by name: computed at
   * the end of every generated path (tests/unit/view-models.test.ts), so each path says what the
   * screen shows there.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each selector takes its own machine's snapshot
  views?: Readonly<Record<string, (snapshot: any) => unknown>>;
  /** Transitions (`from --event--> to`) the definition allows but no run can take, with why; left out of coverage. */
  unreachable?: Readonly<Record<string, string>>;
}

