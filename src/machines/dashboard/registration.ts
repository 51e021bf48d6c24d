import {
  selectAnnouncementBanners, selectCardsWaiting, selectDashboardScreenView, selectDialog, selectHouseSelectView, selectLocationSelectView, selectLostItemsView,
  selectLostVolumeView, selectOverallStatsView, selectRange, selectViewAsView, selectVolumeByMonthView,
} from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { dashboardMachine } from './dashboard.ts';
import type { DashboardContext } from './dashboard-context.ts';
import { boston, dashboardEvents, SAMPLE_TODAY, SAMPLE_USER_ID } from './dashboard-samples.ts';


export const DASHBOARD_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'dashboard',
    description: 'The dashboard: merchants, then the dashboard call; range changes cancel it; house switching; View As reloads merchants as the chosen user.',
    machine: dashboardMachine,
    views: {
      screen: selectDashboardScreenView, house: selectHouseSelectView, viewAs: selectViewAsView, location: selectLocationSelectView, range: selectRange,
      dialog: selectDialog, cardsWaiting: selectCardsWaiting, overallStats: selectOverallStatsView, lostItems: selectLostItemsView, lostVolume: selectLostVolumeView,
      volumeByMonth: selectVolumeByMonthView, announcements: selectAnnouncementBanners(false), phoneAnnouncements: selectAnnouncementBanners(true),
    },
    events: dashboardEvents,
    variants: [
      {
        label: 'leader of Harbor Foods Boston',
        input: () => ({ today: SAMPLE_TODAY, activeDistributor: boston, userId: SAMPLE_USER_ID, canViewAs: true, viewAsUserId: null }),
      },
    ],
    // What a user sees: the state, whether one location is chosen, whether a dialog is open, the house, whose view, the Top Items
    // Lost tab, whether Volume By Month shows, whether the lost volume offers Show more, and which side loads are still out.
    serializeState: seenState<DashboardContext>((c) => [
      c.selectedMerchantId !== null, c.dialog !== null, c.activeDistributor?.id, c.viewAsUserId, c.lostItemsSort,
      c.monthlyVolumeOn, c.lostVolume.data.length > c.lostVolumeShown, c.lostVolumeLoading, c.monthlyVolumeLoading,
    ]),
    labels: {
      'xstate.done.actor.loadMerchants': 'The locations arrive',
      'xstate.error.actor.loadMerchants': 'Loading the locations fails',
      'xstate.done.actor.loadDashboard': 'The dashboard numbers arrive',
      'xstate.error.actor.loadDashboard': 'The dashboard call fails (or is cancelled)',
      'houseSwitch.switched': 'The server switches the house',
      'houseSwitch.kept': 'Switching the house fails',
      'dashboard.rangeChanged': 'Pick a date range',
      'dashboard.locationSelected': 'Pick a location',
      'dashboard.distributorSelected': 'Pick another house',
      'dashboard.viewAsChanged': 'Pick a user in View As',
      'dashboard.dialogClosed': 'Press OK on the dialog',
      'dashboard.lostItemsSorted': 'Pick the Volume or Rebates tab of Top Items Lost',
      'dashboard.rowsResized': 'Press Show more or Show less under a card',
      'dashboard.monthlyMonthsChanged': 'Pick how many months Volume By Month shows',
      'dashboard.monthlyTableToggled': 'Switch Volume By Month between chart and table',
      'xstate.done.actor.loadLostVolume': 'The lost volume arrives',
      'xstate.error.actor.loadLostVolume': 'Loading the lost volume fails (its card stays empty)',
      'xstate.done.actor.loadMonthlyVolume': 'The monthly volume arrives (none while its flag is off)',
      'xstate.error.actor.loadMonthlyVolume': 'Loading the monthly volume fails (its card stays empty)',
      'xstate.done.actor.loadViewAsUsers': 'The users to view as arrive',
      'xstate.error.actor.loadViewAsUsers': 'Loading the users to view as fails (View As stays disabled)',
      'xstate.done.actor.loadAnnouncements': 'The announcements arrive',
      'xstate.error.actor.loadAnnouncements': 'Loading the announcements fails (no banners)',
      'dashboard.announcementDismissed': 'Dismiss an announcement',
      'dashboard.announcementsExpanded': "On a phone, press 'Show 2 more announcements'",
      'houseSwitch.housesLoaded': 'The houses for the House selector arrive',
      'route.changed': 'Follow the Dashboard link in the menu (the default range, All Locations)',
    },
    checks: {
      loadingMerchants: 'Every card shows a loading skeleton',
      loadingDashboard: 'Every card shows a loading skeleton (a previous call for another range is aborted)',
      complete: 'Overall Stats shows Total Volume in dollars; no dialog',
      failed: "'No results found' in the cards and a dialog: 'Couldn't load dashboard data.' or no data (none for a cancelled call)",
      merchantsFailed: "A dialog: 'We couldn't load the merchant list for this distributor…'",
      switchingDistributor: 'Cards loading while the new house is made active',
    },
  },
];
