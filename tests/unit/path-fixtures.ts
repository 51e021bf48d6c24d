import { assign, setup, type AnyEventObject } from 'xstate';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';

/**
 * A small registered machine for the QA path tool's tests: a door that opens, closes and locks,
 * counts its knocks (a transition that only changes data) and refuses to open when jammed
 * (a guarded self-transition). `withAlarm` adds an unrelated state, as an edit elsewhere would.
 */

const events: AnyEventObject[] = [
  { type: 'door.open' },
  { type: 'door.close' },
  { type: 'door.lock', code: 1234 },
  { type: 'door.knock' },
  { type: 'door.unlock', code: 1234 },
];

export function doorRegistration(options: { withAlarm?: boolean; name?: string } = {}): RegisteredMachine {
  const machine = setup({
    types: { context: {} as { knocks: number }, events: {} as AnyEventObject },
    guards: { rightCode: ({ event }) => event.code === 1234, jammed: () => false },
  }).createMachine({
    id: 'door',
    initial: 'closed',
    context: { knocks: 0 },
    states: {
      closed: {
        on: {
          'door.open': 'opened',
          'door.lock': { target: 'locked', guard: 'rightCode' },
          'door.knock': { actions: assign({ knocks: ({ context }) => Math.min(context.knocks + 1, 2) }) },
        },
      },
      opened: { on: { 'door.close': 'closed', 'door.open': { guard: 'jammed', actions: assign({ knocks: 0 }) } } },
      locked: { on: { 'door.unlock': { target: 'closed', guard: 'rightCode' }, ...(options.withAlarm ? { 'alarm.ring': 'ringing' } : {}) } },
      ...(options.withAlarm ? { ringing: { on: { 'alarm.stop': 'locked' } } } : {}),
    },
  });
  return {
    name: options.name ?? 'door',
    description: 'A test door.',
    machine,
    events: options.withAlarm ? [...events, { type: 'alarm.ring' }, { type: 'alarm.stop' }] : events,
    variants: [{ label: 'a closed door', input: () => ({ since: new Date(Date.UTC(2026, 0, 1)) }) }],
    labels: { 'door.open': 'Open the door', 'door.knock': 'Knock, "twice"' },
    checks: { locked: 'The lock shows red' },
  };
}
