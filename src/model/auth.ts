import * as t from 'io-ts';
import { Email, boundedString } from './codec.ts';
import { SessionUser } from './session-user.ts';

export const LoginPayload = t.type({
  email: Email,
  password: boundedString('at least 3 characters', 3, 200),
});
export type LoginPayload = t.TypeOf<typeof LoginPayload>;

export const LoginResponse = t.type({ authKey: t.string, user: SessionUser });
export type LoginResponse = t.TypeOf<typeof LoginResponse>;

/** Unauthenticated: what the client needs before anyone logs in. */
export const AppStatus = t.type({ maintenance: t.boolean, version: t.string });
export type AppStatus = t.TypeOf<typeof AppStatus>;

export const ErrorBody = t.type({ message: t.string });
export type ErrorBody = t.TypeOf<typeof ErrorBody>;

export const NO_CHANNEL_PARTNER_MESSAGE = 'This user cannot log in because there is no channel partner available.';
