import { concatMap, map, Observable, of, switchMap } from 'rxjs';
import * as t from 'io-ts';
import {
  bulkExportName, CheckAnswer, checkDetailsName, CheckSummaries, payNoPayName, QuarterOptions,
  type BulkPayload, type CheckPayload, type ChecksPayload, type CheckSummary, type QuarterOption,
} from '../model/payments.ts';
import { BlobCodec, type ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { printFile, saveFile } from './save-file.ts';

/** What a download says as it goes: bytes so far (of a total when the server says), then that it was handed over. */
export type TransferEvent = { type: 'transfer.progress'; loaded: number; total: number | null } | { type: 'transfer.delivered' };

export function createPaymentsService(api: ApiClient) {
  /** A file made by the server: its download progress, then `deliver` (save or print) and one last event. */
  const fetchFile = (url: string, data: unknown, deliver: (blob: Blob) => Observable<void>): Observable<TransferEvent> =>
    api.withProgress('post', url, BlobCodec, { data, responseType: 'blob', quiet: true }).pipe(
      concatMap((e): Observable<TransferEvent> =>
        e.type === 'progress'
          ? of({ type: 'transfer.progress', loaded: e.progress.loaded, total: e.progress.total })
          : deliver(e.value).pipe(map((): TransferEvent => ({ type: 'transfer.delivered' })))),
    );

  return {
    payPeriods: (): Observable<QuarterOption[]> => api.post('/rebate-checks/pay-periods', QuarterOptions, { data: {} }),
    /** The quarter's list, light: no breakdowns. */
    checks: (payload: ChecksPayload): Observable<CheckSummary[]> => api.post('/rebate-checks/checks', CheckSummaries, { data: payload }),
    /** One check with its breakdowns: the side panel's donuts and Export Data. */
    check: (payload: CheckPayload): Observable<CheckAnswer> => api.post('/rebate-checks/check', CheckAnswer, { data: payload }),
    /**
     * The voucher as an object URL for the PDF modal: check-pic names it, then it is fetched with
     * the bearer token; the URL lives while subscribed and is revoked on unsubscribe.
     */
    voucher: (payload: CheckPayload): Observable<{ url: string; blob: Blob }> =>
      api.post('/rebate-checks/check-pic', t.string, { data: payload, responseType: 'text' }).pipe(
        switchMap((path) => api.get(path.replace(/^\/api/, ''), BlobCodec, { responseType: 'blob' })),
        switchMap((blob) => new Observable<{ url: string; blob: Blob }>((subscriber) => {
          const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
          subscriber.next({ url, blob });
          return () => URL.revokeObjectURL(url);
        })),
      ),
    checkDetails: (payload: CheckPayload, name: string) =>
      fetchFile('/rebate-checks/check-details', payload, (blob) => saveFile(blob, checkDetailsName(payload.timeframe, name))),
    payNoPay: (payload: ChecksPayload, relationship: string) =>
      fetchFile('/rebate-checks/paynopay-summary', payload, (blob) => saveFile(blob, payNoPayName(payload.timeframe, relationship))),
    bulkExport: (payload: BulkPayload) => fetchFile('/rebate-checks/bulk-export', payload, (blob) => saveFile(blob, bulkExportName(payload.timeframe))),
    bulkPrint: (payload: BulkPayload) => fetchFile('/rebate-checks/bulk-print', payload, printFile),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export const paymentsService = createPaymentsService(apiClient);
