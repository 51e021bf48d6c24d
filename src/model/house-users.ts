import * as t from 'io-ts';
import { Id, pattern } from './codec.ts';
import { ImpersonationReason } from './impersonation.ts';
import { Title } from './session-user.ts';

/** `?platformId=CP-000123`: the house whose users are asked for (GET /distributor/users-of-child|family). */
export const PlatformIdQuery = t.type({ platformId: pattern('a distributor platform id like CP-000123', /^CP-\d{6}$/) });
export type PlatformIdQuery = t.TypeOf<typeof PlatformIdQuery>;

/** A user of a house, as the View As and admin user pickers list them. */
export const HouseUser = t.type({ id: t.number, contactName: t.string, email: t.string, title: t.union([Title, t.null]) });
export type HouseUser = t.TypeOf<typeof HouseUser>;
export const HouseUsers = t.array(HouseUser);

/**
 * POST /auth/session: the user an internal admin switches into, with the reason (required for
 * anyone but themselves: the audit log keeps it), or back to themselves.
 */
export const SwitchSessionPayload = t.type({ id: Id, reason: t.union([ImpersonationReason, t.undefined]) });
export type SwitchSessionPayload = t.TypeOf<typeof SwitchSessionPayload>;
