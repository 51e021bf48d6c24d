import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { DateRange } from '../../model/date-range.ts';
import type { CompetitiveItems } from '../../model/insights.ts';
import { DEFAULT_ITEM_SORT, ITEM_TEXT_COLUMNS, type ItemColumn, type ItemsTab } from '../../model/insights-rules.ts';
import { nextColumnSort, type ColumnSort } from '../../model/sort-rule.ts';
import { insightsService } from '../../services/insights-service.ts';
import { followSectionRange, type RangeSource } from './section-range.ts';
import { winBackMachine } from './win-back.ts';

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
  /** The merchant's win-back list, while its tab is open. */
  winBack: ActorRefFrom<typeof winBackMachine> | null;
}

export type CompetitiveItemsEvent =
  | { type: 'items.tabChanged'; tab: ItemsTab }
  | { type: 'items.searchChanged'; search: string }
  | { type: 'items.categoriesChanged'; categories: string[] }
  | { type: 'items.itemsChanged'; mins: string[] }
  | { type: 'items.sortChanged'; column: ItemColumn }
  | { type: 'items.rangeChanged'; range: DateRange }
  | { type: 'items.retry' };

/** Without a section (a test), the list follows the page's own range. */
const rangeOf = (self: RangeSource): RangeSource => self;

export const competitiveItemsMachine = setup({
  types: { context: {} as CompetitiveItemsContext, events: {} as CompetitiveItemsEvent, input: {} as CompetitiveItemsInput },
  actors: {
    winBack: winBackMachine,
    followRange: followSectionRange('items.rangeChanged'),
    loadItems: fromObservableWithOutput<CompetitiveItems, { merchantId: number; range: DateRange }>((input) => insightsService.items(input.merchantId, input.range)),
  },
  guards: {
    otherRange: ({ context, event }) =>
      event.type === 'items.rangeChanged' && (event.range.startDate !== context.range.startDate || event.range.endDate !== context.range.endDate),
  },
  actions: {
    // Another tab lists other items: its own categories and items to choose from.
    // The win-back tab runs the merchant's win-back list; leaving it stops the list.
    setTab: enqueueActions(({ enqueue, context, event, self }) => {
      if (event.type !== 'items.tabChanged') return;
      if (context.winBack && event.tab !== 'winback') enqueue.stopChild(context.winBack);
      enqueue.assign(({ spawn }) => ({
        tab: event.tab,
        categories: [],
        mins: [],
        winBack: event.tab !== 'winback' ? null
          : (context.winBack ?? spawn('winBack', { input: { merchantId: context.merchantId, range: context.range, section: context.section ?? rangeOf(self) } })),
      }));
    }),
    setSearch: assign(({ event }) => (event.type === 'items.searchChanged' ? { search: event.search } : {})),
    setCategories: assign(({ event }) => (event.type === 'items.categoriesChanged' ? { categories: event.categories } : {})),
    setItems: assign(({ event }) => (event.type === 'items.itemsChanged' ? { mins: event.mins } : {})),
    sortBy: assign(({ context, event }) => (event.type === 'items.sortChanged' ? { sort: nextColumnSort(context.sort, event.column, ITEM_TEXT_COLUMNS) } : {})),
    setRange: assign(({ event }) => (event.type === 'items.rangeChanged' ? { range: event.range, data: null, categories: [], mins: [] } : {})),
    showItems: assign((_, data: CompetitiveItems) => ({ data })),
  },
}).createMachine({
  id: 'competitiveItems',
  context: ({ input }) => ({
    merchantId: input.merchantId, range: input.range, data: null, tab: 'competition', search: '', categories: [], mins: [], sort: DEFAULT_ITEM_SORT,
    section: input.section,
    winBack: null,
  }),
  invoke: { id: 'followRange', src: 'followRange', input: ({ context }) => ({ section: context.section }) },
  initial: 'loading',
  on: {
    'items.tabChanged': { actions: 'setTab' },
    'items.searchChanged': { actions: 'setSearch' },
    'items.categoriesChanged': { actions: 'setCategories' },
    'items.itemsChanged': { actions: 'setItems' },
    'items.sortChanged': { actions: 'sortBy' },
    // The section's range changed: the items of the new range (re-entering aborts a call in flight).
    'items.rangeChanged': { guard: 'otherRange', target: '.loading', reenter: true, actions: 'setRange' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }) => ({ merchantId: context.merchantId, range: context.range }),
        onDone: { target: 'loaded', actions: { type: 'showItems', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { 'items.retry': 'loading' } },
  },
});
