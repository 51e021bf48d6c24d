import { asyncScheduler, defer, type Observable, type SchedulerLike } from 'rxjs';
import { ImportJob, ImportJobs, isImportFinished } from '../model/purchase-import.ts';
import { BlobCodec, type ApiClient, type TransferEvent } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { whileRead } from './polling.ts';

/** Purchase imports from the admin panel (docs/import.md): upload, follow the job, fetch its rejects. */
export function createImportService(api: ApiClient) {
  return {
    /** Sends the CSV with upload progress; the answer is the queued job. */
    upload: (file: File): Observable<TransferEvent<ImportJob>> =>
      defer(() => {
        const data = new FormData();
        data.append('file', file, file.name);
        // No timeout: a large file takes as long as the line needs. The browser adds the boundary.
        return api.withProgress('post', '/admin/imports', ImportJob, { data, timeoutMs: 0, headers: { 'Content-Type': 'multipart/form-data' } });
      }),
    recent: (): Observable<ImportJob[]> => api.get('/admin/imports', ImportJobs),
    /** The job every `every` ms while it runs, until it has finished (nothing when it already has). */
    follow: (job: ImportJob, every = 1000, scheduler: SchedulerLike = asyncScheduler): Observable<ImportJob> =>
      whileRead(() => api.get(`/admin/imports/${job.id}`, ImportJob, { quiet: true }), (j) => !isImportFinished(j.status), job, every, scheduler),
    rejects: (id: number): Observable<Blob> => api.get(`/admin/imports/${id}/rejects`, BlobCodec, { responseType: 'blob' }),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
export const importService = createImportService(apiClient);
