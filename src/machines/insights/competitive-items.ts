import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { DateRange } from '../../model/date-range.ts';
import type { CompetitiveItems } from '../../model/insights.ts';
import { DEFAULT_ITEM_SORT, ITEM_TEXT_COLUMNS, type ItemColumn, type ItemsTab } from '../../model/insights-rules.ts';
import { nextColumnSort, type ColumnSort } from '../../model/sort-rule.ts';
import { insightsService } from '../../services/insights-service.ts';
import { followSectionRange, type RangeSource } from './section-range.ts';

/**
 * One merchant's items page (analytics spec §2, §4): its competitive purchases (competition), the
 * house's own (self) and the win-back tab; search, category and item multi-selects, and the sort rule.
 */

export interface CompetitiveItemsInput {
  merchantId: number;
  range: DateRange;
  /** The section whose range the page follows. */
  section?: RangeSource;
}

export interface CompetitiveItemsContext {
  merchantId: number;
  range: DateRange;
  data: CompetitiveItems | null;
  tab: ItemsTab;
  search: string;
  categories: string[];
  mins: string[];
  sort: ColumnSort<ItemColumn>;
  section: RangeSource | undefined;
}

export type CompetitiveItemsEvent =
  | { type: 'items.tabChanged'; tab: ItemsTab }
  | { type: 'items.searchChanged'; search: string }
  | { type: 'items.categoriesChanged'; categories: string[] }
  | { type: 'items.itemsChanged'; mins: string[] }
  | { type: 'items.sortChanged'; column: ItemColumn }
  | { type: 'items.rangeChanged'; range: DateRange }
  | { type: 'items.retry' };

export const competitiveItemsMachine = setup({
  types: { context: {} as CompetitiveItemsContext, events: {} as CompetitiveItemsEvent, input: {} as CompetitiveItemsInput },
  actors: {
    followRange: followSectionRange('items.rangeChanged'),
    loadItems: fromObservableWithOutput<CompetitiveItems, { merchantId: number; range: DateRange }>((input) => insightsService.items(input.merchantId, input.range)),
  },
  guards: {
    otherRange: ({ context, event }) =>
      event.type === 'items.rangeChanged' && (event.range.startDate !== context.range.startDate || event.range.endDate !== context.range.endDate),
  },
}).createMachine({
  id: 'competitiveItems',
  context: ({ input }) => ({
    merchantId: input.merchantId, range: input.range, data: null, tab: 'competition', search: '', categories: [], mins: [], sort: DEFAULT_ITEM_SORT,
    section: input.section,
  }),
  invoke: { id: 'followRange', src: 'followRange', input: ({ context }) => ({ section: context.section }) },
  initial: 'loading',
  on: {
    // Another tab lists other items: its own categories and items to choose from.
    'items.tabChanged': { actions: assign(({ event }) => ({ tab: event.tab, categories: [], mins: [] })) },
    'items.searchChanged': { actions: assign(({ event }) => ({ search: event.search })) },
    'items.categoriesChanged': { actions: assign(({ event }) => ({ categories: event.categories })) },
    'items.itemsChanged': { actions: assign(({ event }) => ({ mins: event.mins })) },
    'items.sortChanged': { actions: assign(({ context, event }) => ({ sort: nextColumnSort(context.sort, event.column, ITEM_TEXT_COLUMNS) })) },
    // The section's range changed: the items of the new range (re-entering aborts a call in flight).
    'items.rangeChanged': {
      guard: 'otherRange', target: '.loading', reenter: true,
      actions: assign(({ event }) => ({ range: event.range, data: null, categories: [], mins: [] })),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }) => ({ merchantId: context.merchantId, range: context.range }),
        onDone: { target: 'loaded', actions: assign(({ event }) => ({ data: event.output })) },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { 'items.retry': 'loading' } },
  },
});
