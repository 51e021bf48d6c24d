import type { Title } from './session-user.ts';
import { READ_ONLY_POSTS } from './read-only-posts.ts';

/**
 * Who may call each API route, written once (spec: accounts-and-administration.md §6 Roles and
 * permissions). The server's one gate (server/auth/gate.ts) enforces it before any handler runs,
 * and refuses a route missing here; server/security/route-matrix.test.ts calls every registered
 * route as every demo role and checks the answers against this table.
 *
 * - public: anyone, logged in or not (login, sign-up, the links of emails, status)
 * - signedIn: any logged-in, approved user; what they see is scoped to their family (and the
 *   row rules of User Management decide per user)
 * - inviters: internal admins, and every role but Distributor Rep (and no role)
 * - leaders: internal admins, Admin and Leadership
 * - internalAdmin: the GPO's own staff only, acting as themselves (an admin logged in as a
 *   distributor user holds only that user's powers)
 * - internalAdminOrActing: internal admins, also through a user's session they act in (switching
 *   on, the debug page, the load-speed test)
 * - invoiceUsers: internal admins and users with displayInvoice (invoice scanning), their family's invoices only
 * - intelUsers: internal admins and users with displayIntel (Intel), scoped like the dashboard
 * - paymentUsers: internal admins and users with displayPaymentInfo (rebate checks), scoped like the dashboard
 */
export type Audience =
  | 'public' | 'signedIn' | 'inviters' | 'leaders' | 'internalAdmin' | 'internalAdminOrActing' | 'invoiceUsers' | 'intelUsers' | 'paymentUsers';

/** Each audience in words, for the API reference (server/http/openapi.ts). */
export const AUDIENCE_WORDS: Readonly<Record<Audience, string>> = {
  public: 'anyone, logged in or not',
  signedIn: 'any logged-in user, scoped to their family',
  inviters: 'internal admins and every role but Distributor Rep',
  leaders: 'internal admins, Admin and Leadership',
  internalAdmin: 'internal admins, acting as themselves',
  internalAdminOrActing: 'internal admins, also through a session they act in as a user',
  invoiceUsers: 'internal admins and users with invoice scanning',
  intelUsers: 'internal admins and users with Intel',
  paymentUsers: 'internal admins and users with payment information',
};

export const ROUTE_AUDIENCE: Readonly<Record<string, Audience>> = {
  'GET /api/health': 'public',
  'GET /api/status': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/activate/:token': 'public',
  'POST /api/auth/confirm-email/:token': 'public',
  'POST /api/auth/approve-email-change/:token': 'public',
  'POST /api/auth/request-password-reset': 'public',
  'POST /api/auth/reset-password/:token': 'public',
  'GET /api/auth/microsoft/config': 'public',
  'POST /api/auth/microsoft': 'public',
  'POST /api/auth/logout': 'signedIn',
  'POST /api/user/change-password': 'signedIn',
  'GET /api/digest/preferences': 'signedIn',
  'POST /api/digest/preferences': 'signedIn',
  'GET /api/digest/unsubscribe': 'public',
  'POST /api/digest/unsubscribe': 'public',
  'GET /api/alerts': 'signedIn',
  'POST /api/alerts/read': 'signedIn',
  'POST /api/analytics/user-sessions': 'signedIn',
  'GET /api/analytics/user-sessions': 'signedIn',
  'GET /api/announcement': 'signedIn',
  'POST /api/dashboard': 'signedIn',
  'POST /api/dashboard/lost-volume': 'signedIn',
  'POST /api/dashboard/monthly-volume': 'signedIn',
  'POST /api/intel': 'intelUsers',
  'GET /api/debug/details/:merchantId': 'internalAdminOrActing',
  'POST /api/admin/imports': 'internalAdmin',
  'GET /api/admin/imports': 'internalAdmin',
  'GET /api/admin/imports/:id': 'internalAdmin',
  'GET /api/admin/imports/:id/rejects': 'internalAdmin',
  'POST /api/competitive/merchants': 'signedIn',
  'POST /api/competitive/items': 'signedIn',
  'POST /api/competitive/order-history': 'signedIn',
  'POST /api/competitive/win-back': 'signedIn',
  'GET /api/user': 'signedIn',
  'GET /api/user/current-distributor': 'signedIn',
  'POST /api/user/active-distributor/:id': 'signedIn',
  'POST /api/match': 'signedIn',
  'POST /api/full-rebate-deviation/matches': 'signedIn',
  'POST /api/match/feedback': 'signedIn',
  'GET /api/merchant': 'signedIn',
  'GET /api/merchant/with-parents': 'signedIn',
  'GET /api/merchant/available/:id': 'signedIn',
  'GET /api/rebate-deviation': 'signedIn',
  'GET /api/full-rebate-deviation': 'signedIn',
  'GET /api/rebate-deviation/filters': 'signedIn',
  'GET /api/user/all': 'signedIn',
  'GET /api/user/pending': 'signedIn',
  'PATCH /api/user/:id': 'signedIn',
  'PATCH /api/user/merchant-batch/:id': 'signedIn',
  'PATCH /api/user': 'signedIn',
  'POST /api/user/invite': 'inviters',
  'GET /api/distributor/users-of-child': 'leaders',
  'GET /api/distributor/users-of-family': 'leaders',
  'POST /api/user/:id/approve': 'leaders',
  'POST /api/user/:id/reject': 'leaders',
  'DELETE /api/user/:id': 'leaders',
  'POST /api/auth/session': 'internalAdminOrActing',
  'GET /api/distributor/all': 'internalAdmin',
  'GET /api/merchant/all': 'signedIn', // every location of the house for internal admins, one's own for others
  'GET /api/invoice': 'invoiceUsers',
  'GET /api/invoice/:id': 'invoiceUsers',
  'POST /api/invoice': 'invoiceUsers',
  'POST /api/invoice/:id': 'invoiceUsers',
  'GET /api/invoice/image/:attachmentId': 'invoiceUsers',
  'DELETE /api/invoice/:id/image/:imageId': 'invoiceUsers',
  'DELETE /api/invoice/:id': 'invoiceUsers',
  'PUT /api/invoice/:id/items/:itemId': 'invoiceUsers',
  'DELETE /api/invoice/:id/items/:itemId': 'invoiceUsers',
  'POST /api/invoice/:id/items': 'invoiceUsers',
  'POST /api/rebate-checks/pay-periods': 'paymentUsers',
  'POST /api/rebate-checks/checks': 'paymentUsers',
  'POST /api/rebate-checks/check': 'paymentUsers',
  'POST /api/rebate-checks/check-pic': 'paymentUsers',
  'GET /api/rebate-checks/voucher/:checkId': 'paymentUsers',
  'POST /api/rebate-checks/check-details': 'paymentUsers',
  'POST /api/rebate-checks/paynopay-summary': 'paymentUsers',
  'POST /api/rebate-checks/bulk-export': 'paymentUsers',
  'POST /api/rebate-checks/bulk-print': 'paymentUsers',
  'POST /api/business-panel/checks-data': 'internalAdmin',
  // Internal admin tools (spec: accounts-and-administration.md §2.9 Admin Panel, §2.11 Admin Dashboard)
  'GET /api/auth/impersonation': 'signedIn',
  'GET /api/distributor': 'signedIn', // one's own houses; another user's for their family's leaders and internal admins
  'GET /api/admin/audit': 'internalAdmin',
  'GET /api/distributor/allParents': 'internalAdmin',
  'GET /api/distributor/children/:id': 'internalAdmin',
  'GET /api/admin/users': 'internalAdmin',
  'PATCH /api/admin/user/:id': 'internalAdmin',
  'POST /api/admin/user/invite': 'internalAdmin',
  'GET /api/user/deactivate/:id': 'internalAdmin',
  'POST /api/announcement': 'internalAdmin',
  'PATCH /api/announcement/:id': 'internalAdmin',
  'DELETE /api/announcement/:id': 'internalAdmin',
  'GET /api/rebate-checks/dsr': 'internalAdmin',
  'GET /api/rebate-checks/dsr/distributors': 'internalAdmin',
  'POST /api/rebate-checks/update-dsr': 'internalAdmin',
  'DELETE /api/rebate-checks/dsr': 'internalAdmin',
  // The generated API reference (docs/api.md): it maps every route, admin tools included, so it is
  // the GPO's staff who hand it to an integrator, not something any account can read.
  'GET /api/openapi.json': 'internalAdmin',
  'GET /api/docs': 'internalAdmin',
  // Internal admins, and an admin acting as the user (the dashboard's load-speed test)
  'GET /api/test/dash/load-speeds': 'internalAdminOrActing',
};

/** What the gate answers (403) a signed-in caller outside a route's audience. */
export const AUDIENCE_REFUSAL: Readonly<Record<Exclude<Audience, 'public' | 'signedIn'>, string>> = {
  inviters: 'Distributor Reps may not invite users.',
  leaders: 'Only Admin and Leadership users may do this.',
  internalAdmin: 'Only internal admins may do this.',
  internalAdminOrActing: 'Only internal admins may do this.',
  invoiceUsers: 'Invoice scanning is not enabled for your account.',
  intelUsers: 'Intel is not enabled for your account.',
  paymentUsers: 'Payment information is not enabled for your account.',
};

/**
 * Routes whose refusal must not say more than their row check does: a house's user lists answer
 * everyone refused the same, so a refusal does not tell a role rule from another family's house.
 */
const ROUTE_REFUSAL: Readonly<Record<string, string>> = {
  'GET /api/distributor/users-of-child': 'You may not see the users of this distributor.',
  'GET /api/distributor/users-of-family': 'You may not see the users of this distributor.',
};

/** The refusal of a route ('METHOD /path') for a caller outside its audience. */
export const refusalOf = (route: string, audience: Exclude<Audience, 'public' | 'signedIn'>): string =>
  ROUTE_REFUSAL[route] ?? AUDIENCE_REFUSAL[audience];

export interface Caller {
  title: Title | null;
  internalAdmin: boolean;
  /** The user's invoice scanning flag (only the invoiceUsers audience reads it). */
  displayInvoice?: boolean;
  /** The user's Intel flag (only the intelUsers audience reads it). */
  displayIntel?: boolean;
  /** The user's payment information flag (only the paymentUsers audience reads it). */
  displayPaymentInfo?: boolean;
  /** An internal admin acts through this session (only the internalAdminOrActing audience reads it). */
  actingAdmin?: boolean;
}

/** Whether a caller (null: not logged in) belongs to the audience. */
export function audienceAllows(audience: Audience, caller: Caller | null): boolean {
  if (audience === 'public') return true;
  if (caller === null) return false;
  switch (audience) {
    case 'signedIn':
      return true;
    case 'inviters':
      return caller.internalAdmin || (caller.title !== null && caller.title !== 'Distributor Rep');
    case 'leaders':
      return caller.internalAdmin || caller.title === 'Admin' || caller.title === 'Leadership';
    case 'internalAdmin':
      return caller.internalAdmin;
    case 'internalAdminOrActing':
      return caller.internalAdmin || caller.actingAdmin === true;
    case 'invoiceUsers':
      return caller.internalAdmin || caller.displayInvoice === true;
    case 'intelUsers':
      return caller.internalAdmin || caller.displayIntel === true;
    case 'paymentUsers':
      return caller.internalAdmin || caller.displayPaymentInfo === true;
  }
}

/**
 * What a call does, for the impersonation audit log: a GET reads and every other method writes,
 * but for the routes named here: the POSTs that only read (read-only-posts.ts), which carry a
 * question in their body (dates, merchants, rows to print) and change nothing, and the GET that
 * is the spec's (§7) way to deactivate a user.
 */
export const ROUTE_EFFECT_EXCEPTIONS: Readonly<Record<string, 'read' | 'write'>> = {
  ...Object.fromEntries(READ_ONLY_POSTS.map((path) => [`POST ${path}`, 'read' as const])),
  'GET /api/user/deactivate/:id': 'write',
};

/** Whether a call ('METHOD /api/path', the route's pattern) reads or writes. */
export function routeEffect(route: string): 'read' | 'write' {
  const exception = ROUTE_EFFECT_EXCEPTIONS[route];
  if (exception) return exception;
  return route.startsWith('GET ') || route.startsWith('HEAD ') ? 'read' : 'write';
}
