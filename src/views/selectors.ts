import type { SnapshotFrom } from 'xstate';
import type { authRoutingMachine } from '../machines/auth-routing.ts';
import type { AccessMode } from '../model/route-access.ts';

/** Narrow reads of the auth-routing snapshot, so views never see its whole shape. */
type AuthSnapshot = SnapshotFrom<typeof authRoutingMachine>;

export const selectMode = (s: AuthSnapshot): AccessMode => s.value as AccessMode;
export const selectUser = (s: AuthSnapshot) => s.context.user;
export const selectLogoutNotice = (s: AuthSnapshot) => s.context.logoutNotice;
