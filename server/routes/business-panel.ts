import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.ts';
import { attachment } from '../documents/content-disposition.ts';
import { drawCheckDetails, drawVoucher, pdfBuffer } from '../documents/pdf.ts';
import { vouchersFromSheet } from '../documents/sheet-vouchers.ts';
import { badRequest } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { checkSheetRows, checksDataFileName, ChecksDataPayload } from '../../src/model/checks-data.ts';

/** A spreadsheet's rows as JSON are larger than other bodies: up to 20,000 rows. */
const SHEET_BODY_LIMIT = 16 * 1024 * 1024;

/** The Business Panel (accounts spec §2.10): Checks Data, the admin's spreadsheet as vouchers and/or check details. */
export const businessPanelRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app) => {
  app.post('/business-panel/checks-data', { bodyLimit: SHEET_BODY_LIMIT }, async (request, reply) => {
    const body = validate(ChecksDataPayload, request.body, 'body');
    const checked = checkSheetRows(body.type, body.rows);
    if (!checked.ok) throw badRequest(checked.message, checked.badRows.map((n) => `Row ${n}`));
    const vouchers = vouchersFromSheet(body.type, checked.rows);
    const pdf = await pdfBuffer((doc) => {
      for (const v of vouchers) {
        if (body.type !== 'details') drawVoucher(doc, v);
        if (body.type !== 'checks') drawCheckDetails(doc, v);
      }
    }, 'Checks Data');
    return reply.type('application/pdf').header('content-disposition', attachment(checksDataFileName(body.rows))).send(pdf);
  });
};
