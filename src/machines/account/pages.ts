import { page, type PageRoute } from '../shell/page-spec.ts';

/** The token of an emailed link's route: a new token is a new link, so a fresh page (and machine). */
const token = ({ params }: Pick<PageRoute, 'params'>) => params.token ?? '';
const linkPage = { input: (route: PageRoute) => ({ token: token(route) }), instance: token };

const forms = () => import('./account-forms.ts');
const links = () => import('./activation.ts');

/**
 * The account pages the app's root actor runs (../shell/page-spec.ts): the public screens of
 * accounts spec §2.3 (the route gate shows them logged out) and Settings (§2.5).
 */
export const accountPages = {
  accountSignUp: page({ paths: ['/signup'], load: () => forms().then((m) => m.signUpMachine) }),
  accountForgotPassword: page({ paths: ['/forgot-password'], load: () => forms().then((m) => m.forgotPasswordMachine) }),
  accountResetPassword: page({ paths: ['/change-password/:token'], load: () => forms().then((m) => m.resetPasswordMachine), ...linkPage }),
  /** Not wired to any call in the spec: an invitation's link works under either path. */
  accountCreatePassword: page({ paths: ['/create-password/:token'], load: () => forms().then((m) => m.resetPasswordMachine), ...linkPage }),
  accountActivation: page({ paths: ['/activate/:token'], load: () => links().then((m) => m.activationMachine), ...linkPage }),
  accountEmailConfirmation: page({ paths: ['/confirm-email/:token'], load: () => links().then((m) => m.emailConfirmationMachine), ...linkPage }),
  accountEmailApproval: page({ paths: ['/approve-email-change/:token'], load: () => links().then((m) => m.emailApprovalMachine), ...linkPage }),
  accountSettings: page({ paths: ['/settings'], load: () => import('./settings.ts').then((m) => m.settingsPageMachine) }),
};
