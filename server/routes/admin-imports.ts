// Purchase imports from the admin panel (spec: accounts-and-administration.md §2.9 Admin Panel; docs/import.md): an internal admin uploads a
// CSV or XLSX, the server keeps it in PostgreSQL (the upload store, so any worker can run the job and
// any node serve its reject file) and queues a job (server/import/import-queue.ts); the browser
// follows the job's progress and downloads its reject file. Internal admins only.
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import * as t from 'io-ts';
import { IdText } from '../../src/model/codec.ts';
import { IMPORT_FILE_NAME, IMPORT_UPLOAD_MESSAGES, MAX_IMPORT_FILE_BYTES, ImportJob, ImportJobs } from '../../src/model/purchase-import.ts';
import { routesUsing } from '../plugins/services.ts';
import { attachment } from '../documents/content-disposition.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { uploadBytes, uploadFileName } from '../http/uploads.ts';
import { isXlsx } from '../import/file-rows.ts';
import { fileLimits, FileLimitError } from '../uploads/file-limits.ts';
import { withPrivateTemp } from '../uploads/private-temp.ts';
import { checkWorkbook } from '../uploads/sheet-thread.ts';
import { writeUpload } from '../uploads/upload-store.ts';
import { validate } from '../http/validate.ts';
import { answerWith, fileAnswer, multipartForm, routeSchema } from '../http/route-schema.ts';

const JobParams = t.type({ id: IdText });

export const adminImportRoutes = routesUsing(['importJobs', 'importQueue', 'importRejects', 'readUpload', 'transaction'], async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 0, parts: 1 } });

  async function job(request: FastifyRequest): Promise<ImportJob> {
    const { id } = validate(JobParams, request.params, 'path');
    const found = await app.importJobs.byId(Number(id));
    if (!found) throw notFound('No such import.');
    return found;
  }

  /** Streams the one file into the upload store (never whole in memory), then queues its job: 202 with the job. */
  app.post('/admin/imports', { schema: routeSchema('Imports', 'Upload a purchase file to import', { form: multipartForm(['file']), answer: answerWith(202, ImportJob) }) }, async (request, reply) => {
    const me = await request.scope.caller();
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
    const file = await request.file().catch(() => undefined);
    if (!file || file.fieldname !== 'file') throw badRequest('Send the file in the form field "file".');
    let fileName: string;
    try {
      fileName = uploadFileName(file.filename);
      if (!IMPORT_FILE_NAME.test(fileName)) throw new HttpError(415, IMPORT_UPLOAD_MESSAGES.notImportFile);
    } catch (error) {
      file.file.resume();
      throw error;
    }
    // The file and its job in one transaction: a cut, too large or refused upload leaves nothing.
    // A workbook's check reads its ZIP directory from a file: a private copy, written as it passes.
    const created = await withPrivateTemp((tmp) => app.transaction(async (tx) => {
      const copy = isXlsx(fileName) ? path.join(tmp, 'upload.xlsx') : undefined;
      const stored = await writeUpload(tx, fileName, uploadBytes(file.file), { copyTo: copy });
      if (file.file.truncated) throw new HttpError(413, IMPORT_UPLOAD_MESSAGES.tooLarge);
      if (stored.size === 0) throw badRequest(IMPORT_UPLOAD_MESSAGES.empty);
      if (copy) await refuseUnboundedWorkbook(copy, tmp);
      return app.importJobs.create(fileName, stored.id, me.id, tx);
    }));
    await app.importQueue.enqueue(created.id);
    return reply.code(202).send(created);
  });

  /** A workbook is scanned against the file limits before it is queued: 422 naming the bound it passes. */
  async function refuseUnboundedWorkbook(file: string, tmp: string) {
    try {
      await checkWorkbook(file, { limits: fileLimits(), tmpPrefix: path.join(tmp, 'sheet-') });
    } catch (err) {
      throw err instanceof FileLimitError ? new HttpError(422, err.message) : err;
    }
  }

  app.get('/admin/imports', { schema: routeSchema('Imports', 'The recent imports', { answer: ImportJobs }) }, async (): Promise<ImportJob[]> => {
    return app.importJobs.recent();
  });

  app.get('/admin/imports/:id', { schema: routeSchema('Imports', 'An import', { params: JobParams, answer: ImportJob }) }, async (request): Promise<ImportJob> => {
    return job(request);
  });

  /** The rejected rows (line number, reason, the row as sent) as CSV. */
  app.get('/admin/imports/:id/rejects', { schema: routeSchema('Imports', 'An import’s rejected rows as CSV', { params: JobParams, answer: fileAnswer('The rejected rows', 'text/csv') }) }, async (request, reply) => {
    const found = await job(request);
    const rejects = await app.importRejects(found.id, `${found.fileName} rejects.csv`);
    if (rejects === null) throw notFound('This import has no rejected rows.');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`${found.fileName.replace(IMPORT_FILE_NAME, '')} rejects.csv`))
      .send(app.readUpload(rejects));
  });
});
