import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { intelMachine } from '../../machines/intel/intel.ts';

/** The Intel section's actor, shared by its header and its pages (list, graph, line chart, detail). */
export const IntelActor = createActorContext(intelMachine);

type S = SnapshotFrom<typeof intelMachine>;
export const selectStatus = (s: S) => s.value;
export const selectRows = (s: S) => s.context.rows;
export const selectRange = (s: S) => s.context.range;
export const selectProgress = (s: S) => ({ loaded: s.context.loaded, total: s.context.merchants.length });
export const selectLoading = (s: S) => s.matches('loading') || s.matches('loadingMerchants') || s.matches('switchingDistributor');
export const selectSettled = (s: S) => s.matches('complete') || s.matches('partial') || s.matches('noMerchants') || s.matches('merchantsFailed');
export const selectFailedCount = (s: S) => s.context.failed.length;
export const selectHouses = (s: S) => s.context.houses;
export const selectActiveDistributor = (s: S) => s.context.activeDistributor;
export const selectSwitching = (s: S) => s.matches('switchingDistributor');
export const selectDialog = (s: S) => s.context.dialog;
export const selectLastUrl = (s: S) => s.context.lastUrl;
export const selectSearch = (s: S) => s.context.search;
export const selectSort = (s: S) => s.context.sort;
export const selectPage = (s: S) => s.context.page;
export const selectRevealed = (s: S) => s.context.revealed;
export const selectExpanded = (s: S) => s.context.expanded;
export const selectMonths = (s: S) => s.context.months;
export const selectLogScale = (s: S) => s.context.logScale;
export const selectChartTables = (s: S) => s.context.chartTables;
export const selectDetailSearch = (s: S) => s.context.detailSearch;
/** A merchant's platform id (the similar-items page names the merchant by it). */
export const selectPlatformIdOf = (id: number) => (s: S) => s.context.merchants.find((m) => m.id === id)?.platformId ?? '-';
