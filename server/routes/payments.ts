import * as t from 'io-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routesUsing } from '../plugins/services.ts';
import { attachment } from '../documents/content-disposition.ts';
import { payNoPayWorkbook } from '../documents/pay-no-pay.ts';
import { drawCheckDetails, drawVoucher, pdfBuffer } from '../documents/pdf.ts';
import { fromRebateCheck } from '../documents/voucher-data.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { MerchantFilter, StoredCheck } from '../repositories/payments.ts';
import { selectMerchants, visibleAmong, type Scope } from '../scope/visible-merchants.ts';
import { documentStream } from '../workers/documents.ts';
import {
  BULK_LIMIT, BULK_TOO_LARGE, BulkPayload, bulkExportName, bulkPrintName, CheckPayload, checkDetailsName, ChecksListPayload, ChecksPayload,
  DEFAULT_SORT, NOTHING_TO_EXPORT, PayPeriodsPayload, payNoPayName, payPeriods, quarterLabel, sortChecks, voucherName,
  voucherUrl, VoucherParams, CheckAnswer, CheckSummaries, QuarterOptions, RebateChecks, type CheckSummary, type QuarterOption, type RebateCheck,
} from '../../src/model/payments.ts';
import { contentAnswer, fileAnswer, routeSchema } from '../http/route-schema.ts';

export const NO_CHECK_MESSAGE = 'No Check For This Quarter';
export const NO_CHECKS_MESSAGE = 'No Checks For This Quarter';
export const SELECT_CHECKS_MESSAGE = 'Select at least one check.';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Strips the database id: the client knows a check by merchant and quarter. */
const publicCheck = ({ id: _id, ...check }: StoredCheck): RebateCheck => check;

const bulkDocument = (body: BulkPayload, checks: RebateCheck[]) => ({
  timeframe: body.timeframe, checks, getVouchers: body.getVouchers, getCheckDetails: body.getCheckDetails,
});

/**
 * Payment Information (accounts spec §2.7): the code calls the area `payments` everywhere; its API
 * paths keep the spec's own names (`/rebate-checks/...`), which the spec's clients call.
 */
export const paymentRoutes = routesUsing(['payments', 'scope'], async (app) => {
  const repo = app.payments;

  // The gate checked the caller's flag; View As then narrows whose merchants (the intel rule).
  const paymentScope = (request: FastifyRequest): Promise<Scope> => request.scope.visible();

  /** The body's merchants inside the scope (none named: every visible one); ids outside are dropped silently. */
  async function merchantsOf(scope: Scope, requested: readonly number[]): Promise<MerchantFilter> {
    const selection = await selectMerchants(app.scope, scope, requested);
    return selection.all ? null : selection.merchantIds;
  }

  async function oneCheck(scope: Scope, timeframe: string, merchantId: number): Promise<StoredCheck | null> {
    const visible = await visibleAmong(app.scope, scope, [merchantId]);
    if (visible.length === 0) return null;
    const [check] = await repo.checksWithBreakdowns(scope.distributorId, timeframe, visible);
    return check ?? null;
  }

  /** The checks a bulk call names, in the list's order. */
  async function bulkChecks(request: FastifyRequest) {
    const body = validate(BulkPayload, request.body, 'body');
    if (!body.getVouchers && !body.getCheckDetails) throw badRequest(NOTHING_TO_EXPORT);
    if (body.merchantIds.length === 0) throw badRequest(SELECT_CHECKS_MESSAGE);
    if (body.merchantIds.length > BULK_LIMIT) throw badRequest(BULK_TOO_LARGE);
    const scope = await paymentScope(request);
    const merchants = await visibleAmong(app.scope, scope, body.merchantIds);
    // The documents show the breakdowns: loaded here, never asked of the client.
    const checks = merchants.length ? await repo.checksWithBreakdowns(scope.distributorId, body.timeframe, merchants) : [];
    if (checks.length === 0) throw notFound(NO_CHECKS_MESSAGE);
    return { body, checks: sortChecks(checks.map(publicCheck), body.sortState ?? DEFAULT_SORT) };
  }

  const download = (reply: FastifyReply, type: string, fileName: string) => reply.type(type).header('content-disposition', attachment(fileName));

  app.post('/rebate-checks/pay-periods', { schema: routeSchema('Payments', 'The quarters with checks', { body: PayPeriodsPayload, answer: QuarterOptions }) }, async (request): Promise<QuarterOption[]> => {
    validate(PayPeriodsPayload, request.body ?? {}, 'body');
    await paymentScope(request);
    return payPeriods(new Date());
  });

  // Without breakdowns unless asked: the list shows none, and a large house's would be megabytes
  // (spec: accounts-and-administration.md §2.7); the side panel's POST /check carries its own.
  app.post('/rebate-checks/checks', { schema: routeSchema('Payments', 'The checks of a quarter (with breakdowns: true, each whole)', { body: ChecksListPayload, answer: t.union([RebateChecks, CheckSummaries]) }) }, async (request): Promise<CheckSummary[] | RebateCheck[]> => {
    const body = validate(ChecksListPayload, request.body, 'body');
    const scope = await paymentScope(request);
    const merchants = await merchantsOf(scope, body.merchantIds);
    if (merchants !== null && merchants.length === 0) return [];
    if (body.breakdowns) return (await repo.checksWithBreakdowns(scope.distributorId, body.timeframe, merchants)).map(publicCheck);
    return repo.checks(scope.distributorId, body.timeframe, merchants);
  });

  app.post('/rebate-checks/check', { schema: routeSchema('Payments', 'A location’s check of a quarter', { body: CheckPayload, answer: CheckAnswer }) }, async (request): Promise<CheckAnswer> => {
    const body = validate(CheckPayload, request.body, 'body');
    const check = await oneCheck(await paymentScope(request), body.timeframe, body.merchantId);
    return check ? publicCheck(check) : { sfid: null };
  });

  // The voucher's address; the client fetches it with its bearer token like any call.
  app.post('/rebate-checks/check-pic', { schema: routeSchema('Payments', 'The address of a check’s voucher', { body: CheckPayload, answer: contentAnswer('The voucher’s path', { 'text/plain': { type: 'string' } }) }) }, async (request, reply) => {
    const body = validate(CheckPayload, request.body, 'body');
    const check = await oneCheck(await paymentScope(request), body.timeframe, body.merchantId);
    if (!check) throw notFound(NO_CHECK_MESSAGE);
    return reply.type('text/plain; charset=utf-8').send(`/api${voucherUrl(check.id)}`);
  });

  app.get('/rebate-checks/voucher/:checkId', { schema: routeSchema('Payments', 'A check’s voucher as a PDF', { params: VoucherParams, answer: fileAnswer('The voucher', PDF) }) }, async (request, reply) => {
    const { checkId } = validate(VoucherParams, request.params, 'path');
    const scope = await paymentScope(request);
    const check = await repo.checkById(Number(checkId));
    // Another house's or an invisible merchant's check is answered as if it did not exist.
    const visible = check && check.distributorId === scope.distributorId && (await visibleAmong(app.scope, scope, [check.merchantid])).length === 1;
    if (!check || !visible) throw notFound(NO_CHECK_MESSAGE);
    const pdf = await pdfBuffer((doc) => drawVoucher(doc, fromRebateCheck(check, check.quarter)), 'Voucher');
    return download(reply, PDF, voucherName(check.quarter, check.merchant)).send(pdf);
  });

  app.post('/rebate-checks/check-details', { schema: routeSchema('Payments', 'A check’s details as a PDF', { body: CheckPayload, answer: fileAnswer('The check details', PDF) }) }, async (request, reply) => {
    const body = validate(CheckPayload, request.body, 'body');
    const check = await oneCheck(await paymentScope(request), body.timeframe, body.merchantId);
    if (!check) throw notFound(NO_CHECK_MESSAGE);
    const pdf = await pdfBuffer((doc) => drawCheckDetails(doc, fromRebateCheck(check, body.timeframe)), 'Check Details');
    return download(reply, PDF, checkDetailsName(body.timeframe, check.merchant)).send(pdf);
  });

  app.post('/rebate-checks/paynopay-summary', { schema: routeSchema('Payments', 'Pay / no pay of a quarter as a workbook', { body: ChecksPayload, answer: fileAnswer('The workbook', XLSX) }) }, async (request, reply) => {
    const body = validate(ChecksPayload, request.body, 'body');
    const scope = await paymentScope(request);
    const merchants = await merchantsOf(scope, body.merchantIds);
    const rows = merchants !== null && merchants.length === 0 ? [] : await repo.payNoPay(scope.distributorId, body.timeframe, merchants);
    const house = await repo.houseName(scope.distributorId);
    const xlsx = await payNoPayWorkbook(quarterLabel(body.timeframe), house, rows);
    return download(reply, XLSX, payNoPayName(body.timeframe, house)).send(xlsx);
  });

  // Both drawn in a worker thread and streamed (server/documents/heavy-documents.ts).
  app.post('/rebate-checks/bulk-export', { schema: routeSchema('Payments', 'Vouchers and details of many checks as a ZIP', { body: BulkPayload, answer: fileAnswer('The archive', 'application/zip') }) }, async (request, reply) => {
    const { body, checks } = await bulkChecks(request);
    const zip = documentStream({ kind: 'bulk-export', ...bulkDocument(body, checks) });
    return download(reply, 'application/zip', bulkExportName(body.timeframe)).send(zip);
  });

  app.post('/rebate-checks/bulk-print', { schema: routeSchema('Payments', 'Vouchers and details of many checks as one PDF', { body: BulkPayload, answer: fileAnswer('The PDF', PDF) }) }, async (request, reply) => {
    const { body, checks } = await bulkChecks(request);
    const pdf = documentStream({ kind: 'bulk-print', ...bulkDocument(body, checks) });
    return download(reply, PDF, bulkPrintName(body.timeframe)).send(pdf);
  });
});
