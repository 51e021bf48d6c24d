import { selectAdminLoginView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { adminSwitchMachine, type AdminSwitchContext } from './admin-switch.ts';
import { adminSwitchEvents, impersonationBannerEvents } from './admin-switch-samples.ts';
import { impersonationBannerMachine } from './impersonation-banner.ts';


export const ADMIN_SWITCH_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'impersonation-banner',
    description: 'The banner every screen shows while an admin acts as a user: whom, since when, the time left, Switch User.',
    machine: impersonationBannerMachine,
    // No view models recorded: the time left is counted from the clock the banner starts with.
    events: impersonationBannerEvents,
    variants: [{ label: 'a session an internal admin entered' }],
    serializeState: (s) => JSON.stringify([s.value]),
    labels: {
      'xstate.done.actor.loadStatus': 'The server says whether an admin acts as the user',
      'xstate.error.actor.loadStatus': 'Asking fails',
      'banner.tick': 'A second passes',
    },
    checks: {
      loading: 'No banner yet',
      shown: "'You are logged in as … by …', the time left counting down each second, and Switch User",
      hidden: 'No banner: the user signed in themselves (or the status could not be read)',
    },
  },
  {
    name: 'admin-switch',
    description: 'The admin user-picker on /admin-login: a distributor, one of its users, then log in as that user.',
    machine: adminSwitchMachine,
    views: { login: selectAdminLoginView },
    events: adminSwitchEvents,
    variants: [{ label: 'internal admin on /admin-login' }],
    serializeState: seenState<AdminSwitchContext>((c) => [c.houses.length > 0, c.houseId !== null, c.users.length > 0, c.userId !== null, c.reason.length >= 5, c.error !== null]),
    labels: {
      'xstate.done.actor.loadHouses': 'The distributors arrive',
      'xstate.error.actor.loadHouses': 'Loading the distributors fails',
      'adminSwitch.houseChosen': 'Pick a distributor',
      'xstate.done.actor.loadUsers': 'Its users arrive',
      'xstate.error.actor.loadUsers': 'Loading its users fails',
      'adminSwitch.userChosen': 'Pick a user',
      'adminSwitch.reasonChanged': 'Type the reason for logging in as the user',
      'adminSwitch.submitted': 'Press Log in as',
      'xstate.done.actor.switchSession': 'The server opens the session as that user',
      'xstate.error.actor.switchSession': 'The server refuses the switch',
      'adminSwitch.retried': 'Press Retry',
    },
    checks: {
      loadingHouses: 'The distributor list is loading',
      housesFailed: 'The page says the distributors could not load, with Retry',
      pickingHouse: 'The distributor picker',
      loadingUsers: 'The user picker is loading',
      pickingUser: "The user picker for the chosen distributor",
      switching: 'Log in as shows its spinner',
      switched: "The chosen user's dashboard, Switch User in the header",
    },
  },
];
