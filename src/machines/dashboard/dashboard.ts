import { and, assign, enqueueActions, sendTo, setup, type ActorSystem, type ActorSystemInfo, type AnyActorRef } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { logFailure } from '../log-failure.ts';
import type { Announcement } from '../../model/announcement.ts';
import { MERCHANTS_FAILED_MESSAGE, RANGE_TOO_LONG_MESSAGE, type DashboardPayload, type DashboardResponse, type LostVolumeResponse, type Merchant, type MonthlyVolumeResponse } from '../../model/dashboard.ts';
import { rangeReversed, rangeTooLong, todayIso } from '../../model/date-range.ts';
import type { HouseUser } from '../../model/house-users.ts';
import { isCancelled } from '../../services/api-client.ts';
import { announcementService } from '../../services/announcement-service.ts';
import { dashboardService } from '../../services/dashboard-service.ts';
import { houseUsersService } from '../../services/house-users-service.ts';
import { merchantService } from '../../services/merchant-service.ts';
import type { Place } from '../../services/router-port.ts';
import type { RouteGoEvent } from '../shell/page-spec.ts';
import { sendToSession } from '../shell/system-actors.ts';
import { houseSwitchMachine, isOtherHouse } from '../house-switch/house-switch.ts';
import { loadSpeedMachine } from '../admin-panel/load-speed-test.ts';
import {
  dashboardPayload, LOAD_FAILED_MESSAGE, NO_DASHBOARD, NO_DATA_MESSAGE, NO_LOST_VOLUME, NO_SIDE_LOADS, resizedRows, scopeIds, viewerOf,
  type DashboardContext, type DashboardEvent, type DashboardInput,
} from './dashboard-context.ts';
import { DASHBOARD_PATH, dashboardPlaceOf, dashboardQuery, sameRange } from './dashboard-url.ts';

/** The dashboard screen (analytics spec §2 Dashboard, §4, §5, §8). */

/**
 * Once the merchants are known, a new range or location loads the dashboard again. Re-entering
 * stops the invoked request, which aborts its signal: the old call is really cancelled.
 */
/** Over a year (a dialog says so) or reversed: the range stays. */
const RANGE_REFUSED = { guard: and(['screenFree', 'rangeRejected']), actions: 'rejectRange' } as const;

const RELOAD = {
  'dashboard.rangeChanged': [
    RANGE_REFUSED,
    { guard: 'screenFree', target: 'loadingDashboard', reenter: true, actions: ['assignRange', 'forgetMonths', 'writeUrl'] },
  ],
  'dashboard.locationSelected': { guard: and(['screenFree', 'otherLocation']), target: 'loadingDashboard', reenter: true, actions: ['assignLocation', 'startSideLoads', 'writeUrl'] },
} as const;

/** Before the merchants are known (or while a switch is out) a new range is only taken: it loads with them. */
const RANGE_TAKEN = {
  'dashboard.rangeChanged': [
    RANGE_REFUSED,
    { guard: 'screenFree', actions: ['assignRange', 'forgetMonths', 'writeUrl'] },
  ],
} as const;

/**
 * Lost and monthly volume load beside the dashboard once the merchants are known (`startSideLoads`):
 * they answer only in the states that follow, since a new viewer or house stops them before
 * merchants load again. Spec §8: their failures fall back to empty data silently.
 */
const SIDE_LOADS = {
  'xstate.done.actor.loadLostVolume': { guard: 'lostVolumeOut', actions: 'setLostVolume' },
  'xstate.error.actor.loadLostVolume': { guard: 'lostVolumeOut', actions: 'clearLostVolume' },
  'xstate.done.actor.loadMonthlyVolume': { guard: 'monthlyVolumeOut', actions: 'setMonthlyVolume' },
  'xstate.error.actor.loadMonthlyVolume': { guard: 'monthlyVolumeOut', actions: 'clearMonthlyVolume' },
  // Show more / Show less sit under rows: Top Items Lost's (complete) or the lost volume's (loaded
  // beside; a new viewer or house clears it before merchants load again).
  'dashboard.rowsResized': { guard: and(['screenFree', 'resizable']), actions: 'resizeRows' },
} as const;

// The router, unless a test runs the machine without the app's system.
const routerOf = (system: ActorSystem<ActorSystemInfo>) => system.get('router') as AnyActorRef | undefined;
/** The dashboard's URL with `query`, replacing the entry: a choice is no step to go Back to. */
const urlOf = (query: string) => ({ type: 'route.go', to: `${DASHBOARD_PATH}${query}`, replace: true }) satisfies RouteGoEvent;

// After the choice is assigned, the session learns it.
const VIEW_AS_APPLIED = { type: 'applyViewAs', params: ({ context }: { context: DashboardContext }) => ({ userId: context.viewAsUserId }) } as const;

/**
 * What every state but switchingDistributor answers: another house or viewer (a switch refuses
 * both: the selectors are disabled and the users listed were the old house's), the users to view
 * as (the switch stops that load; it starts again once the switch has ended) and the houses for the
 * selector (loaded once, as the screen opens: a switch is asked for only from the houses listed).
 * Leaving the state aborts what it loads; from loadingMerchants the merchants load again, as the
 * new viewer.
 */
const CHOICES = (self: 'loadingMerchants' | 'other') => ({
  'dashboard.distributorSelected': { guard: and(['screenFree', 'otherDistributor']), target: 'switchingDistributor', actions: ['clearForSwitch', VIEW_AS_APPLIED, 'requestSwitch', 'writeUrl'] },
  'dashboard.viewAsChanged': { guard: and(['screenFree', 'otherViewer']), target: 'loadingMerchants', reenter: self === 'loadingMerchants', actions: ['clearForViewAs', VIEW_AS_APPLIED, 'writeUrl'] },
  'xstate.done.actor.loadViewAsUsers': { actions: 'setViewAsUsers' },
  'xstate.error.actor.loadViewAsUsers': { actions: ['clearViewAsUsers', logFailure('Loading the users to view as')] },
  'houseSwitch.housesLoaded': { actions: 'setHouses' },
}) as const;

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
  },
  actors: {
    loadMerchants: fromObservableWithOutput<Merchant[]>(() => merchantService.merchants()),
    loadDashboard: fromObservableWithOutput<DashboardResponse, DashboardPayload>((input) => dashboardService.dashboard(input)),
    loadLostVolume: fromObservableWithOutput<LostVolumeResponse, { merchantIds: number[] }>((input) => dashboardService.lostVolume(input.merchantIds)),
    loadMonthlyVolume: fromObservableWithOutput<MonthlyVolumeResponse | null, { merchantIds: number[] }>((input) => dashboardService.monthlyVolume(input.merchantIds)),
    houseSwitch: houseSwitchMachine,
    loadSpeed: loadSpeedMachine,
    loadAnnouncements: fromObservableWithOutput<Announcement[], { userId: number | null }>(({ userId }) => announcementService.announcements(userId)),
    loadViewAsUsers: fromObservableWithOutput<HouseUser[], { platformId: string }>((input) => houseUsersService.usersOfChild(input.platformId)),
  },
  guards: {
    rangeRejected: ({ event }) =>
      event.type === 'dashboard.rangeChanged' && (rangeTooLong(event.range) || rangeReversed(event.range)),
    // Another location than the one shown (taking that one again clears it), and one of the merchants, or All Locations.
    otherLocation: ({ context, event }) =>
      event.type === 'dashboard.locationSelected' &&
      event.merchantId !== context.selectedMerchantId &&
      (event.merchantId === null || context.merchants.some((m) => m.id === event.merchantId)),
    dialogOpen: ({ context }) => context.dialog !== null,
    /** A modal dialog takes only its OK; a choice the URL made (a link, Back) is followed under one too. */
    screenFree: ({ context, event }) => context.dialog === null || ('via' in event && event.via === 'url'),
    /** Show more / Show less are there only while the card has more rows to show, or fewer. */
    resizable: ({ context, event }) => event.type === 'dashboard.rowsResized' && resizedRows(context, event) !== null,
    /** Volume By Month shows once the server said its flag is on (its volume came). */
    monthlyShown: ({ context }) => context.monthlyVolumeOn,
    // A side load answers only while it is out: none was started where no merchants came.
    lostVolumeOut: ({ context }) => context.lostVolumeLoading,
    monthlyVolumeOut: ({ context }) => context.monthlyVolumeLoading,
    otherDistributor: ({ context, event }) =>
      event.type === 'dashboard.distributorSelected' && isOtherHouse(context.activeDistributor, event.distributorId),
    noMerchants: (_, params: { merchants: Merchant[] }) => params.merchants.length === 0,
    noTotals: (_, params: { response: DashboardResponse }) => !(params.response.totalVolume > 0),
    cancelled: (_, params: { error: unknown }) => isCancelled(params.error),
    otherViewer: ({ context, event }) => {
      if (event.type !== 'dashboard.viewAsChanged' || !context.canViewAs) return false;
      // Whom one may view as is the server's call (X-View-As): a refused user ends in merchantsFailed.
      return viewerOf(context, event.userId) !== context.viewAsUserId;
    },
  },
  actions: {
    rejectRange: assign(({ event }) =>
      event.type === 'dashboard.rangeChanged' && rangeTooLong(event.range) ? { dialog: RANGE_TOO_LONG_MESSAGE } : {},
    ),
    assignRange: assign(({ event }) => (event.type === 'dashboard.rangeChanged' ? { range: event.range, ...NO_DASHBOARD } : {})),
    // A new range makes the order-history months already fetched stale too (spec §4).
    forgetMonths: sendToSession(() => ({ type: 'session.monthsForgotten' }))(),
    assignLocation: assign(({ event }) =>
      event.type === 'dashboard.locationSelected' ? { selectedMerchantId: event.merchantId, ...NO_DASHBOARD } : {},
    ),
    /** Lost volume and monthly volume follow the locations, not the range; they load beside the dashboard. */
    startSideLoads: enqueueActions(({ context, enqueue }) => {
      const merchantIds = scopeIds(context);
      enqueue.stopChild('loadLostVolume');
      enqueue.stopChild('loadMonthlyVolume');
      enqueue.assign({ ...NO_LOST_VOLUME, monthlyVolume: [], lostVolumeLoading: true, monthlyVolumeLoading: true });
      enqueue.spawnChild('loadLostVolume', { id: 'loadLostVolume', input: { merchantIds } });
      enqueue.spawnChild('loadMonthlyVolume', { id: 'loadMonthlyVolume', input: { merchantIds } });
    }),
    clearForSwitch: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'dashboard.distributorSelected') return;
      enqueue.stopChild('loadLostVolume');
      enqueue.stopChild('loadMonthlyVolume');
      enqueue.stopChild('loadViewAsUsers');
      // A new house ends view-as: its users are other people.
      enqueue.assign({
        merchants: [],
        selectedMerchantId: null,
        ...NO_DASHBOARD,
        ...NO_LOST_VOLUME,
        ...NO_SIDE_LOADS,
        viewAsUserId: null,
        viewAsUsers: [],
      });
    }),
    /** What the screen showed was someone else's view: clear it, then merchants load as the new viewer. */
    clearForViewAs: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'dashboard.viewAsChanged') return;
      const viewer = viewerOf(context, event.userId);
      enqueue.stopChild('loadLostVolume');
      enqueue.stopChild('loadMonthlyVolume');
      enqueue.assign({
        viewAsUserId: viewer,
        merchants: [],
        selectedMerchantId: null,
        ...NO_DASHBOARD,
        ...NO_LOST_VOLUME,
        ...NO_SIDE_LOADS,
      });
    }),
    /** The active house's users, for View As (Admin and Leadership only). */
    loadViewAsUsers: enqueueActions(({ context, enqueue }) => {
      if (!context.canViewAs || !context.activeDistributor) return;
      enqueue.stopChild('loadViewAsUsers');
      enqueue.spawnChild('loadViewAsUsers', { id: 'loadViewAsUsers', input: { platformId: context.activeDistributor.platform_id } });
    }),
    /** Every later call carries X-View-As (derived from the session); runs after the choice is assigned. */
    applyViewAs: sendToSession((params: { userId: number | null }) => ({ type: 'session.viewAsChanged', userId: params.userId }))(),
    requestSwitch: sendTo('houseSwitch', ({ event }) => ({
      type: 'houseSwitch.requested' as const,
      distributorId: event.type === 'dashboard.distributorSelected' ? event.distributorId : 0,
    })),
    // Remembered for the user in this browser: it stays away on the next page load (issue 39).
    dismissAnnouncement: ({ context, event }) => {
      if (event.type === 'dashboard.announcementDismissed') announcementService.dismiss(context.userId, event.id);
    },
    forgetAnnouncement: assign(({ context, event }) =>
      event.type === 'dashboard.announcementDismissed' ? { announcements: context.announcements.filter((a) => a.id !== event.id) } : {},
    ),
    /** On a phone the banners show one at a time, with the count of the others, until asked for all. */
    expandAnnouncements: assign({ announcementsExpanded: true }),
    setAnnouncements: assign((_, params: { output: Announcement[] }) => ({ announcements: params.output })),
    setHouses: assign(({ event }) => (event.type === 'houseSwitch.housesLoaded' ? { houses: event.houses, activeDistributor: event.active } : {})),
    closeDialog: assign({ dialog: null }),
    setMonthlyMonths: assign(({ event }) => (event.type === 'dashboard.monthlyMonthsChanged' ? { monthlyMonths: event.months } : {})),
    toggleMonthlyTable: assign(({ context }) => ({ monthlyAsTable: !context.monthlyAsTable })),
    sortLostItems: assign(({ event }) => (event.type === 'dashboard.lostItemsSorted' ? { lostItemsSort: event.sortBy } : {})),
    resizeRows: assign(({ context, event }) => (event.type === 'dashboard.rowsResized' ? (resizedRows(context, event) ?? {}) : {})),
    setLostVolume: assign(({ event }) => (event.type === 'xstate.done.actor.loadLostVolume' ? { lostVolume: event.output, lostVolumeLoading: false } : {})),
    clearLostVolume: assign({ ...NO_LOST_VOLUME, lostVolumeLoading: false }),
    setMonthlyVolume: assign(({ event }) =>
      event.type === 'xstate.done.actor.loadMonthlyVolume'
        ? { monthlyVolumeOn: event.output !== null, monthlyVolume: event.output?.data ?? [], monthlyVolumeLoading: false }
        : {}),
    clearMonthlyVolume: assign({ monthlyVolume: [], monthlyVolumeLoading: false }),
    setViewAsUsers: assign(({ event }) => (event.type === 'xstate.done.actor.loadViewAsUsers' ? { viewAsUsers: event.output } : {})),
    clearViewAsUsers: assign({ viewAsUsers: [] }),
    // A location asked for before the merchants were known (the URL's) stays only if it is one of them.
    setMerchants: assign(({ context }, params: { merchants: Merchant[] }) => ({
      merchants: params.merchants,
      selectedMerchantId: params.merchants.some((m) => m.id === context.selectedMerchantId) ? context.selectedMerchantId : null,
    })),
    /**
     * The range and location go to the URL's query (replacing the entry), so a reload or a shared
     * link opens them again; only when they differ from what the URL already says.
     */
    writeUrl: enqueueActions(({ context, event, enqueue, system }) => {
      // A choice the URL made is followed to the end before the URL is looked at again.
      if ('via' in event && event.via === 'url') return;
      const query = dashboardQuery({ range: context.range, location: context.selectedMerchantId }, context.today);
      if (query === context.query) return;
      enqueue.assign({ query });
      const router = routerOf(system);
      if (router) enqueue.sendTo(router, urlOf(query));
    }),
    /**
     * Another range or location in the URL (a link to the dashboard while it is open) is chosen as
     * the user would choose it; what the URL cannot say falls back to the defaults.
     */
    followPlace: enqueueActions(({ context, enqueue, system }, params: { place: Place }) => {
      // The URL's range is one the dashboard takes (./dashboard-url.ts refuses the others).
      const asked = dashboardPlaceOf(params.place.search, context.today);
      if (!sameRange(asked.range, context.range)) enqueue.raise({ type: 'dashboard.rangeChanged', range: asked.range, via: 'url' });
      // A location is checked against the merchants, once they arrive if they have not.
      const location = context.merchants.length === 0 || context.merchants.some((m) => m.id === asked.location) ? asked.location : null;
      if (context.merchants.length === 0) {
        if (location !== context.selectedMerchantId) enqueue.assign({ selectedMerchantId: location });
      } else if (location !== context.selectedMerchantId) enqueue.raise({ type: 'dashboard.locationSelected', merchantId: location, via: 'url' });
      // The URL is tidied to what is followed, if it said what could not be.
      const query = dashboardQuery({ range: asked.range, location }, context.today);
      enqueue.assign({ query });
      const router = routerOf(system);
      if (router && query !== params.place.search) enqueue.sendTo(router, urlOf(query));
    }),
    noMerchantsSaid: assign({ merchants: [], dialog: NO_DATA_MESSAGE }),
    noDataSaid: assign({ dialog: NO_DATA_MESSAGE }),
    merchantsFailedSaid: assign({ dialog: MERCHANTS_FAILED_MESSAGE }),
    loadFailedSaid: assign({ dialog: LOAD_FAILED_MESSAGE }),
    setDashboard: assign((_, params: { response: DashboardResponse }) => ({ dashboard: params.response })),
    setSwitchedHouse: assign(({ event }) => (event.type === 'houseSwitch.switched' ? { activeDistributor: event.activeDistributor } : {})),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input, spawn }) => {
    const today = input.today ?? todayIso();
    // The range and location the URL names (a reload, a shared link); the defaults without one.
    const asked = dashboardPlaceOf(input.search ?? '', today);
    return {
      today,
      query: input.search ?? '',
      range: asked.range,
      merchants: [],
      selectedMerchantId: asked.location,
      ...NO_DASHBOARD,
      ...NO_LOST_VOLUME,
      ...NO_SIDE_LOADS,
      lostItemsSort: 'volume',
      monthlyVolumeOn: false,
      monthlyMonths: 3,
      monthlyAsTable: false,
      houses: [],
      activeDistributor: input.activeDistributor,
      dialog: null,
      announcements: [],
      announcementsExpanded: false,
      userId: input.userId,
      canViewAs: input.canViewAs,
      viewAsUsers: [],
      // A View As chosen earlier stays on across pages (until logout or a house switch).
      viewAsUserId: input.canViewAs ? (input.viewAsUserId ?? null) : null,
      // Spec §6: an internal admin in the user's session may time the dashboard (with the testing flag on).
      loadSpeed: input.loadSpeed ? spawn('loadSpeed', { id: 'loadSpeed', input: input.loadSpeed }) : null,
    };
  },
  entry: 'loadViewAsUsers',
  // For the whole life of the screen: the houses for the selector and the banners.
  invoke: [
    { id: 'houseSwitch', src: 'houseSwitch', input: ({ context }) => ({ activeDistributor: context.activeDistributor }) },
    {
      id: 'loadAnnouncements',
      src: 'loadAnnouncements',
      input: ({ context }) => ({ userId: context.userId }),
      onDone: { actions: { type: 'setAnnouncements', params: ({ event }) => ({ output: event.output }) } },
      onError: { actions: logFailure('Loading announcements') },
    },
  ],
  on: {
    // A link to the dashboard while it is open, or Back to another of its URLs.
    'route.changed': { actions: { type: 'followPlace', params: ({ event }) => ({ place: event.place }) } },
    // OK is there only while a dialog is.
    'dashboard.dialogClosed': { guard: 'dialogOpen', actions: 'closeDialog' },
    'dashboard.monthlyMonthsChanged': { guard: and(['screenFree', 'monthlyShown']), actions: 'setMonthlyMonths' },
    'dashboard.monthlyTableToggled': { guard: and(['screenFree', 'monthlyShown']), actions: 'toggleMonthlyTable' },
    'dashboard.lostItemsSorted': { guard: 'screenFree', actions: 'sortLostItems' },
    'dashboard.announcementDismissed': { guard: 'screenFree', actions: ['forgetAnnouncement', 'dismissAnnouncement'] },
    'dashboard.announcementsExpanded': { guard: 'screenFree', actions: 'expandAnnouncements' },
  },
  initial: 'loadingMerchants',
  states: {
    loadingMerchants: {
      invoke: {
        id: 'loadMerchants',
        src: 'loadMerchants',
        onDone: [
          {
            guard: { type: 'noMerchants', params: ({ event }) => ({ merchants: event.output }) },
            target: 'failed',
            actions: 'noMerchantsSaid',
          },
          { target: 'loadingDashboard', actions: [{ type: 'setMerchants', params: ({ event }) => ({ merchants: event.output }) }, 'startSideLoads', 'writeUrl'] },
        ],
        onError: { target: 'merchantsFailed', actions: ['merchantsFailedSaid', logFailure('Loading merchants')] },
      },
      on: { ...RANGE_TAKEN, ...CHOICES('loadingMerchants') },
    },
    loadingDashboard: {
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        input: ({ context }) => dashboardPayload(context),
        onDone: [
          {
            guard: { type: 'noTotals', params: ({ event }) => ({ response: event.output }) },
            target: 'failed',
            actions: 'noDataSaid',
          },
          { target: 'complete', actions: { type: 'setDashboard', params: ({ event }) => ({ response: event.output }) } },
        ],
        onError: [
          // Spec §4: a cancelled request is silent.
          { guard: { type: 'cancelled', params: ({ event }) => ({ error: event.error }) }, target: 'failed' },
          { target: 'failed', actions: ['loadFailedSaid', logFailure('Loading the dashboard')] },
        ],
      },
      on: { ...RELOAD, ...SIDE_LOADS, ...CHOICES('other') },
    },
    complete: {
      on: { ...RELOAD, ...SIDE_LOADS, ...CHOICES('other') },
    },
    /** 'No results found': the load failed or there were no totals. */
    failed: {
      on: { ...RELOAD, ...SIDE_LOADS, ...CHOICES('other') },
    },
    merchantsFailed: {
      on: { ...RANGE_TAKEN, ...CHOICES('other') },
    },
    /** Merchants are reloaded only after the server has made the new house active (spec §4). */
    switchingDistributor: {
      on: {
        ...RANGE_TAKEN,
        'houseSwitch.switched': { target: 'loadingMerchants', actions: ['setSwitchedHouse', 'loadViewAsUsers'] },
        // The old house stays active; its merchants come back.
        'houseSwitch.kept': { target: 'loadingMerchants', actions: 'loadViewAsUsers' },
      },
    },
  },
});
