import { defer, EMPTY, from, map, Observable, of, race, throwError, timer, catchError, concatMap, mergeMap, switchMap, type SchedulerLike, asyncScheduler } from 'rxjs';
import * as t from 'io-ts';
import { beingRead, INVOICE_MESSAGES, INVOICE_UPLOAD_TIMEOUT_MS, InvoiceDetail, InvoiceList, UploadAnswer, type InvoiceSummary } from '../model/invoices.ts';
import type { LineCorrection } from '../model/invoice-review.ts';
import { BlobCodec, type ApiClient, type TransferEvent } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { whileRead } from './polling.ts';

export type UploadFile = { index: number; name: string; file: Blob };
export type UploadForm = { description: string; merchant: string };
/** What the sequential upload says, as events the upload machine receives. */
export type UploadEvent =
  | { type: 'upload.progress'; index: number; percent: number }
  /** `at`: when the server answered (the list shows the new invoice as uploaded then). */
  | { type: 'upload.fileDone'; index: number; invoiceId: number; at: string }
  | { type: 'upload.fileFailed'; index: number; message: string };

/** One file's request: progress, then the answer (id of the invoice it joined). */
export type SendFile = (file: UploadFile, invoiceId: number | null) => Observable<TransferEvent<UploadAnswer>>;

/**
 * Files one after another (concatMap): per-file progress, at most `timeoutMs` a file, a failure
 * moves on to the next. The first answer's id groups the rest (sent to POST /invoice/{id}).
 */
export function uploadSequentially(files: UploadFile[], send: SendFile, invoiceId: number | null,
  timeoutMs = INVOICE_UPLOAD_TIMEOUT_MS, scheduler: SchedulerLike = asyncScheduler): Observable<UploadEvent> {
  return defer(() => {
    let groupId = invoiceId;
    return from(files).pipe(
      concatMap((file) =>
        race(send(file, groupId), timer(timeoutMs, scheduler).pipe(mergeMap(() => throwError(() => new Error('timeout'))))).pipe(
          map((e): UploadEvent => {
            if (e.type === 'progress') return { type: 'upload.progress', index: file.index, percent: Math.round(100 * (e.progress.total ? e.progress.loaded / e.progress.total : 0)) };
            groupId ??= e.value.id;
            return { type: 'upload.fileDone', index: file.index, invoiceId: e.value.id, at: new Date(scheduler.now()).toISOString() };
          }),
          catchError(() => of<UploadEvent>({ type: 'upload.fileFailed', index: file.index, message: INVOICE_MESSAGES.failed(file.name) })),
        ),
      ),
    );
  });
}

export function createInvoiceService(api: ApiClient) {
  const send = (form: UploadForm): SendFile => (file, invoiceId) => defer(() => {
    const data = new FormData();
    if (invoiceId === null) {
      data.append('description', form.description);
      data.append('merchant', form.merchant);
    }
    data.append('imageFile', file.file, file.name);
    return api.withProgress('post', invoiceId === null ? '/invoice' : `/invoice/${invoiceId}`, UploadAnswer, {
      data, timeoutMs: INVOICE_UPLOAD_TIMEOUT_MS,
      // Not the client's JSON default: axios would turn the FormData into JSON. The browser adds the boundary.
      headers: { 'Content-Type': 'multipart/form-data' },
    });
  });
  return {
    list: (): Observable<InvoiceSummary[]> => api.get('/invoice', InvoiceList),
    detail: (id: number): Observable<InvoiceDetail> => api.get(`/invoice/${id}`, InvoiceDetail),
    /** One invoice (now when nothing is shown yet), then every `every` ms while its images are being read. */
    follow: (id: number, shown: InvoiceDetail | null, every = 3000, scheduler: SchedulerLike = asyncScheduler): Observable<InvoiceDetail> =>
      whileRead(() => api.get(`/invoice/${id}`, InvoiceDetail), (d) => beingRead(d.status), shown, every, scheduler),
    upload: (files: UploadFile[], form: UploadForm, invoiceId: number | null): Observable<UploadEvent> => uploadSequentially(files, send(form), invoiceId),
    /**
     * An invoice image as an object URL (the API wants the bearer token, which an <img> cannot
     * send): the URL stays valid while subscribed and is revoked on unsubscribe, so it lives
     * exactly as long as the actor showing it.
     */
    imageUrl: (attachmentId: number, thumbnail: boolean): Observable<string> =>
      api.get(`/invoice/image/${attachmentId}${thumbnail ? '?thumbnail=1' : ''}`, BlobCodec, { responseType: 'blob', quiet: true }).pipe(
        switchMap((blob) => new Observable<string>((subscriber) => {
          const url = URL.createObjectURL(blob);
          subscriber.next(url);
          return () => URL.revokeObjectURL(url);
        })),
      ),
    /** A reviewer's corrections of the lines read: each answers the invoice as it now is (price check and totals redone). */
    editLine: (id: number, itemId: number, line: LineCorrection): Observable<InvoiceDetail> =>
      api.put(`/invoice/${id}/items/${itemId}`, InvoiceDetail, { data: line }),
    deleteLine: (id: number, itemId: number): Observable<InvoiceDetail> => api.delete(`/invoice/${id}/items/${itemId}`, InvoiceDetail),
    addLine: (id: number, line: LineCorrection): Observable<InvoiceDetail> => api.post(`/invoice/${id}/items`, InvoiceDetail, { data: line }),
    deleteImage: (id: number, imageId: number): Observable<unknown> => api.delete(`/invoice/${id}/image/${imageId}`, t.unknown),
    deleteInvoice: (id: number): Observable<unknown> => api.delete(`/invoice/${id}`, t.unknown).pipe(catchError(() => EMPTY)),
    /** The list (now when nothing is shown yet), then every `every` ms while an invoice is being read, so statuses follow the server without a reload. */
    watch: (shown: InvoiceSummary[] | null, every = 3000, scheduler: SchedulerLike = asyncScheduler): Observable<InvoiceSummary[]> =>
      whileRead(() => api.get('/invoice', InvoiceList), (list) => list.some((i) => beingRead(i.status)), shown, every, scheduler),
  };
}

export const invoiceService = createInvoiceService(apiClient);
