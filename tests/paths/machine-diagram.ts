import type { AnyStateMachine } from 'xstate';

/** A machine's diagram from its definition: every top-level state and transition, events and guards named as in the code. */

export interface DiagramEdge {
  from: string;
  /** The event type, or `always` for an eventless transition. */
  event: string;
  guard?: string;
  /** The target; `from` for a transition without a target (actions only). */
  to: string;
  /** Declared on the machine itself, so it applies in every state. */
  anyState?: true;
  targetless?: true;
}

interface Candidate {
  target?: readonly { key: string }[];
  guard?: unknown;
}

function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  // XState's and([…]), or([…]) and not(…) keep the guards they combine.
  const combined = (guard as { guards?: unknown[] }).guards;
  if (typeof guard === 'function' && combined) {
    const names = combined.map(guardName);
    return guard.name === 'not' ? `not ${names[0]}` : names.join(` ${guard.name} `);
  }
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return (guard as { type?: string }).type ?? 'inline guard';
}

function edgesOf(from: string, node: { transitions: Map<string, Candidate[]>; always?: Candidate[] }, anyState: boolean): DiagramEdge[] {
  const candidates: [string, Candidate][] = [
    ...[...node.transitions].flatMap(([event, list]) => list.map((c): [string, Candidate] => [event, c])),
    ...(node.always ?? []).map((c): [string, Candidate] => ['always', c]),
  ];
  return candidates.map(([event, c]) => {
    const guard = guardName(c.guard);
    const to = c.target?.[0]?.key;
    return { from, event, ...(guard ? { guard } : {}), to: to ?? from, ...(anyState ? { anyState: true } : {}), ...(to ? {} : { targetless: true }) };
  });
}

/** Each state's transitions, then the machine-wide ones (`on` of the machine) once per state. */
export function diagramEdges(machine: AnyStateMachine): DiagramEdge[] {
  const states = Object.entries(machine.root.states);
  return [
    ...states.flatMap(([from, node]) => edgesOf(from, node, false)),
    ...states.flatMap(([from]) => edgesOf(from, machine.root, true)),
  ];
}

/**
 * The transitions coverage counts, as `from --event--> to`: every transition of each state, those
 * that only change data (no target: `from --event--> from`) too, and the machine-wide ones in each
 * state that does not answer the event itself without a guard. Eventless (`always`) ones are taken
 * by the machine, never by an event.
 */
export function coveredTransitionKeys(machine: AnyStateMachine): Set<string> {
  const answers = (state: string, event: string) => machine.root.states[state]?.transitions.get(event)?.some((c) => !c.guard) ?? false;
  return new Set(
    diagramEdges(machine)
      .filter((e) => e.event !== 'always' && !(e.anyState && answers(e.from, e.event)))
      .map((e) => `${e.from} --${e.event}--> ${e.to}`),
  );
}

export const edgeLabel = (e: DiagramEdge) => `${e.event}${e.guard ? ` [${e.guard}]` : ''}${e.anyState ? ' (any state)' : ''}`;

/** Mermaid `stateDiagram-v2` source. */
export function mermaid(machine: AnyStateMachine): string {
  const finals = Object.entries(machine.root.states).filter(([, n]) => n.type === 'final').map(([name]) => name);
  return [
    'stateDiagram-v2',
    '  direction LR',
    `  [*] --> ${String(machine.config.initial)}`,
    ...diagramEdges(machine).map((e) => `  ${e.from} --> ${e.to} : ${edgeLabel(e)}`),
    ...finals.map((name) => `  ${name} --> [*]`),
  ].join('\n');
}
