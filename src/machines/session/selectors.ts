import type { SnapshotFrom } from 'xstate';
import { monthOf } from '../../model/insights-rules.ts';
import type { OrderInvoice } from '../../model/insights.ts';
import type { PagedSection } from '../../services/page-store.ts';
import type { sessionMemoryMachine } from './session-memory.ts';

/** Reads of the session memory that screens take as their machines' input when they open. */
type SessionSnapshot = SnapshotFrom<typeof sessionMemoryMachine>;

export const selectViewAs = (s: SessionSnapshot) => s.context.viewAs;
export const selectLastPage = (section: PagedSection) => (s: SessionSnapshot) => s.context.lastUrls[section];
/** A merchant's order-history months already fetched ('YYYY-MM' → invoices). */
export const selectOrderMonths = (merchantId: number) => (s: SessionSnapshot): Record<string, OrderInvoice[]> => s.context.orderMonths[merchantId] ?? {};
/** The invoices of one day, if its month was fetched already. */
export const selectOrderDay = (merchantId: number, date: string) => (s: SessionSnapshot): OrderInvoice[] =>
  (s.context.orderMonths[merchantId]?.[monthOf(date)] ?? []).filter((i) => i.date === date);
