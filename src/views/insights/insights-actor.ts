import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { insightsMachine } from '../../machines/insights/insights.ts';

/** The competitive-insights section's actor, shared by its header and pages. */
export const InsightsActor = createActorContext(insightsMachine);

type S = SnapshotFrom<typeof insightsMachine>;
export const selectRange = (s: S) => s.context.range;
export const selectRows = (s: S) => s.context.rows;
export const selectSearch = (s: S) => s.context.search;
export const selectSort = (s: S) => s.context.sort;
export const selectFilter = (s: S) => s.context.filter;
export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectDialog = (s: S) => s.context.dialog;
export const selectLastUrl = (s: S) => s.context.lastUrl;
export const selectRedirect = (s: S) => s.context.redirect;
export const selectBanner = (s: S) => s.context.banner;
