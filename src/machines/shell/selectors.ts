import type { SnapshotFrom } from 'xstate';
import type { authRoutingMachine } from './auth-routing.ts';
import { choosesHouse, viewsAs } from '../../model/role-rules.ts';
import { enteredByAdmin, isInternalAdmin, type AccessMode } from '../../model/route-access.ts';

/** Narrow reads of the auth-routing snapshot, so views never see its whole shape. */
type AuthSnapshot = SnapshotFrom<typeof authRoutingMachine>;

export const selectMode = (s: AuthSnapshot): AccessMode => s.value as AccessMode;
export const selectUser = (s: AuthSnapshot) => s.context.user;
export const selectLogoutNotice = (s: AuthSnapshot) => s.context.logoutNotice;
/** Internal-admin features (CSV exports): the user's flags, or an admin acting as them (stored admin data). */
export const selectActsAsInternalAdmin = (s: AuthSnapshot) =>
  s.context.user !== null && isInternalAdmin(s.context.user, s.context.adminUser !== null);
/** Switch User is offered only in a distributor user's session an internal admin entered. */
export const selectEnteredByAdmin = (s: AuthSnapshot) => s.context.user !== null && enteredByAdmin(s.context.user, s.context.adminUser);
/** The house picker (dashboard, Intel): leaders and group users choose the house they look at. */
export const selectChoosesHouse = (s: AuthSnapshot) => s.context.user !== null && choosesHouse(s.context.user);
/** View As (dashboard): leaders may look as one of their users. */
export const selectViewsAs = (s: AuthSnapshot) => s.context.user !== null && viewsAs(s.context.user);
