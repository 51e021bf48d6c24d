import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';

/** Path generation shared by the catalogue writer and the model-based tests. */

export interface MachinePath {
  variant: string;
  input: unknown;
  events: AnyEventObject[];
  /** State value after each event, aligned with `events`. */
  states: unknown[];
  /** Serialized key of the final state, to tell apart paths that end in the same state value. */
  key: string;
}

function traversal(entry: RegisteredMachine, input: unknown) {
  return {
    events: entry.events,
    input,
    ...(entry.serializeState ? { serializeState: entry.serializeState } : {}),
  } as Parameters<typeof getShortestPaths<AnyStateMachine>>[1];
}

type Variant = RegisteredMachine['variants'][number];
type Traversed = { input: unknown; paths: ReturnType<typeof getShortestPaths<AnyStateMachine>> };
const traversed = new WeakMap<RegisteredMachine, Map<Variant, Traversed>>();

/** A variant's input and shortest paths, computed once per registration: both `shortestPaths` and `allEdges` need them. */
function shortestOf(entry: RegisteredMachine, variant: Variant): Traversed {
  const byVariant = traversed.get(entry) ?? new Map<Variant, Traversed>();
  traversed.set(entry, byVariant);
  if (!byVariant.has(variant)) {
    const input = variant.input?.();
    byVariant.set(variant, { input, paths: getShortestPaths(entry.machine, traversal(entry, input)) });
  }
  return byVariant.get(variant)!;
}

export function shortestPaths(entry: RegisteredMachine): MachinePath[] {
  return entry.variants.flatMap((variant) => {
    const { input, paths } = shortestOf(entry, variant);
    return paths.map((path) => {
      const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
      return {
        variant: variant.label,
        input,
        events: steps.map((s) => s.event),
        // No event: the state the variant starts in (past a transient `always`), which another variant's start may not be.
        states: steps.length > 0 ? steps.map((s) => s.state.value) : [path.state.value],
        key: JSON.stringify(path.state.value),
      };
    });
  });
}

export interface Edge {
  variant: string;
  input: unknown;
  from: unknown;
  event: AnyEventObject;
  to: unknown;
  /** Events that reach `from`, then `event`: a path that takes this edge. */
  path: AnyEventObject[];
  /** State value after each event of `path`. */
  states: unknown[];
  /** A transition fired (the event is handled and a guard let it through), not just an ignored event. */
  fired: boolean;
}

const edgesOf = new WeakMap<RegisteredMachine, Edge[]>();

/** Every (state, event) → state pair of the adjacency map, with a path that takes it; computed once per registration. */
export function allEdges(entry: RegisteredMachine): Edge[] {
  const known = edgesOf.get(entry);
  if (known) return known;
  const edges = adjacentEdges(entry);
  edgesOf.set(entry, edges);
  return edges;
}

function adjacentEdges(entry: RegisteredMachine): Edge[] {
  return entry.variants.flatMap((variant) => {
    const { input, paths } = shortestOf(entry, variant);
    const options = traversal(entry, input);
    const serialize = entry.serializeState ?? ((s: { value?: unknown; context?: unknown }) => JSON.stringify([s.value, s.context]));
    const pathTo = new Map(
      paths.map((p) => [serialize(p.state as never), p.steps.filter((s) => s.event.type !== 'xstate.init')]),
    );
    return adjacencyMapToArray(getAdjacencyMap(entry.machine, options as never)).map(({ state, event, nextState }) => ({
      variant: variant.label,
      input,
      from: state.value,
      event: event as AnyEventObject,
      to: nextState.value,
      path: [...(pathTo.get(serialize(state as never)) ?? []).map((s) => s.event), event as AnyEventObject],
      states: [...(pathTo.get(serialize(state as never)) ?? []).map((s) => s.state.value), nextState.value],
      fired: (state as { can?: (e: AnyEventObject) => boolean }).can?.(event as AnyEventObject) ?? true,
    }));
  });
}

/** Every (state, event) → state pair that changes the state value, with a path that takes it. */
export function stateChangingEdges(entry: RegisteredMachine): Edge[] {
  return allEdges(entry).filter((e) => JSON.stringify(e.from) !== JSON.stringify(e.to));
}

/** `from --event--> to`, the form `definedTransitions` lists. */
export function edgeKey(edge: Pick<Edge, 'from' | 'event' | 'to'>): string {
  return `${String(edge.from)} --${edge.event.type}--> ${String(edge.to)}`;
}

/** One edge per (state, event type, next state): the shortest path that takes it. */
export function distinctEdges(edges: Edge[]): Edge[] {
  const byKey = new Map<string, Edge>();
  for (const e of edges) {
    const seen = byKey.get(edgeKey(e));
    if (!seen || e.path.length < seen.path.length) byKey.set(edgeKey(e), e);
  }
  return [...byKey.values()];
}

/** Every (state, event, target) the machine's definition declares, for top-level states. */
export function definedTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const [name, node] of Object.entries(machine.root.states)) {
    for (const [eventType, candidates] of node.transitions) {
      for (const candidate of candidates) {
        const target = candidate.target?.[0]?.key;
        if (target) keys.add(`${name} --${eventType}--> ${target}`);
      }
    }
  }
  return keys;
}

/**
 * `definedTransitions` and the machine's own (`on` of the machine, with a target), in each
 * top-level state that does not handle the event itself without a guard.
 */
export function definedTransitionsWithMachineWide(machine: AnyStateMachine): Set<string> {
  const keys = definedTransitions(machine);
  for (const [name, node] of Object.entries(machine.root.states)) {
    for (const [eventType, candidates] of machine.root.transitions) {
      if (node.transitions.get(eventType)?.some((c) => !c.guard)) continue;
      for (const candidate of candidates) {
        const target = candidate.target?.[0]?.key;
        if (target) keys.add(`${name} --${eventType}--> ${target}`);
      }
    }
  }
  return keys;
}

/** A short readable line for an event, for QA people. */
export function describeEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `${done[1]} succeeds${event.output !== undefined ? ` with ${summarise(event.output)}` : ''}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed) return `${failed[1]} fails (${(event.error as Error | undefined)?.message ?? 'error'})`;
  const after = /^xstate\.after\.(\w+)\./.exec(event.type);
  if (after) return `${after[1]} elapses`;
  const { type, ...rest } = event;
  return Object.keys(rest).length ? `${type} ${summarise(rest)}` : type;
}

function summarise(value: unknown): string {
  const text = JSON.stringify(value, (key, v) => {
    // A user is known by its email; the rest is noise for a reader.
    if (v && typeof v === 'object' && 'email' in v && 'channelPartner' in v) return `user ${v.email}`;
    return key === 'authKey' ? undefined : v;
  });
  return text.length > 90 ? `${text.slice(0, 87)}...` : text;
}
