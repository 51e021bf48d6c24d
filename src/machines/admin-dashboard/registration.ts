import { selectAdminDashboardView, selectEditUserView, selectInviteView, selectLoginAsView, selectUsersExportView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { adminDashboardMachine, type AdminDashboardContext } from './admin-dashboard.ts';
import { adminDashboardPageMachine } from './admin-dashboard-screen.ts';
import {
  adminDashboardEvents, adminInviteEvents, adminUserEditEvents, loginAsEvents, usersExportEvents,
} from './admin-dashboard-samples.ts';
import { adminInviteMachine, type AdminInviteContext } from './admin-invite.ts';
import { adminUserEditMachine, type AdminUserEditContext } from './admin-user-edit.ts';
import { loginAsMachine, type LoginAsContext } from './login-as.ts';
import { usersExportMachine, type UsersExportContext } from './users-export.ts';

export const ADMIN_DASHBOARD_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'admin-dashboard-page',
    description: 'The /admin-dashboard route: the sign-in form for a visitor (it is open when logged out), the picker and users table for an internal admin.',
    machine: adminDashboardPageMachine,
    events: [],
    variants: [
      { label: 'a visitor, logged out', input: () => ({ siteUrl: 'https://portal.example', admin: false }) },
      { label: 'an internal admin', input: () => ({ siteUrl: 'https://portal.example', admin: true }) },
    ],
    checks: { visitor: 'The sign-in form; a login as an internal admin stays on /admin-dashboard', admin: 'The distributor picker and the users table' },
  },
  {
    name: 'admin-dashboard',
    description: 'The admin dashboard: a parent distributor, then one of its houses, then its users.',
    machine: adminDashboardMachine,
    views: { dashboard: selectAdminDashboardView },
    events: adminDashboardEvents,
    variants: [{ label: 'internal admin on /admin-dashboard', input: () => ({ siteUrl: 'http://127.0.0.1:8080' }) }],
    serializeState: seenState<AdminDashboardContext>((c) => [c.parents.length > 0, c.parentId, c.children.length, c.childId, c.users.length, c.search !== '', c.error]),
    labels: {
      'xstate.done.actor.loadParents': 'The parent distributors arrive',
      'xstate.error.actor.loadParents': 'Loading the distributors fails',
      'adminDashboard.retried': 'Press Try again',
      'adminDashboard.parentChosen': 'Pick a parent distributor',
      'xstate.done.actor.loadChildren': 'Its houses arrive',
      'xstate.error.actor.loadChildren': 'Loading its houses fails',
      'adminDashboard.childChosen': 'Pick a house',
      'xstate.done.actor.loadUsers': 'Its users arrive',
      'xstate.error.actor.loadUsers': 'Loading its users fails',
      'adminDashboard.reloaded': 'A save, invite or deactivation reloads the table',
      'adminDashboard.searchChanged': 'Type in User search',
    },
    checks: {
      loadingParents: 'The Distributor picker is loading',
      parentsFailed: "'Failed to get the list of distributors' with Try again",
      pickingParent: "The Distributor picker; the table says 'Select Distributor to Display Users'",
      loadingChildren: 'The house picker is loading',
      pickingChild: "The house picker; 'Failed to get the list of users' after a failed load",
      loadingUsers: 'The users table is loading',
      showingUsers: 'The users table of the house: Name, Email, Distributor, Created Date, Last Login, Role',
    },
  },
  {
    name: 'admin-user-edit',
    description: "The admin dashboard's Edit User panel: role, password, flags, houses with Include family, Save, Deactivate.",
    machine: adminUserEditMachine,
    views: { edit: selectEditUserView },
    events: adminUserEditEvents,
    variants: [{ label: 'a multi-house District Manager' }],
    serializeState: seenState<AdminUserEditContext>((c) => [c.user !== null, c.includeFamily, c.form.houses.length, c.form.password !== '', c.form.confirmPassword !== '', c.allHouses.length > 0, c.error, c.done]),
    labels: {
      'edit.opened': 'Press edit on a row',
      'xstate.done.actor.loadHouses': 'The distributors arrive',
      'xstate.error.actor.loadHouses': 'Loading the distributors fails',
      'edit.familyToggled': 'Toggle Include family',
      'edit.houseRemoved': 'Delete a house of the user',
      'edit.houseAdded': 'Add a house',
      'edit.changed': 'Type in a field',
      'edit.saved': 'Press Save',
      'xstate.done.actor.save': 'The server saves the user',
      'xstate.error.actor.save': 'Saving fails',
      'edit.deactivated': 'Press Deactivate User',
      'xstate.done.actor.deactivate': 'The server deactivates the user',
      'xstate.error.actor.deactivate': 'Deactivating fails',
      'edit.closed': 'Close the panel',
    },
    checks: {
      closed: 'No panel',
      loadingHouses: 'The panel opens with the user; the houses picker loads',
      editing: "The panel; the active house has no delete; 'User Saved' or the failure shows after a save",
      saving: 'Save shows its spinner',
      deactivating: 'Deactivate User shows its spinner',
    },
  },
  {
    name: 'admin-invite',
    description: "The admin dashboard's Invite User modal for a house with a referred partner.",
    machine: adminInviteMachine,
    views: { invite: selectInviteView },
    events: adminInviteEvents,
    variants: [{ label: 'a house with a referred partner', input: () => ({ siteUrl: 'http://127.0.0.1:8080' }) }],
    serializeState: seenState<AdminInviteContext>((c) => [c.form.contactName !== '', c.form.email !== '', c.form.title !== null, c.invalid.length, c.result?.ok ?? null]),
    labels: {
      'invite.opened': 'Press Invite User',
      'invite.changed': 'Fill a field',
      'invite.submitted': 'Press Invite User in the modal',
      'xstate.done.actor.send': 'The server invites the person',
      'xstate.error.actor.send': 'The invitation fails',
      'invite.closed': 'Close the modal',
    },
    checks: {
      closed: "No modal; after a success 'User Invited' naming the person",
      editing: "The modal; missing fields marked; after a failure 'Error', 'Failed to invite user', 'Try again'",
      sending: 'Invite User shows its spinner',
    },
  },
  {
    name: 'login-as',
    description: 'Logging in as a user from the admin dashboard, with the reason the audit log keeps.',
    machine: loginAsMachine,
    views: { loginAs: selectLoginAsView },
    events: loginAsEvents,
    variants: [{ label: 'internal admin on /admin-dashboard' }],
    serializeState: seenState<LoginAsContext>((c) => [c.user !== null, c.reason.length >= 5, c.error !== null]),
    labels: {
      'loginAs.opened': 'Press Login on a row',
      'loginAs.reasonChanged': 'Type the reason',
      'loginAs.submitted': 'Press Log in as user',
      'xstate.done.actor.switchSession': 'The server opens the session as that user',
      'xstate.error.actor.switchSession': 'The server refuses',
      'loginAs.cancelled': 'Press Cancel',
    },
    checks: {
      closed: 'No reason prompt',
      asking: 'The reason prompt naming the user; a short reason is refused with the hint',
      switching: 'Log in as user shows its spinner',
      switched: "The user's dashboard with the impersonation banner",
    },
  },
  {
    name: 'users-export',
    description: "Export Users: 'Pick a Distributor' (a house or All Houses For Family), then UsersExport.csv.",
    machine: usersExportMachine,
    views: { export: selectUsersExportView },
    events: usersExportEvents,
    variants: [{ label: 'a parent distributor chosen' }],
    serializeState: seenState<UsersExportContext>((c) => [c.choice !== null, c.error !== null]),
    labels: {
      'export.opened': 'Press Export Users',
      'export.chosen': 'Pick All Houses For Family',
      'export.submitted': 'Press Export',
      'xstate.done.actor.loadUsers': 'The users arrive and UsersExport.csv downloads',
      'xstate.error.actor.loadUsers': 'Loading the users fails',
      'export.closed': 'Close the modal',
    },
    checks: {
      closed: 'No modal',
      picking: "'Pick a Distributor' with 'All Houses For Family'; Export enabled once one is picked",
      loading: 'Export shows its spinner',
    },
  },
];
