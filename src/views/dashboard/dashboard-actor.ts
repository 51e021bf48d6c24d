import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { dashboardMachine } from '../../machines/dashboard/dashboard.ts';

/** The dashboard screen's actor, shared by its header and cards. */
export const DashboardActor = createActorContext(dashboardMachine);

/** Narrow reads, so a card re-renders only when what it shows changes. */
type S = SnapshotFrom<typeof dashboardMachine>;
export const selectStatus = (s: S) => s.value;
export const selectDashboard = (s: S) => s.context.dashboard;
export const selectRange = (s: S) => s.context.range;
export const selectMerchants = (s: S) => s.context.merchants;
export const selectLocation = (s: S) => s.context.selectedMerchantId;
export const selectHouses = (s: S) => s.context.houses;
export const selectActiveDistributor = (s: S) => s.context.activeDistributor;
export const selectSwitching = (s: S) => s.matches('switchingDistributor');
export const selectDialog = (s: S) => s.context.dialog;
export const selectLostVolume = (s: S) => s.context.lostVolume;
export const selectMonthlyVolume = (s: S) => s.context.monthlyVolume;
export const selectMonthlyVolumeOn = (s: S) => s.context.monthlyVolumeOn;
export const selectMonthlyMonths = (s: S) => s.context.monthlyMonths;
export const selectMonthlyAsTable = (s: S) => s.context.monthlyAsTable;
export const selectAnnouncements = (s: S) => s.context.announcements;
export const selectViewAsUsers = (s: S) => s.context.viewAsUsers;
/** Whose view is shown: the chosen user, else the user themselves. */
export const selectViewer = (s: S) => s.context.viewAsUserId ?? s.context.userId;
