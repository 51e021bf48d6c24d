import { assign, fromObservable, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { adminService } from '../../services/admin-service.ts';

/**
 * /admin-panel/api (docs/api.md): the generated API reference (GET /api/docs) shown in the portal,
 * since every call needs the session's token and a tab cannot send it; the OpenAPI document saved
 * as openapi.json on request, once the reference is shown.
 */
export interface ApiReferenceContext {
  /** The reference page's HTML, once loaded. */
  html: string;
}

export type ApiReferenceEvent = { type: 'apiReference.retried' } | { type: 'apiReference.downloadRequested' };

export const apiReferenceMachine = setup({
  types: { context: {} as ApiReferenceContext, events: {} as ApiReferenceEvent },
  actors: {
    load: fromObservableWithOutput<string>(() => adminService.apiReference()),
    download: fromObservable<void, void>(() => adminService.saveOpenApi()),
  },
  actions: {
    keepPage: assign((_, html: string) => ({ html })),
  },
}).createMachine({
  id: 'apiReference',
  context: { html: '' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'shown', actions: { type: 'keepPage', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { 'apiReference.retried': 'loading' } },
    // The reference stays shown (tag `shown`) while the document downloads and after a failed download.
    shown: { tags: ['shown'], on: { 'apiReference.downloadRequested': 'downloading' } },
    downloading: { tags: ['shown'], invoke: { id: 'download', src: 'download', onDone: 'shown', onError: 'downloadFailed' } },
    // Pressing Download again is the retry.
    downloadFailed: { tags: ['shown'], on: { 'apiReference.downloadRequested': 'downloading' } },
  },
});
