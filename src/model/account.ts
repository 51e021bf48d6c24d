import * as t from 'io-ts';
import { Email, IdText, boundedString, pattern } from './codec.ts';
import { Title } from './session-user.ts';

/**
 * The account calls of accounts spec §7 and their rules (§5, §9), shared by the forms and the
 * server. Equality of a password and its repeat is checked by the server too ('Passwords don't match').
 */

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const PLATFORM_ID_RE = /^CP-\d{6}$/;

/** An absolute http(s) address: the client's origin, from which emailed links are built. */
export const SiteUrl = pattern('an http(s) address', /^https?:\/\/[^\s/]+(\/\S*)?$/);

export const SignUpPassword = boundedString('6 to 20 characters', 6, 20);
export const SettingsPassword = boundedString('3 to 20 characters', 3, 20);

export const SignUpPayload = t.type({
  partnerPlatformId: pattern("'CP-' followed by 6 digits", PLATFORM_ID_RE),
  partnerName: boundedString('at least 3 characters', 3, 200),
  contactName: boundedString('at least 3 characters', 3, 200),
  email: Email,
  password: SignUpPassword,
  repeatPassword: t.string,
  siteUrl: SiteUrl,
});
export type SignUpPayload = t.TypeOf<typeof SignUpPayload>;

export const PasswordResetRequest = t.type({ email: Email, siteUrl: SiteUrl });
export type PasswordResetRequest = t.TypeOf<typeof PasswordResetRequest>;

/** POST /auth/reset-password/{token}: `password` is Create Password, `newPassword` its confirmation. */
export const ResetPasswordPayload = t.type({ password: SignUpPassword, newPassword: t.string });
export type ResetPasswordPayload = t.TypeOf<typeof ResetPasswordPayload>;

/** An emailed token as it appears in a path: base64url, fixed length. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
export const TokenParams = t.type({ token: pattern('a link token', LINK_TOKEN) });
/** Whether a link's token could be one the server sent: one that cannot is as dead as an expired one. */
export const isLinkToken = (token: string): boolean => LINK_TOKEN.test(token);

/** POST /user/change-password (settings): current password, new one, its repeat. */
export const ChangePasswordPayload = t.type({
  password: SettingsPassword,
  newPassword: SettingsPassword,
  repeatPassword: t.string,
});
export type ChangePasswordPayload = t.TypeOf<typeof ChangePasswordPayload>;

/** Every account call that succeeds without data answers with a message to show. */
export const MessageResponse = t.type({ message: t.string });
export type MessageResponse = t.TypeOf<typeof MessageResponse>;

/** Said when an emailed link is used, unknown or past its expiry (a 410). */
export const LINK_EXPIRED_MESSAGE =
  'Oops! Looks like your password reset link has expired. Click the button below to request a new link.';
export const ACTIVATED_MESSAGE = 'Your account has been activated! Please Login.';
export const EMAIL_NOT_FOUND = 'Email not found';
export const PASSWORD_CHANGED = 'Password changed successfully';

/** Locations of an invite or update: [] = invite to all, ['NONE'] = none, else merchant ids. */
export const Locations = t.array(t.union([t.literal('NONE'), IdText]));
export type Locations = t.TypeOf<typeof Locations>;

export const ContactName = boundedString('at least 3 characters', 3, 200);

/** POST /user/invite (user management). */
export const InvitePayload = t.type({
  contactName: ContactName,
  email: Email,
  title: Title,
  displayPaymentInfo: t.boolean,
  displayIntel: t.boolean,
  displayInvoice: t.boolean,
  isMultiHouse: t.boolean,
  siteUrl: SiteUrl,
  locations: Locations,
});
export type InvitePayload = t.TypeOf<typeof InvitePayload>;

/** PATCH /user/{id} (the Edit User panel): what the panel can change. */
export const UpdateUserPayload = t.type({
  email: Email,
  title: Title,
  displayPaymentInfo: t.boolean,
  inviteAll: t.boolean,
  locations: Locations,
});
export type UpdateUserPayload = t.TypeOf<typeof UpdateUserPayload>;

/** PATCH /user/merchant-batch/{id}: a user's locations in one call (Invite To All, or these merchants). */
export const MerchantBatchPayload = t.type({ inviteAll: t.boolean, locations: Locations });
export type MerchantBatchPayload = t.TypeOf<typeof MerchantBatchPayload>;

/** PATCH /user (one's own profile): the name at once; a new email only once the new address confirms it. */
export const OwnProfilePayload = t.type({ contactName: ContactName, email: Email });
export type OwnProfilePayload = t.TypeOf<typeof OwnProfilePayload>;

/** A row of the users table; `canEdit`/`canDeactivate` are the server's decision for the caller. */
export const UserRow = t.type({
  id: t.number,
  contactName: t.string,
  email: t.string,
  title: t.union([Title, t.null]),
  createdDate: t.string,
  lastLoginDateTime: t.union([t.string, t.null]),
  displayIntel: t.boolean,
  displayPaymentInfo: t.boolean,
  inviteAll: t.boolean,
  activated: t.boolean,
  canEdit: t.boolean,
  canDeactivate: t.boolean,
});
export type UserRow = t.TypeOf<typeof UserRow>;

export const UserList = t.type({ users: t.array(UserRow) });
export type UserList = t.TypeOf<typeof UserList>;

// Messages of the public account calls (server answers; the screens show them as given).
export const SIGNED_UP_MESSAGE =
  'Thank you for signing up! We emailed you a link to confirm your email address. ' +
  'An Admin or Leadership user of your distributor then needs to approve your account; we will email you when they have.';
/**
 * Activation of a signed-up account that still waits for approval. Not the spec's activation text
 * (§2.2): its 'Please Login' would be refused (issue 39). It says what happens next instead.
 */
export const CONFIRMED_AWAITING_APPROVAL =
  'Your email address is confirmed. An Admin or Leadership user of your distributor now needs to approve your account before you can log in; we will email you when they have.';
/** Activation of a sign-up its distributor has declined: confirmed, and still no way in. */
export const CONFIRMED_BUT_DECLINED =
  'Your email address is confirmed, but your request to join was declined. Ask your distributor for an invitation.';
/**
 * The activation's answer lets its holder log in now: only the spec's activated text, which the
 * server answers for an account that needs no approval or has it already (issue 39: the page
 * offered Login, and login then refused).
 */
export const activationLetsLogIn = (answer: MessageResponse): boolean => answer.message === ACTIVATED_MESSAGE;
export const AWAITING_APPROVAL = 'Your account is waiting for approval by an Admin or Leadership user of your distributor.';
export const APPROVAL_REFUSED = 'Your request to join was declined. Ask your distributor for an invitation.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const unknownPlatformMessage = (platformId: string) =>
  `No distributor has the platform id ${platformId}. Please check it with your company.`;
export const ACTIVATION_LINK_EXPIRED = 'This activation link has expired or was already used.';
export const RESET_LINK_SENT = 'We sent a password reset link to your email. Please check your inbox.';
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please wait an hour and try again.';
export const PASSWORD_RESET_DONE = 'Your password has been changed.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect.';

/** POST /user/invite answers with the new user's id and the message to show. */
export const InviteResponse = t.type({ id: t.number, message: t.string });
export type InviteResponse = t.TypeOf<typeof InviteResponse>;

/** A sign-up waiting for approval, as User Management's Pending section lists it. */
export const PendingUser = t.type({
  id: t.number,
  contactName: t.string,
  email: t.string,
  house: t.string,
  requestedAt: t.string,
  /** Whether the applicant has confirmed the email address (activation link). */
  emailConfirmed: t.boolean,
});
export type PendingUser = t.TypeOf<typeof PendingUser>;
export const PendingList = t.type({ pending: t.array(PendingUser) });
export type PendingList = t.TypeOf<typeof PendingList>;

/** An email change waits for the new address to confirm it. */
export const emailChangePendingMessage = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}: the email address changes when it is opened. The current address was told.`;
/**
 * Someone else's change of an account's email (accounts spec §2.4 Edit User) waits for the owner:
 * only the owner moves their account, so the current address approves it before the new one confirms.
 */
export const emailChangeAwaitingOwnerMessage = (currentEmail: string, newEmail: string) =>
  `The change to ${newEmail} awaits the owner's approval: we emailed ${currentEmail} a link. Once they approve, ${newEmail} gets a link to confirm it.`;
/** The Edit User panel's note under a changed email of someone else's account. */
export const emailAwaitsOwnerNote = (currentEmail: string) =>
  `This change awaits the owner's approval: on Save we email ${currentEmail} a link to approve it, then the new address confirms it.`;
export const emailChangeApprovedMessage = (newEmail: string) =>
  `Thank you: we sent a confirmation link to ${newEmail}. The email address changes when it is opened.`;
export const EMAIL_APPROVAL_LINK_EXPIRED = 'This approval link has expired or was already used.';
export const EMAIL_CHANGED = 'The email address has been changed. Log in with the new one.';
export const EMAIL_LINK_EXPIRED = 'This confirmation link has expired or was already used.';
