import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { caller } from '../auth/authenticate.ts';
import { routesUsing } from '../plugins/services.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../http/errors.ts';
import { multipartRefusal, uploadFileName } from '../http/uploads.ts';
import { validate } from '../http/validate.ts';
import { checkImage, ImageRefused, ACCEPTED_TYPES } from '../invoices/images.ts';
import { reviewLine, type LineChange } from '../invoices/review.ts';
import { invoiceHouses } from '../scope/invoice-houses.ts';
import {
  AttachmentParams, ImageQuery, INVOICE_MESSAGES, InvoiceIdParams, InvoiceImageParams, MAX_INVOICE_FILE_BYTES, UploadFields, InvoiceDetail, InvoiceList, UploadAnswer,
} from '../../src/model/invoices.ts';
import { InvoiceItemParams, LineCorrection } from '../../src/model/invoice-review.ts';
import { fileAnswer, multipartForm, routeSchema } from '../http/route-schema.ts';

/** Invoice scanning (accounts spec §2.6, §7): internal admins and displayInvoice users, their family's invoices only. */
export const invoiceRoutes = routesUsing(['invoiceJobs', 'invoices', 'transaction', 'users'], async (app) => {
  // Multipart only here: one file a request, streamed with the spec's limit (413 past it).
  await app.register(multipart, { limits: { fileSize: MAX_INVOICE_FILE_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5 } });

  /**
   * The gate has checked the caller may scan invoices: the caller, their active house (one they may act for, as in every
   * area: invoices are filed under it) and the houses whose invoices they may see (invoice-houses.ts).
   */
  async function who(request: FastifyRequest) {
    const user = await app.users.sessionUser(caller(request).userId);
    if (!user) throw unauthorized();
    // The caller's own authority, never View As: these calls upload and delete.
    const scope = await request.scope.visibleToCaller();
    return { user, house: scope.distributorId, houses: invoiceHouses(scope) };
  }
  /** 404 for an invoice that does not exist or belongs to a house the caller may not see (no hint which). */
  async function ownInvoice(request: FastifyRequest, id: number) {
    const me = await who(request);
    const owner = await app.invoices.ownerOf(id);
    if (owner === null || !me.houses.includes(owner)) throw notFound('No such invoice.');
    return me;
  }

  /** Reads the one-file multipart form into memory (at most 10 MB), then checks the bytes. */
  async function readUpload(request: FastifyRequest, needFields: boolean) {
    if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data.');
    const fields: Record<string, string> = {};
    let file: { filename: string; data: Buffer } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'imageFile' || file) { part.file.resume(); continue; }
          file = { filename: part.filename, data: await part.toBuffer() };
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, INVOICE_MESSAGES.maxSize);
      throw multipartRefusal(error) ?? error;
    }
    if (!file || file.data.length === 0) throw badRequest('imageFile is required.');
    const filename = uploadFileName(file.filename);
    const text = needFields ? validate(UploadFields, fields, 'form') : null;
    try {
      return { text, filename, data: file.data, image: await checkImage(file.data) };
    } catch (error) {
      if (error instanceof ImageRefused) throw new HttpError(415, error.message);
      throw error;
    }
  }

  app.get('/invoice', { schema: routeSchema('Invoices', 'The invoices of one’s houses', { answer: InvoiceList }) }, async (request) => {
    return app.invoices.list((await who(request)).house);
  });

  app.get('/invoice/:id', { schema: routeSchema('Invoices', 'An invoice and its lines', { params: InvoiceIdParams, answer: InvoiceDetail }) }, async (request) => {
    const id = Number(validate(InvoiceIdParams, request.params, 'path').id);
    await ownInvoice(request, id);
    return app.invoices.detail(id);
  });

  app.post('/invoice', { schema: routeSchema('Invoices', 'Upload a new invoice’s first image', { form: multipartForm(['imageFile'], UploadFields), answer: UploadAnswer }) }, async (request) => {
    const me = await who(request);
    const upload = await readUpload(request, true);
    // The invoice row and its first image in one transaction: neither exists without the other.
    const ids = await app.transaction(async (db) => {
      const id = await app.invoices.create(db, { groupingId: randomUUID(), distributorId: me.house, userId: me.user.id,
        description: upload.text!.description, merchantName: upload.text!.merchant });
      const imageId = await app.invoices.addImage(db, id, { filename: upload.filename, contentType: upload.image.contentType, data: upload.data,
        thumbnail: upload.image.thumbnail, width: upload.image.width, height: upload.image.height });
      return { id, imageId };
    });
    await app.invoiceJobs.enqueue(ids.imageId);
    return ids;
  });

  app.post('/invoice/:id', { schema: routeSchema('Invoices', 'Add an image to an invoice', { params: InvoiceIdParams, form: multipartForm(['imageFile']), answer: UploadAnswer }) }, async (request) => {
    const id = Number(validate(InvoiceIdParams, request.params, 'path').id);
    await ownInvoice(request, id);
    const upload = await readUpload(request, false);
    if ((await app.invoices.filenames(id)).includes(upload.filename)) throw new HttpError(409, INVOICE_MESSAGES.duplicates([upload.filename]));
    const imageId = await app.transaction((db) => app.invoices.addImage(db, id, { filename: upload.filename, contentType: upload.image.contentType,
      data: upload.data, thumbnail: upload.image.thumbnail, width: upload.image.width, height: upload.image.height }));
    await app.invoiceJobs.enqueue(imageId);
    return { id, imageId };
  });

  app.get('/invoice/image/:attachmentId', { schema: routeSchema('Invoices', 'An invoice image or its thumbnail', { params: AttachmentParams, query: ImageQuery, answer: fileAnswer('The image', ...ACCEPTED_TYPES) }) }, async (request, reply: FastifyReply) => {
    const imageId = Number(validate(AttachmentParams, request.params, 'path').attachmentId);
    const query = validate(ImageQuery, request.query, 'query');
    const me = await who(request);
    const owner = await app.invoices.imageOwner(imageId);
    if (!owner || !me.houses.includes(owner.distributorId)) throw notFound('No such image.');
    const image = await app.invoices.image(imageId, query.thumbnail !== undefined);
    if (!image) throw notFound('No such image.');
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      // Never kept by the browser: a deleted image (or one of a house the user left) must not
      // be shown again from a cache.
      .header('cache-control', 'no-store')
      .send(image.data);
  });

  app.delete('/invoice/:id/image/:imageId', { schema: routeSchema('Invoices', 'Delete an invoice image', { params: InvoiceImageParams }) }, async (request) => {
    const params = validate(InvoiceImageParams, request.params, 'path');
    const id = Number(params.id), imageId = Number(params.imageId);
    await ownInvoice(request, id);
    const owner = await app.invoices.imageOwner(imageId);
    if (!owner || owner.invoiceId !== id) throw notFound('No such image.');
    await app.transaction(async (db) => {
      await app.invoices.deleteImage(db, imageId);
      await app.invoices.settleStatus(db, id, null);
    });
    return { ok: true };
  });

  /** A reviewer's correction of a line, in one transaction (invoices/review.ts); answers the invoice as it now is. */
  async function review(request: FastifyRequest, id: number, change: LineChange) {
    const me = await ownInvoice(request, id);
    if (!(await app.transaction((db) => reviewLine(db, id, me.user.id, change)))) throw notFound('No such line.');
    return app.invoices.detail(id);
  }
  const lineParams = (request: FastifyRequest) => {
    const params = validate(InvoiceItemParams, request.params, 'path');
    return { id: Number(params.id), itemId: Number(params.itemId) };
  };

  app.put('/invoice/:id/items/:itemId', { schema: routeSchema('Invoices', 'Correct a line', { params: InvoiceItemParams, body: LineCorrection, answer: InvoiceDetail }) }, async (request) => {
    const { id, itemId } = lineParams(request);
    return review(request, id, { action: 'edit', itemId, line: validate(LineCorrection, request.body, 'line') });
  });

  app.delete('/invoice/:id/items/:itemId', { schema: routeSchema('Invoices', 'Delete a line', { params: InvoiceItemParams, answer: InvoiceDetail }) }, async (request) => {
    const { id, itemId } = lineParams(request);
    return review(request, id, { action: 'delete', itemId });
  });

  app.post('/invoice/:id/items', { schema: routeSchema('Invoices', 'Add a line', { params: InvoiceIdParams, body: LineCorrection, answer: InvoiceDetail }) }, async (request) => {
    const id = Number(validate(InvoiceIdParams, request.params, 'path').id);
    return review(request, id, { action: 'add', line: validate(LineCorrection, request.body, 'line') });
  });

  app.delete('/invoice/:id', { schema: routeSchema('Invoices', 'Delete an invoice', { params: InvoiceIdParams }) }, async (request) => {
    const id = Number(validate(InvoiceIdParams, request.params, 'path').id);
    await ownInvoice(request, id);
    await app.invoices.deleteInvoice(id);
    return { ok: true };
  });
});
