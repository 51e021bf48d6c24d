import type { FastifyPluginAsync } from 'fastify';
import { attachment } from '../documents/content-disposition.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { documentStream } from '../workers/documents.ts';
import { checkSheetRows, checksDataFileName, ChecksDataPayload, MAX_SHEET_ROWS, TOO_MANY_ROWS } from '../../src/model/checks-data.ts';
import { fileAnswer, routeSchema } from '../http/route-schema.ts';

/** A spreadsheet's rows as JSON are larger than other bodies: up to 20,000 rows. */
const SHEET_BODY_LIMIT = 16 * 1024 * 1024;

/** The Business Panel (accounts spec §2.10): Checks Data, the admin's spreadsheet as vouchers and/or check details. */
export const businessPanelRoutes: FastifyPluginAsync = async (app) => {
  app.post('/business-panel/checks-data', { bodyLimit: SHEET_BODY_LIMIT, schema: routeSchema('Payments', 'Checks of a spreadsheet as a PDF', { body: ChecksDataPayload, answer: fileAnswer('The PDF', 'application/pdf') }) }, async (request, reply) => {
    const body = validate(ChecksDataPayload, request.body, 'body');
    if (body.rows.length > MAX_SHEET_ROWS) throw new HttpError(413, TOO_MANY_ROWS);
    const checked = checkSheetRows(body.type, body.rows);
    if (!checked.ok) throw badRequest(checked.message, checked.badRows.map((n) => `Row ${n}`));
    // Drawn in a worker thread and streamed: a 20,000-row PDF leaves the request loop free.
    const pdf = documentStream({ kind: 'checks-data', type: body.type, rows: checked.rows });
    return reply.type('application/pdf').header('content-disposition', attachment(checksDataFileName(body.rows))).send(pdf);
  });
};
