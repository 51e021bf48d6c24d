import type { SnapshotFrom } from 'xstate';
import type { settingsPageMachine } from './settings.ts';
import { activationLetsLogIn } from '../../model/account.ts';

/** The account pages' messages (accounts spec §2.2, §2.5). */
export { LINK_EXPIRED_MESSAGE, PASSWORD_CHANGED } from '../../model/account.ts';

/** An emailed link's screen failed because the link is dead (used, unknown or malformed). */
export const selectLinkExpired = (s: { matches: (v: 'failed') => boolean; context: { expired: boolean } }) => s.matches('failed') && s.context.expired;

/**
 * An emailed link's screen offers Login after it worked, unless the account still waits for a
 * leader's approval: then it says only what happens next (an email once approved).
 */
export const selectOffersLogin = (s: { matches: (v: 'activated') => boolean; context: { message: string | null } }) =>
  s.matches('activated') && s.context.message !== null && activationLetsLogIn({ message: s.context.message });

/** Where an account form is: the screens choose what to show by it. */
export type AccountFormStatus = 'editing' | 'submitting' | 'failed' | 'succeeded' | 'expired';

/** What an account form's screen shows (./account-form.ts): its fields as typed, their errors, the outcome. */
export interface AccountFormView<F extends Record<string, string>> {
  status: AccountFormStatus;
  /** The submit button shows its spinner. */
  busy: boolean;
  fields: F;
  errors: Partial<Record<keyof F, string>>;
  failure: string | null;
  success: string | null;
}

const formViews = new WeakMap<object, AccountFormView<Record<string, string>>>();
/** An account form's screen (the same object for the same snapshot). */
export const selectAccountFormView = <F extends Record<string, string>>(s: {
  value: unknown;
  context: { fields: F; errors: Partial<Record<keyof F, string>>; failure: string | null; success: string | null };
}): AccountFormView<F> => {
  let view = formViews.get(s) as AccountFormView<F> | undefined;
  if (!view) {
    const status = s.value as AccountFormStatus;
    view = { status, busy: status === 'submitting', fields: s.context.fields, errors: s.context.errors, failure: s.context.failure, success: s.context.success };
    formViews.set(s, view as unknown as AccountFormView<Record<string, string>>);
  }
  return view;
};

/** Where an emailed link's screen is: before the press, during the call, after it. */
export type LinkStatus = 'ready' | 'activating' | 'activated' | 'failed';

/** What an emailed link's screen shows (./activation.ts). */
export interface LinkView {
  /** The intro and the button show (before the call and during it). */
  asks: boolean;
  /** The button shows its spinner. */
  busy: boolean;
  status: LinkStatus;
  message: string | null;
  /** Failed because the link is dead: Forgot Password is offered. */
  expired: boolean;
  /** Worked, and the account may log in: Login is offered. */
  offersLogin: boolean;
}

const linkViews = new WeakMap<object, LinkView>();
type LinkSnapshot = { value: unknown; matches: (v: 'failed' | 'activated') => boolean; context: { message: string | null; expired: boolean } };
/** An emailed link's screen (the same object for the same snapshot). */
export const selectLinkView = (s: LinkSnapshot): LinkView => {
  let view = linkViews.get(s);
  if (!view) {
    const status = s.value as LinkStatus;
    view = {
      asks: status === 'ready' || status === 'activating',
      busy: status === 'activating',
      status,
      message: s.context.message,
      expired: selectLinkExpired(s),
      offersLogin: selectOffersLogin(s),
    };
    linkViews.set(s, view);
  }
  return view;
};

/** Settings hands its two parts their child actors: the Change Password form and the digest preferences (./settings.ts). */
export const selectSettingsView = (s: SnapshotFrom<typeof settingsPageMachine>) => ({ password: s.children.password!, digest: s.children.digest! });
export { sameView } from '../shell/selectors.ts';
