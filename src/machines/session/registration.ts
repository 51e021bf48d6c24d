import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { sessionMemoryMachine, type SessionMemoryContext } from './session-memory.ts';
import { SESSION_EVENTS, sessionInput } from './session-samples.ts';

export const SESSION_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'session-memory',
    description: 'What the portal remembers while open: View As (sent as X-View-As), the last Intel and Competitive Insights pages (kept for a reload), the order-history months fetched; logout and switching user forget it.',
    machine: sessionMemoryMachine,
    events: SESSION_EVENTS,
    variants: [{ label: 'a new tab', input: sessionInput }],
    serializeState: seenState<SessionMemoryContext>((c) => [c.viewAs, c.lastUrls.intel, c.lastUrls.insights, Object.keys(c.orderMonths).length]),
    labels: {
      'session.viewAsChanged': 'Choose a user in View As (or oneself)',
      'session.pageVisited': 'Open a page of Intel or Competitive Insights',
      'session.monthFetched': 'An order-history month arrives',
      'session.monthsForgotten': 'Change the dashboard range',
      'session.forgotten': 'Log out, or switch user',
    },
  },
];
