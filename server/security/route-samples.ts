// The requests of the security tests: per registered route, a plausible call (SAMPLES) and the
// same call naming another family's ids (FOREIGN). A new route must join both, or
// route-matrix.test.ts fails naming it.
import type { InjectOptions } from 'fastify';
import type pg from 'pg';
import { payPeriods } from '../../src/model/payments.ts';

/** Ids of the demo data: Harbor's (the callers' family, but for ops) and Summit's (another family). */
export interface Ids {
  bostonId: number;
  bostonPlatformId: string;
  harborMerchant: number;
  harborRep: number;
  harborUser: number;
  summitHouse: number;
  summitPlatformId: string;
  summitMerchant: number;
  summitUser: number;
  item: { min: string; manufacturerPlatformId: string };
  harborInvoice: number;
  harborInvoiceImage: number;
  summitInvoice: number;
  summitInvoiceImage: number;
  /** A line read from each of those invoices. */
  harborInvoiceItem: number;
  summitInvoiceItem: number;
  /** The current quarter ('{yy}Q{n}') and a paid check of it: Boston's (seen by the leader) and Summit's. */
  quarter: string;
  harborCheck: number;
  summitCheck: number;
}

export type Sample = (ids: Ids) => InjectOptions;
const checks = (ids: Ids, merchant: number) => ({ timeframe: ids.quarter, merchantIds: [merchant] });
const bulk = (ids: Ids, merchant: number) => ({ ...checks(ids, merchant), getVouchers: true, getCheckDetails: true });
const oneCheck = (ids: Ids, merchant: number) => ({ timeframe: ids.quarter, merchantId: merchant });
/** A spreadsheet row the business panel accepts. */
const sheetRow = { 'Account MAP Relationship': 'Harbor Foods Boston - Matrix', 'Account Name': 'Matrix Diner', 'Check Number': '100200', 'Check Amount': 125.5 };
/** A line as a reviewer corrects or types it in. */
const invoiceLine = { itemCode: '10413370', description: 'Salmon Fillet Atlantic Skin On', brand: 'North Sea', pack: '10 LB', uom: 'CS', quantity: 3, unitPrice: 124.9, totalPrice: 374.7 };
const range = { startDate: '2026-10-01', endDate: '2026-10-31', showRebates: 1, showDeviations: 1 };

/** A plausible request per route, so a refusal is about who asks, not about the body. */
export const SAMPLES: Record<string, Sample> = {
  'GET /api/health': () => ({ method: 'GET', url: '/api/health' }),
  'GET /api/status': () => ({ method: 'GET', url: '/api/status' }),
  'POST /api/auth/login': () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@x.test', password: 'wrong-guess' } }),
  'POST /api/auth/sign-up': () => ({ method: 'POST', url: '/api/auth/sign-up', payload: { partnerPlatformId: 'CP-999999' } }),
  'POST /api/auth/activate/:token': () => ({ method: 'POST', url: `/api/auth/activate/${'a'.repeat(43)}` }),
  'POST /api/auth/confirm-email/:token': () => ({ method: 'POST', url: `/api/auth/confirm-email/${'a'.repeat(43)}` }),
  'POST /api/auth/approve-email-change/:token': () => ({ method: 'POST', url: `/api/auth/approve-email-change/${'a'.repeat(43)}` }),
  'POST /api/auth/request-password-reset': () => ({ method: 'POST', url: '/api/auth/request-password-reset', payload: {} }),
  'POST /api/auth/reset-password/:token': () => ({ method: 'POST', url: `/api/auth/reset-password/${'a'.repeat(43)}`, payload: {} }),
  'GET /api/auth/microsoft/config': () => ({ method: 'GET', url: '/api/auth/microsoft/config' }),
  'POST /api/auth/microsoft': () => ({ method: 'POST', url: '/api/auth/microsoft', payload: {} }),
  'POST /api/auth/logout': () => ({ method: 'POST', url: '/api/auth/logout' }),
  'POST /api/user/change-password': () => ({ method: 'POST', url: '/api/user/change-password', payload: {} }),
  'GET /api/digest/preferences': () => ({ method: 'GET', url: '/api/digest/preferences' }),
  'POST /api/digest/preferences': () => ({ method: 'POST', url: '/api/digest/preferences', payload: { frequency: 'weekly', sections: ['winBack'], timeZone: 'UTC' } }),
  // A token of the right shape that the server did not sign: the link of nobody.
  'GET /api/digest/unsubscribe': (ids) => ({ method: 'GET', url: `/api/digest/unsubscribe?token=${ids.harborUser}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` }),
  'POST /api/digest/unsubscribe': (ids) => ({ method: 'POST', url: `/api/digest/unsubscribe?token=${ids.harborUser}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` }),
  'GET /api/alerts': () => ({ method: 'GET', url: '/api/alerts' }),
  'POST /api/alerts/read': () => ({ method: 'POST', url: '/api/alerts/read' }),
  'POST /api/analytics/user-sessions': () => ({ method: 'POST', url: '/api/analytics/user-sessions', payload: {} }),
  'GET /api/analytics/user-sessions': (ids) => ({ method: 'GET', url: `/api/analytics/user-sessions?user_id=${ids.harborRep}` }),
  'GET /api/announcement': () => ({ method: 'GET', url: '/api/announcement' }),
  'POST /api/dashboard': () => ({ method: 'POST', url: '/api/dashboard', payload: { ...range, merchants: [] } }),
  'POST /api/dashboard/lost-volume': () => ({ method: 'POST', url: '/api/dashboard/lost-volume', payload: { merchantIds: [] } }),
  'POST /api/dashboard/monthly-volume': () => ({ method: 'POST', url: '/api/dashboard/monthly-volume', payload: { merchantIds: [] } }),
  'POST /api/intel': (ids) => ({ method: 'POST', url: '/api/intel', payload: { startDate: range.startDate, endDate: range.endDate, merchants: [{ id: ids.harborMerchant, merchant: 'x' }] } }),
  'GET /api/debug/details/:merchantId': (ids) => ({ method: 'GET', url: `/api/debug/details/${ids.harborMerchant}?startDate=${range.startDate}&endDate=${range.endDate}` }),
  'POST /api/competitive/merchants': () => ({ method: 'POST', url: '/api/competitive/merchants', payload: { startDate: range.startDate, endDate: range.endDate } }),
  'POST /api/competitive/items': (ids) => ({ method: 'POST', url: '/api/competitive/items', payload: { startDate: range.startDate, endDate: range.endDate, merchantId: ids.harborMerchant } }),
  'POST /api/competitive/order-history': (ids) => ({ method: 'POST', url: '/api/competitive/order-history', payload: { startDate: range.startDate, endDate: range.endDate, showLineItems: true, merchants: [{ id: ids.harborMerchant, merchant: 'x' }] } }),
  'POST /api/competitive/win-back': (ids) => ({ method: 'POST', url: '/api/competitive/win-back', payload: { startDate: range.startDate, endDate: range.endDate, merchantId: ids.harborMerchant } }),
  'GET /api/user': () => ({ method: 'GET', url: '/api/user' }),
  'GET /api/user/current-distributor': () => ({ method: 'GET', url: '/api/user/current-distributor' }),
  'POST /api/user/active-distributor/:id': (ids) => ({ method: 'POST', url: `/api/user/active-distributor/${ids.bostonId}` }),
  'POST /api/match': (ids) => ({ method: 'POST', url: '/api/match', payload: { ...ids.item, merchantPlatformId: 'MP-1', startDate: range.startDate, endDate: range.endDate } }),
  'POST /api/full-rebate-deviation/matches': (ids) => ({ method: 'POST', url: '/api/full-rebate-deviation/matches', payload: ids.item }),
  'POST /api/match/feedback': (ids) => ({ method: 'POST', url: '/api/match/feedback', payload: { min: ids.item.min } }),
  'GET /api/merchant': () => ({ method: 'GET', url: '/api/merchant' }),
  'GET /api/merchant/with-parents': () => ({ method: 'GET', url: '/api/merchant/with-parents' }),
  'GET /api/merchant/available/:id': (ids) => ({ method: 'GET', url: `/api/merchant/available/${ids.harborRep}` }),
  'GET /api/rebate-deviation': () => ({ method: 'GET', url: '/api/rebate-deviation?page=1' }),
  'GET /api/full-rebate-deviation': () => ({ method: 'GET', url: '/api/full-rebate-deviation?page=1' }),
  'GET /api/rebate-deviation/filters': () => ({ method: 'GET', url: '/api/rebate-deviation/filters' }),
  'GET /api/user/all': () => ({ method: 'GET', url: '/api/user/all' }),
  'GET /api/user/pending': () => ({ method: 'GET', url: '/api/user/pending' }),
  'PATCH /api/user/:id': (ids) => ({ method: 'PATCH', url: `/api/user/${ids.harborRep}`, payload: {} }),
  // Bodies the codecs refuse: the samples must not change the demo users the other roles read.
  'PATCH /api/user/merchant-batch/:id': (ids) => ({ method: 'PATCH', url: `/api/user/merchant-batch/${ids.harborRep}`, payload: {} }),
  'PATCH /api/user': () => ({ method: 'PATCH', url: '/api/user', payload: {} }),
  'POST /api/user/invite': () => ({
    method: 'POST', url: '/api/user/invite',
    payload: { contactName: 'Ivy Invitee', email: 'ivy.matrix@harbor.test', title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, siteUrl: 'http://127.0.0.1:5301', locations: ['NONE'] },
  }),
  'GET /api/distributor/users-of-child': (ids) => ({ method: 'GET', url: `/api/distributor/users-of-child?platformId=${ids.bostonPlatformId}` }),
  'GET /api/distributor/users-of-family': (ids) => ({ method: 'GET', url: `/api/distributor/users-of-family?platformId=${ids.bostonPlatformId}` }),
  'POST /api/user/:id/approve': (ids) => ({ method: 'POST', url: `/api/user/${ids.harborRep}/approve` }),
  'POST /api/user/:id/reject': (ids) => ({ method: 'POST', url: `/api/user/${ids.harborRep}/reject` }),
  'DELETE /api/user/:id': (ids) => ({ method: 'DELETE', url: `/api/user/${ids.harborUser}` }),
  'POST /api/auth/session': (ids) => ({ method: 'POST', url: '/api/auth/session', payload: { id: ids.harborRep, reason: 'Route matrix check' } }),
  'GET /api/distributor/all': () => ({ method: 'GET', url: '/api/distributor/all' }),
  'GET /api/merchant/all': () => ({ method: 'GET', url: '/api/merchant/all' }),
  'GET /api/invoice': () => ({ method: 'GET', url: '/api/invoice' }),
  'GET /api/invoice/:id': (ids) => ({ method: 'GET', url: `/api/invoice/${ids.harborInvoice}` }),
  'POST /api/invoice': () => ({ method: 'POST', url: '/api/invoice', payload: {} }),
  'POST /api/invoice/:id': (ids) => ({ method: 'POST', url: `/api/invoice/${ids.harborInvoice}`, payload: {} }),
  'GET /api/invoice/image/:attachmentId': (ids) => ({ method: 'GET', url: `/api/invoice/image/${ids.harborInvoiceImage}` }),
  // A missing image and invoice: the sample must not delete the demo data the other roles read.
  'DELETE /api/invoice/:id/image/:imageId': (ids) => ({ method: 'DELETE', url: `/api/invoice/${ids.harborInvoice}/image/2147483647` }),
  'DELETE /api/invoice/:id': () => ({ method: 'DELETE', url: '/api/invoice/2147483647' }),
  // Correcting a demo line, adding one: no other test reads them. Deleting names a missing line.
  'PUT /api/invoice/:id/items/:itemId': (ids) => ({ method: 'PUT', url: `/api/invoice/${ids.harborInvoice}/items/${ids.harborInvoiceItem}`, payload: invoiceLine }),
  'DELETE /api/invoice/:id/items/:itemId': (ids) => ({ method: 'DELETE', url: `/api/invoice/${ids.harborInvoice}/items/2147483647` }),
  'POST /api/invoice/:id/items': (ids) => ({ method: 'POST', url: `/api/invoice/${ids.harborInvoice}/items`, payload: invoiceLine }),
  // No file: an admin gets 400, anyone else is refused before the body is read.
  'POST /api/admin/imports': () => ({ method: 'POST', url: '/api/admin/imports', payload: {} }),
  'GET /api/admin/imports': () => ({ method: 'GET', url: '/api/admin/imports' }),
  'GET /api/admin/imports/:id': () => ({ method: 'GET', url: '/api/admin/imports/2147483647' }),
  'GET /api/admin/imports/:id/rejects': () => ({ method: 'GET', url: '/api/admin/imports/2147483647/rejects' }),
  'POST /api/rebate-checks/pay-periods': () => ({ method: 'POST', url: '/api/rebate-checks/pay-periods', payload: {} }),
  'POST /api/rebate-checks/checks': (ids) => ({ method: 'POST', url: '/api/rebate-checks/checks', payload: checks(ids, ids.harborMerchant) }),
  'POST /api/rebate-checks/check': (ids) => ({ method: 'POST', url: '/api/rebate-checks/check', payload: oneCheck(ids, ids.harborMerchant) }),
  'POST /api/rebate-checks/check-pic': (ids) => ({ method: 'POST', url: '/api/rebate-checks/check-pic', payload: oneCheck(ids, ids.harborMerchant) }),
  'GET /api/rebate-checks/voucher/:checkId': (ids) => ({ method: 'GET', url: `/api/rebate-checks/voucher/${ids.harborCheck}` }),
  'POST /api/rebate-checks/check-details': (ids) => ({ method: 'POST', url: '/api/rebate-checks/check-details', payload: oneCheck(ids, ids.harborMerchant) }),
  'POST /api/rebate-checks/paynopay-summary': (ids) => ({ method: 'POST', url: '/api/rebate-checks/paynopay-summary', payload: checks(ids, ids.harborMerchant) }),
  'POST /api/rebate-checks/bulk-export': (ids) => ({ method: 'POST', url: '/api/rebate-checks/bulk-export', payload: bulk(ids, ids.harborMerchant) }),
  'POST /api/rebate-checks/bulk-print': (ids) => ({ method: 'POST', url: '/api/rebate-checks/bulk-print', payload: bulk(ids, ids.harborMerchant) }),
  'POST /api/business-panel/checks-data': () => ({ method: 'POST', url: '/api/business-panel/checks-data', payload: { type: 'checks', rows: [sheetRow] } }),
  // Internal admin tools: samples that name missing records where a call would destroy demo data.
  'GET /api/auth/impersonation': () => ({ method: 'GET', url: '/api/auth/impersonation' }),
  'GET /api/distributor': (ids) => ({ method: 'GET', url: `/api/distributor?userId=${ids.harborRep}` }),
  'GET /api/admin/audit': () => ({ method: 'GET', url: '/api/admin/audit?event=start' }),
  'GET /api/distributor/allParents': () => ({ method: 'GET', url: '/api/distributor/allParents' }),
  'GET /api/distributor/children/:id': (ids) => ({ method: 'GET', url: `/api/distributor/children/${ids.summitHouse}` }),
  'GET /api/admin/users': (ids) => ({ method: 'GET', url: `/api/admin/users?distributorId=${ids.bostonId}` }),
  'PATCH /api/admin/user/:id': (ids) => ({ method: 'PATCH', url: `/api/admin/user/${ids.harborRep}`, payload: {} }),
  'POST /api/admin/user/invite': (ids) => ({
    method: 'POST', url: '/api/admin/user/invite',
    payload: { contactName: 'Ivy Invitee', email: 'ivy.admin.matrix@harbor.test', title: 'Distributor Rep', locations: [], displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, distributorId: ids.bostonId, referredPartnerId: 2147483647, siteUrl: 'http://127.0.0.1:5301' },
  }),
  'GET /api/user/deactivate/:id': () => ({ method: 'GET', url: '/api/user/deactivate/999999999' }),
  'POST /api/announcement': () => ({ method: 'POST', url: '/api/announcement', payload: { text: 'Route matrix notice' } }),
  'PATCH /api/announcement/:id': () => ({ method: 'PATCH', url: '/api/announcement/999999999', payload: { text: 'Changed' } }),
  'DELETE /api/announcement/:id': () => ({ method: 'DELETE', url: '/api/announcement/999999999' }),
  'GET /api/rebate-checks/dsr': () => ({ method: 'GET', url: '/api/rebate-checks/dsr' }),
  'GET /api/rebate-checks/dsr/distributors': () => ({ method: 'GET', url: '/api/rebate-checks/dsr/distributors?email=rep.matrix@portal.test' }),
  'POST /api/rebate-checks/update-dsr': (ids) => ({
    method: 'POST', url: '/api/rebate-checks/update-dsr', payload: { email: 'rep.matrix@portal.test', name: 'Matrix Rep', role: 'manager', distributors: [ids.bostonId] },
  }),
  'DELETE /api/rebate-checks/dsr': () => ({ method: 'DELETE', url: '/api/rebate-checks/dsr?email=nobody.rep@portal.test' }),
  'GET /api/openapi.json': () => ({ method: 'GET', url: '/api/openapi.json' }),
  'GET /api/docs': () => ({ method: 'GET', url: '/api/docs' }),
  'GET /api/test/dash/load-speeds': (ids) => ({ method: 'GET', url: `/api/test/dash/load-speeds?userId=${ids.harborRep}&adminEmail=admin@portal.test&amountOfReqsToMake=1` }),
};

/**
 * Per route, the same call naming Summit's ids (another family's) as a Harbor user would, or
 * 'no ids' for a route that takes none (it is scoped by who asks).
 */
export const FOREIGN: Record<string, Sample | 'no ids'> = {
  ...Object.fromEntries(Object.keys(SAMPLES).map((k) => [k, 'no ids' as const])),
  'GET /api/analytics/user-sessions': (ids) => ({ method: 'GET', url: `/api/analytics/user-sessions?user_id=${ids.summitUser}` }),
  'POST /api/dashboard': (ids) => ({ method: 'POST', url: '/api/dashboard', payload: { ...range, merchants: [ids.summitMerchant] } }),
  'POST /api/dashboard/lost-volume': (ids) => ({ method: 'POST', url: '/api/dashboard/lost-volume', payload: { merchantIds: [ids.summitMerchant] } }),
  'POST /api/dashboard/monthly-volume': (ids) => ({ method: 'POST', url: '/api/dashboard/monthly-volume', payload: { merchantIds: [ids.summitMerchant] } }),
  'POST /api/intel': (ids) => ({ method: 'POST', url: '/api/intel', payload: { startDate: range.startDate, endDate: range.endDate, merchants: [{ id: ids.summitMerchant, merchant: 'x' }], monthly: true } }),
  'POST /api/competitive/items': (ids) => ({ method: 'POST', url: '/api/competitive/items', payload: { startDate: range.startDate, endDate: range.endDate, merchantId: ids.summitMerchant } }),
  'POST /api/competitive/order-history': (ids) => ({ method: 'POST', url: '/api/competitive/order-history', payload: { startDate: range.startDate, endDate: range.endDate, showLineItems: true, merchants: [{ id: ids.summitMerchant, merchant: 'x' }] } }),
  'POST /api/competitive/win-back': (ids) => ({ method: 'POST', url: '/api/competitive/win-back', payload: { startDate: range.startDate, endDate: range.endDate, merchantId: ids.summitMerchant } }),
  'POST /api/user/active-distributor/:id': (ids) => ({ method: 'POST', url: `/api/user/active-distributor/${ids.summitHouse}` }),
  'POST /api/digest/unsubscribe': (ids) => ({ method: 'POST', url: `/api/digest/unsubscribe?token=${ids.summitUser}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` }),
  'GET /api/merchant/available/:id': (ids) => ({ method: 'GET', url: `/api/merchant/available/${ids.summitUser}` }),
  'GET /api/distributor': (ids) => ({ method: 'GET', url: `/api/distributor?userId=${ids.summitUser}` }),
  'PATCH /api/user/merchant-batch/:id': (ids) => ({
    method: 'PATCH', url: `/api/user/merchant-batch/${ids.summitUser}`, payload: { inviteAll: false, locations: [String(ids.summitMerchant)] },
  }),
  'PATCH /api/user/:id': (ids) => ({
    method: 'PATCH', url: `/api/user/${ids.summitUser}`,
    payload: { email: 'taken.over@evil.test', title: 'Leadership', displayPaymentInfo: true, inviteAll: true, locations: [] },
  }),
  'POST /api/user/invite': (ids) => ({
    method: 'POST', url: '/api/user/invite',
    payload: { contactName: 'Ivy Invitee', email: 'ivy.foreign@evil.test', title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, siteUrl: 'http://127.0.0.1:5301', locations: [String(ids.summitMerchant)] },
  }),
  'GET /api/distributor/users-of-child': (ids) => ({ method: 'GET', url: `/api/distributor/users-of-child?platformId=${ids.summitPlatformId}` }),
  'GET /api/distributor/users-of-family': (ids) => ({ method: 'GET', url: `/api/distributor/users-of-family?platformId=${ids.summitPlatformId}` }),
  'POST /api/user/:id/approve': (ids) => ({ method: 'POST', url: `/api/user/${ids.summitUser}/approve` }),
  'POST /api/user/:id/reject': (ids) => ({ method: 'POST', url: `/api/user/${ids.summitUser}/reject` }),
  'DELETE /api/user/:id': (ids) => ({ method: 'DELETE', url: `/api/user/${ids.summitUser}` }),
  'POST /api/match': (ids) => ({ method: 'POST', url: '/api/match', payload: { ...ids.item, merchantPlatformId: `MP-${ids.summitMerchant}`, startDate: range.startDate, endDate: range.endDate } }),
  'GET /api/invoice/:id': (ids) => ({ method: 'GET', url: `/api/invoice/${ids.summitInvoice}` }),
  'POST /api/invoice/:id': (ids) => ({ method: 'POST', url: `/api/invoice/${ids.summitInvoice}`, payload: {} }),
  'GET /api/invoice/image/:attachmentId': (ids) => ({ method: 'GET', url: `/api/invoice/image/${ids.summitInvoiceImage}` }),
  'DELETE /api/invoice/:id/image/:imageId': (ids) => ({ method: 'DELETE', url: `/api/invoice/${ids.summitInvoice}/image/${ids.summitInvoiceImage}` }),
  'DELETE /api/invoice/:id': (ids) => ({ method: 'DELETE', url: `/api/invoice/${ids.summitInvoice}` }),
  'PUT /api/invoice/:id/items/:itemId': (ids) => ({ method: 'PUT', url: `/api/invoice/${ids.summitInvoice}/items/${ids.summitInvoiceItem}`, payload: invoiceLine }),
  'DELETE /api/invoice/:id/items/:itemId': (ids) => ({ method: 'DELETE', url: `/api/invoice/${ids.summitInvoice}/items/${ids.summitInvoiceItem}` }),
  'POST /api/invoice/:id/items': (ids) => ({ method: 'POST', url: `/api/invoice/${ids.summitInvoice}/items`, payload: invoiceLine }),
  'POST /api/rebate-checks/checks': (ids) => ({ method: 'POST', url: '/api/rebate-checks/checks', payload: checks(ids, ids.summitMerchant) }),
  'POST /api/rebate-checks/check': (ids) => ({ method: 'POST', url: '/api/rebate-checks/check', payload: oneCheck(ids, ids.summitMerchant) }),
  'POST /api/rebate-checks/check-pic': (ids) => ({ method: 'POST', url: '/api/rebate-checks/check-pic', payload: oneCheck(ids, ids.summitMerchant) }),
  'GET /api/rebate-checks/voucher/:checkId': (ids) => ({ method: 'GET', url: `/api/rebate-checks/voucher/${ids.summitCheck}` }),
  'POST /api/rebate-checks/check-details': (ids) => ({ method: 'POST', url: '/api/rebate-checks/check-details', payload: oneCheck(ids, ids.summitMerchant) }),
  'POST /api/rebate-checks/paynopay-summary': (ids) => ({ method: 'POST', url: '/api/rebate-checks/paynopay-summary', payload: checks(ids, ids.summitMerchant) }),
  'POST /api/rebate-checks/bulk-export': (ids) => ({ method: 'POST', url: '/api/rebate-checks/bulk-export', payload: bulk(ids, ids.summitMerchant) }),
  'POST /api/rebate-checks/bulk-print': (ids) => ({ method: 'POST', url: '/api/rebate-checks/bulk-print', payload: bulk(ids, ids.summitMerchant) }),
};

const family = (name: string) => `(select id from distributors where nickname = '${name}')`;
/** SQL: `col` names a house of the family (or its head). */
export const inFamily = (col: string, name: string) => `${col} in (select id from distributors where id = ${family(name)} or parent_id = ${family(name)})`;

/** The demo data's ids the samples use. */
export async function loadIds(pool: pg.Pool): Promise<Ids> {
  const one = async (sql: string) => (await pool.query(sql)).rows[0];
  return {
    bostonId: (await one(`select id from distributors where nickname = 'Harbor Foods Boston'`)).id,
    bostonPlatformId: (await one(`select platform_id from distributors where nickname = 'Harbor Foods Boston'`)).platform_id,
    harborMerchant: (await one(`select merchant_id as id from merchant_accounts where ${inFamily('distributor_id', 'Harbor Foods (PA)')} order by 1 limit 1`)).id,
    harborRep: (await one(`select id from users where email = 'rep@harbor.test'`)).id,
    harborUser: (await one(`select id from users where email not like '%@harbor.test' and email not like '%portal.test' and ${inFamily('channel_partner_id', 'Harbor Foods (PA)')} order by id limit 1`)).id,
    summitHouse: (await one(`select id from distributors where parent_id = ${family('Summit Provisions (PA)')} order by id limit 1`)).id,
    summitPlatformId: (await one(`select platform_id from distributors where parent_id = ${family('Summit Provisions (PA)')} order by id limit 1`)).platform_id,
    summitMerchant: (await one(`select merchant_id as id from merchant_accounts a where ${inFamily('a.distributor_id', 'Summit Provisions (PA)')}
      and not exists (select 1 from merchant_accounts b where b.merchant_id = a.merchant_id and ${inFamily('b.distributor_id', 'Harbor Foods (PA)')}) order by 1 limit 1`)).id,
    summitUser: (await one(`select id from users where ${inFamily('channel_partner_id', 'Summit Provisions (PA)')} and email <> 'ops@summit.test' order by id limit 1`)).id,
    item: await one(`select i.min, m.platform_id as "manufacturerPlatformId" from items i join manufacturers m on m.id = i.manufacturer_id order by i.id limit 1`),
    harborInvoice: (await one(`select id from invoices where distributor_id = ${family('Harbor Foods Boston')} order by id limit 1`)).id,
    harborInvoiceImage: (await one(`select g.id from invoice_images g join invoices i on i.id = g.invoice_id where i.distributor_id = ${family('Harbor Foods Boston')} order by g.id limit 1`)).id,
    summitInvoice: (await one(`select id from invoices where ${inFamily('distributor_id', 'Summit Provisions (PA)')} order by id limit 1`)).id,
    quarter: payPeriods(new Date())[0]!.value,
    harborCheck: (await one(`select c.id from rebate_checks c where c.distributor_id = ${family('Harbor Foods Boston')} and c.status = 'Paid' order by c.id limit 1`)).id,
    summitCheck: (await one(`select c.id from rebate_checks c where ${inFamily('c.distributor_id', 'Summit Provisions (PA)')} and c.status = 'Paid' order by c.id limit 1`)).id,
    harborInvoiceItem: (await one(`select min(id) as id from invoice_items where invoice_id = (select id from invoices where distributor_id = ${family('Harbor Foods Boston')} order by id limit 1)`)).id,
    summitInvoiceItem: (await one(`select min(id) as id from invoice_items where invoice_id = (select id from invoices where ${inFamily('distributor_id', 'Summit Provisions (PA)')} order by id limit 1)`)).id,
    summitInvoiceImage: (await one(`select g.id from invoice_images g join invoices i on i.id = g.invoice_id where ${inFamily('i.distributor_id', 'Summit Provisions (PA)')} order by g.id limit 1`)).id,
  };
}
