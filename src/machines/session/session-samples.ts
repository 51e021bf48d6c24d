import type { SessionMemoryEvent, SessionMemoryInput } from './session-memory.ts';
import { memoryPageStore } from '../../services/page-store.ts';

/** A fresh tab: nothing stored, and an API client whose header hook the test can read. */
export const sessionInput = (): SessionMemoryInput => ({ pages: memoryPageStore(), api: { setHeaderProvider: () => {} } });

export const SESSION_EVENTS: readonly SessionMemoryEvent[] = [
  { type: 'session.viewAsChanged', userId: 7 },
  { type: 'session.viewAsChanged', userId: null },
  { type: 'session.pageVisited', section: 'intel', url: '/intel/graph' },
  { type: 'session.pageVisited', section: 'intel', url: '/intel/nowhere' },
  { type: 'session.pageVisited', section: 'insights', url: '/competitiveinsights/orderhistory/Merchant%201/1' },
  { type: 'session.monthFetched', merchantId: 1, month: '2026-10', invoices: [] },
  { type: 'session.monthsForgotten' },
  { type: 'session.forgotten' },
];
