import { assign, enqueueActions, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { ItemMatch } from '../../model/match.ts';
import { matchesService, type MatchKey } from '../../services/matches-service.ts';
import { feedbackDialogMachine } from './feedback-dialog.ts';

/**
 * Similar items of one item at a time (analytics spec §4): loading, complete or failed.
 * Answers are cached per item and manufacturer pair, so asking again makes no call;
 * 'matches.refreshed' (after feedback changed the answer) asks the server again.
 */

export interface ItemMatchContext {
  key: MatchKey | null;
  matches: ItemMatch[];
  /** The similar-items page's search over the answer (MIN, description, manufacturer). */
  search: string;
  cache: Record<string, ItemMatch[]>;
}

export interface ItemMatchInput {
  /** A page for one item asks for it as it opens; a panel asks when a row is chosen. */
  key?: MatchKey;
}

export type ItemMatchEvent =
  | { type: 'matches.requested'; key: MatchKey }
  | { type: 'matches.refreshed' }
  | { type: 'matches.retry' }
  | { type: 'matches.searchChanged'; search: string };

export const cacheKey = (key: MatchKey) => `${key.min}|${key.manufacturerPlatformId}`;

export const itemMatchMachine = setup({
  types: { context: {} as ItemMatchContext, events: {} as ItemMatchEvent, input: {} as ItemMatchInput, children: {} as { feedback: 'feedback' } },
  actors: {
    feedback: feedbackDialogMachine,
    loadMatches: fromObservableWithOutput<ItemMatch[], MatchKey>((input) => matchesService.similar(input)),
  },
  guards: {
    cached: ({ context, event }) => event.type === 'matches.requested' && cacheKey(event.key) in context.cache,
    hasKey: ({ context }) => context.key !== null,
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'matches.requested' ? { key: event.key, matches: [] } : {})),
    fromCache: assign(({ context, event }) =>
      event.type === 'matches.requested' ? { key: event.key, matches: context.cache[cacheKey(event.key)]! } : {},
    ),
    /** The start event carries the input: a page's item is requested at once. */
    requestInputItem: enqueueActions(({ event, enqueue }) => {
      const key = (event as { input?: ItemMatchInput }).input?.key;
      if (key) enqueue.raise({ type: 'matches.requested', key });
    }),
    setSearch: assign(({ event }) => (event.type === 'matches.searchChanged' ? { search: event.search } : {})),
    keepAnswer: assign(({ context }, params: { output: ItemMatch[] }) => ({
      matches: params.output,
      cache: { ...context.cache, [cacheKey(context.key!)]: params.output },
    })),
    /** The server's answer changed: the service's cached one is stale. */
    forgetAnswer: ({ context }) => matchesService.forget(context.key!),
  },
}).createMachine({
  id: 'itemMatch',
  context: { key: null, matches: [], search: '', cache: {} },
  entry: 'requestInputItem',
  // The feedback dialog: a sent recommendation or bad match changes the answer, so it asks again.
  invoke: { id: 'feedback', src: 'feedback' },
  initial: 'idle',
  on: {
    'matches.searchChanged': { actions: 'setSearch' },
    'matches.requested': [
      { guard: 'cached', target: '.complete', actions: 'fromCache' },
      { target: '.loading', reenter: true, actions: 'choose' },
    ],
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadMatches',
        src: 'loadMatches',
        input: ({ context }) => context.key!,
        onDone: { target: 'complete', actions: { type: 'keepAnswer', params: ({ event }) => ({ output: event.output }) } },
        onError: 'failed',
      },
    },
    complete: {
      on: { 'matches.refreshed': { target: 'loading', guard: 'hasKey', actions: 'forgetAnswer' } },
    },
    failed: {
      on: { 'matches.retry': 'loading' },
    },
  },
});
