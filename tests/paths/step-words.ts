import type { AnyEventObject } from 'xstate';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';

/** A path's steps and states in words, for QA people: the registration's labels and checks, payloads summarised. */

function defaultLabel(type: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? 'succeeds' : 'fails'}`;
  const after = /^xstate\.after\.(\w+)\./.exec(type);
  if (after) return `${after[1]} elapses`;
  return type;
}

export const eventLabel = (entry: RegisteredMachine, type: string) => entry.labels?.[type] ?? defaultLabel(type);

export const stateCheck = (entry: RegisteredMachine, state: string) => entry.checks?.[state] ?? `The screen is in state ${state}`;

/** A short, whole summary of a value: strings shortened inside their quotes, objects by a few fields, lists by count. */
export function summarise(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'none';
  if (value instanceof Error) return `"${value.message}"`;
  // Not its source: that is code, not words, and differs between the tools that load it.
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 37)}…"` : `"${value}"`;
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'no items';
    return value.length <= 3 && depth < 2 ? `[${value.map((v) => summarise(v, depth + 1)).join(', ')}]` : `${value.length} items`;
  }
  const record = value as Record<string, unknown>;
  if ('email' in record && 'channelPartner' in record) return `user ${String(record.email)}`;
  const keys = Object.keys(record).filter((k) => k !== 'authKey');
  if (depth >= 2) return `{${keys.length} fields}`;
  const shown = keys.slice(0, 4).map((k) => `${k}: ${summarise(record[k], depth + 1)}`);
  return `{${shown.join(', ')}${keys.length > 4 ? `, +${keys.length - 4} more` : ''}}`;
}

function payload(event: AnyEventObject): unknown {
  if (event.type.startsWith('xstate.done.actor.')) return event.output;
  if (event.type.startsWith('xstate.error.actor.')) return event.error;
  if (event.type.startsWith('xstate.')) return undefined;
  const { type: _type, ...rest } = event;
  return Object.keys(rest).length ? rest : undefined;
}

export function stepWords(entry: RegisteredMachine, event: AnyEventObject): string {
  const data = payload(event);
  const label = eventLabel(entry, event.type);
  return data === undefined ? label : `${label} — ${summarise(data)}`;
}
