// Purchase imports from the admin panel (spec: accounts-and-administration.md §2.9 Admin Panel; docs/import.md): an internal admin uploads a
// CSV or XLSX, the server keeps it under DATA_DIR/imports and queues a job (server/import/import-queue.ts);
// the browser follows the job's progress and downloads its reject file. Internal admins only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as t from 'io-ts';
import { IdText } from '../../src/model/codec.ts';
import { IMPORT_FILE_NAME, IMPORT_UPLOAD_MESSAGES, MAX_IMPORT_FILE_BYTES, type ImportJob } from '../../src/model/purchase-import.ts';
import type { Deps } from '../deps.ts';
import { attachment } from '../documents/content-disposition.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { saveUpload, uploadFileName } from '../http/uploads.ts';
import { isXlsx } from '../import/file-rows.ts';
import { removeJobFiles, sheetTmpPrefix } from '../import/import-queue.ts';
import { fileLimits, FileLimitError } from '../uploads/file-limits.ts';
import { checkWorkbook } from '../uploads/sheet-thread.ts';
import { validate } from '../http/validate.ts';

const JobParams = t.type({ id: IdText });

export const adminImportRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 0, parts: 1 } });
  const folder = path.join(deps.config.dataDir, 'imports');

  async function job(request: FastifyRequest): Promise<ImportJob> {
    const { id } = validate(JobParams, request.params, 'path');
    const found = await deps.importJobs.byId(Number(id));
    if (!found) throw notFound('No such import.');
    return found;
  }

  /** Streams the one file to disk (never whole in memory), then queues its job: 202 with the job. */
  app.post('/admin/imports', async (request, reply) => {
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
    await fs.promises.mkdir(folder, { recursive: true });
    // The stored file keeps the upload's extension: it tells the import how to read it.
    const stored = path.join(folder, `${crypto.randomUUID()}${path.extname(fileName).toLowerCase()}`);
    await saveUpload(file.file, stored);
    const size = (await fs.promises.stat(stored)).size;
    if (file.file.truncated || size === 0) {
      await fs.promises.rm(stored, { force: true });
      throw file.file.truncated ? new HttpError(413, IMPORT_UPLOAD_MESSAGES.tooLarge) : badRequest(IMPORT_UPLOAD_MESSAGES.empty);
    }
    await refuseUnboundedWorkbook(stored);
    const created = await deps.importJobs.create(fileName, stored, me.id);
    await deps.importQueue.enqueue(created.id);
    return reply.code(202).send(created);
  });

  /** A workbook is scanned against the file limits before it is queued: 422 naming the bound it passes, and it is gone. */
  async function refuseUnboundedWorkbook(stored: string) {
    if (!isXlsx(stored)) return;
    try {
      await checkWorkbook(stored, { limits: fileLimits(), tmpPrefix: sheetTmpPrefix(stored) });
    } catch (err) {
      await removeJobFiles(stored);
      throw err instanceof FileLimitError ? new HttpError(422, err.message) : err;
    }
  }

  app.get('/admin/imports', async (): Promise<ImportJob[]> => {
    return deps.importJobs.recent();
  });

  app.get('/admin/imports/:id', async (request): Promise<ImportJob> => {
    return job(request);
  });

  /** The rejected rows (line number, reason, the row as sent) as CSV. */
  app.get('/admin/imports/:id/rejects', async (request, reply) => {
    const found = await job(request);
    const rejects = (await deps.importJobs.paths(found.id))?.rejects;
    if (!rejects || !fs.existsSync(rejects)) throw notFound('This import has no rejected rows.');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`${found.fileName.replace(IMPORT_FILE_NAME, '')} rejects.csv`))
      .send(fs.createReadStream(rejects));
  });
};
