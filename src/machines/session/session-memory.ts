import { assign, setup } from 'xstate';
import { DEFAULT_INSIGHTS_URL, insightsPath } from '../../model/insights-rules.ts';
import type { OrderInvoice } from '../../model/insights.ts';
import { DEFAULT_INTEL_URL, intelPath } from '../../model/intel-rules.ts';
import type { PageStore, PagedSection } from '../../services/page-store.ts';

/**
 * What the portal remembers while it is open, held by one app-wide actor (system id `session`):
 * - View As (analytics spec, Dashboard header): while a user is chosen every call carries
 *   X-View-As, derived here from the context; cleared on a house switch, logout and switch user.
 * - The last page of Intel and Competitive Insights (spec §2: both menu entries go back to it), also
 *   kept in the tab's session storage so a reload comes back to it.
 * - Order-history months already fetched, per merchant (spec §4: not fetched again); the dashboard
 *   forgets them when its range changes, as the data compared is then another period's.
 * Feature machines read it as input when they start and tell it what changed.
 */

/** The API client's hook for headers sent with every call. */
export interface HeaderTarget {
  setHeaderProvider(provider: () => Record<string, string>): void;
}

export interface SessionMemoryInput {
  api: HeaderTarget;
  pages: PageStore;
}

export type LastUrls = Record<PagedSection, string>;

export interface SessionMemoryContext {
  viewAs: number | null;
  lastUrls: LastUrls;
  /** merchantId → 'YYYY-MM' → that month's invoices. */
  orderMonths: Record<number, Record<string, OrderInvoice[]>>;
  pages: PageStore;
}

export type SessionMemoryEvent =
  | { type: 'session.viewAsChanged'; userId: number | null }
  | { type: 'session.pageVisited'; section: PagedSection; url: string }
  | { type: 'session.monthFetched'; merchantId: number; month: string; invoices: OrderInvoice[] }
  | { type: 'session.monthsForgotten' }
  /** Logout or a switch into another user's session: nothing of the last one carries over. */
  | { type: 'session.forgotten' };

const SECTION_PATH: Record<PagedSection, (path: string) => string> = { intel: intelPath, insights: insightsPath };
const DEFAULT_URL: LastUrls = { intel: DEFAULT_INTEL_URL, insights: DEFAULT_INSIGHTS_URL };

export const viewAsHeader = (viewAs: number | null): Record<string, string> => (viewAs === null ? {} : { 'X-View-As': String(viewAs) });

export const sessionMemoryMachine = setup({
  types: { context: {} as SessionMemoryContext, events: {} as SessionMemoryEvent, input: {} as SessionMemoryInput },
  actions: {
    // The header is read from the context on each call, so it can never lag behind a change. The
    // start event carries the input.
    provideHeader: ({ self, event }) =>
      (event as unknown as { input: SessionMemoryInput }).input.api.setHeaderProvider(() => viewAsHeader(self.getSnapshot().context.viewAs)),
    setViewAs: assign({ viewAs: ({ event }) => (event.type === 'session.viewAsChanged' ? event.userId : null) }),
    rememberPage: assign({
      lastUrls: ({ context, event }) =>
        event.type === 'session.pageVisited' ? { ...context.lastUrls, [event.section]: SECTION_PATH[event.section](event.url) } : context.lastUrls,
    }),
    storePage: ({ context, event }) => {
      if (event.type === 'session.pageVisited') context.pages.setLastUrl(event.section, context.lastUrls[event.section]);
    },
    rememberMonth: assign({
      orderMonths: ({ context, event }) =>
        event.type === 'session.monthFetched'
          ? { ...context.orderMonths, [event.merchantId]: { ...context.orderMonths[event.merchantId], [event.month]: event.invoices } }
          : context.orderMonths,
    }),
    forgetMonths: assign({ orderMonths: {} }),
    forgetAll: assign({ viewAs: null, lastUrls: DEFAULT_URL, orderMonths: {} }),
    forgetStoredPages: ({ context }) => context.pages.forget(),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    viewAs: null,
    // A stored page that is no longer a page of its section counts as none.
    lastUrls: { intel: intelPath(input.pages.lastUrl('intel') ?? DEFAULT_URL.intel), insights: insightsPath(input.pages.lastUrl('insights') ?? DEFAULT_URL.insights) },
    orderMonths: {},
    pages: input.pages,
  }),
  entry: 'provideHeader',
  on: {
    'session.viewAsChanged': { actions: 'setViewAs' },
    'session.pageVisited': { actions: ['rememberPage', 'storePage'] },
    'session.monthFetched': { actions: 'rememberMonth' },
    'session.monthsForgotten': { actions: 'forgetMonths' },
    'session.forgotten': { actions: ['forgetAll', 'forgetStoredPages'] },
  },
});
