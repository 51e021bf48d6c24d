import type { AnyEventObject } from 'xstate';
import type { ImportJob } from '../../model/purchase-import.ts';
import { serverError } from '../dashboard/dashboard-samples.ts';
import type { ChosenFile } from './purchase-import.ts';

/** Sample jobs, files and events for the purchase-import machine (registry paths and tests). */

export { serverError };

export const sampleJob = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: 7, fileName: 'week-47.csv', status: 'queued', stage: null, rowsRead: 0, rejects: 0, linesLoaded: 0, batchId: null,
  hasRejects: false, message: null, createdAt: '2026-11-23T09:00:00.000Z', startedAt: null, finishedAt: null, ...over,
});
export const runningJob = sampleJob({ status: 'running', stage: 'reading rows', rowsRead: 120_000, rejects: 3, startedAt: '2026-11-23T09:00:01.000Z' });
export const loadedJob = sampleJob({
  status: 'loaded', rowsRead: 250_000, rejects: 3, linesLoaded: 249_997, batchId: 4, hasRejects: true,
  startedAt: '2026-11-23T09:00:01.000Z', finishedAt: '2026-11-23T09:00:40.000Z',
});

const chosen = (name: string, size: number): ChosenFile => ({ name, size, file: new File(['x'.repeat(Math.min(size, 16))], name) });
export const csvFile = chosen('week-47.csv', 18_000_000);
export const xlsxFile = chosen('week-47.xlsx', 9_000);
export const pdfFile = chosen('week-47.pdf', 9_000);

export const purchaseImportEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadJobs', output: [loadedJob] },
  { type: 'xstate.done.actor.loadJobs', output: [runningJob] },
  { type: 'xstate.error.actor.loadJobs', error: serverError },
  { type: 'import.fileChosen', file: csvFile },
  { type: 'import.fileChosen', file: xlsxFile },
  { type: 'import.fileChosen', file: pdfFile },
  { type: 'import.uploadProgress', percent: 40 },
  { type: 'import.uploaded', job: sampleJob() },
  { type: 'xstate.error.actor.upload', error: serverError },
  { type: 'import.progress', job: runningJob },
  { type: 'import.progress', job: loadedJob },
  { type: 'xstate.done.actor.follow' },
  { type: 'xstate.error.actor.follow', error: serverError },
  { type: 'import.rejectsRequested', job: loadedJob },
  { type: 'xstate.done.actor.downloadRejects', output: new Blob(['line,reason\n']) },
  { type: 'xstate.error.actor.downloadRejects', error: serverError },
  { type: 'import.dismissed' },
];
