/**
 * The eight card flows of issue 38 that must replay in Chromium from their models, and the browser
 * coverage each replays today: states and transitions (every transition, data-only ones included)
 * the runnable paths of its mapping reach, as `npm run paths` counts them (docs/qa.md, "Browser:").
 * tests/unit/browser-coverage.test.ts fails when a flow's coverage differs from its figure here:
 * below it (a mapping, a registration or a machine change made the browser skip more), or above it
 * (raise the figure, so the next drop is caught). The goal is every state and 90 % of transitions.
 */
export const CARD_FLOWS: Readonly<Record<string, { states: number; transitions: number }>> = {
  intel: { states: 7, transitions: 94 },
  'order-history': { states: 4, transitions: 15 },
  'feedback-dialog': { states: 4, transitions: 9 },
  'session-tracker': { states: 2, transitions: 3 },
  'auth-routing': { states: 7, transitions: 21 },
  dashboard: { states: 6, transitions: 111 },
  'paged-rebates': { states: 4, transitions: 16 },
  'invoice-upload': { states: 6, transitions: 33 },
};
