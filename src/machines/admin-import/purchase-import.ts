import { assign, enqueueActions, fromEventObservable, fromObservable, setup } from 'xstate';
import { map } from 'rxjs';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { IMPORT_FILE_NAME, IMPORT_UPLOAD_MESSAGES, MAX_IMPORT_FILE_BYTES, isImportFinished, rejectsFileName, type ImportJob } from '../../model/purchase-import.ts';
import { ApiError } from '../../services/api-client.ts';
import { importService } from '../../services/import-service.ts';
import { saveFile } from '../../services/save-file.ts';

/**
 * Purchase imports from the admin panel (docs/import.md): the recent imports; a CSV
 * chosen and sent with upload progress; then the import job followed while the server runs it
 * (rows read, rejects, stage) until its summary; and a finished job's rejected rows saved as CSV.
 */

export const IMPORTS_FAILED_MESSAGE = "Couldn't load the imports. Try refreshing the page.";
export const UPLOAD_FAILED_MESSAGE = "Couldn't send the file. Check the connection and try again.";
export const REJECTS_FAILED_MESSAGE = "Couldn't download the rejected rows.";

export interface ChosenFile {
  name: string;
  size: number;
  file: File;
}

export interface PurchaseImportContext {
  jobs: ImportJob[];
  /** The job being uploaded (null until the server has it), followed, or last finished here. */
  current: ImportJob | null;
  uploadPercent: number;
  /** The job whose rejected rows are being downloaded. */
  rejectsOf: ImportJob | null;
  error: string | null;
}

export type PurchaseImportEvent =
  | { type: 'import.fileChosen'; file: ChosenFile }
  | { type: 'import.uploadProgress'; percent: number }
  | { type: 'import.uploaded'; job: ImportJob }
  | { type: 'import.progress'; job: ImportJob }
  | { type: 'import.rejectsRequested'; job: ImportJob }
  | { type: 'import.dismissed' };

/** Why a chosen file cannot be sent, or null: the server says the same (src/model/purchase-import.ts). */
export function fileProblem(file: ChosenFile): string | null {
  if (!IMPORT_FILE_NAME.test(file.name)) return IMPORT_UPLOAD_MESSAGES.notImportFile;
  if (file.size === 0) return IMPORT_UPLOAD_MESSAGES.empty;
  if (file.size > MAX_IMPORT_FILE_BYTES) return IMPORT_UPLOAD_MESSAGES.tooLarge;
  return null;
}

const upsert = (jobs: ImportJob[], job: ImportJob) => [job, ...jobs.filter((j) => j.id !== job.id)];
const serverMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback);

export const purchaseImportMachine = setup({
  types: { context: {} as PurchaseImportContext, events: {} as PurchaseImportEvent },
  actors: {
    loadJobs: fromObservableWithOutput<ImportJob[]>(() => importService.recent()),
    upload: fromEventObservable(({ input }: { input: { file: File } }) =>
      importService.upload(input.file).pipe(
        map((e): PurchaseImportEvent =>
          e.type === 'progress'
            ? { type: 'import.uploadProgress', percent: Math.round(100 * (e.progress.total ? e.progress.loaded / e.progress.total : 0)) }
            : { type: 'import.uploaded', job: e.value },
        ),
      ),
    ),
    follow: fromEventObservable(({ input }: { input: { job: ImportJob } }) =>
      importService.follow(input.job).pipe(map((job): PurchaseImportEvent => ({ type: 'import.progress', job })))),
    downloadRejects: fromObservableWithOutput<Blob, { job: ImportJob }>((input) => importService.rejects(input.job.id)),
    saveFile: fromObservable<void, { blob: Blob; fileName: string }>(({ input }) => saveFile(input.blob, input.fileName)),
  },
  guards: {
    fileRefused: ({ event }) => event.type === 'import.fileChosen' && fileProblem(event.file) !== null,
    /** An import still running among those listed (the page was reloaded mid-way). */
    importRunning: (_, jobs: ImportJob[]) => jobs.some((j) => !isImportFinished(j.status)),
  },
  actions: {
    showJobs: assign((_, jobs: ImportJob[]) => ({ jobs })),
    /** Lists the imports and follows the one still running. */
    followRunning: assign((_, jobs: ImportJob[]) => ({ jobs, current: jobs.find((j) => !isImportFinished(j.status))! })),
    sayError: assign((_, params: { error: string }) => ({ error: params.error })),
    forgetError: assign({ error: null }),
    /** Why the chosen file is not sent. */
    refuseFile: assign((_, params: { file: ChosenFile }) => ({ error: fileProblem(params.file) })),
    startUpload: assign({ error: null, current: null, uploadPercent: 0 }),
    uploadFailed: assign((_, params: { error: unknown }) => ({ error: serverMessage(params.error, UPLOAD_FAILED_MESSAGE) })),
    showUploadProgress: assign((_, params: { percent: number }) => ({ uploadPercent: params.percent })),
    /** The server has the file: its job is followed from now on. */
    followUploaded: assign(({ context }, params: { job: ImportJob }) => ({ current: params.job, jobs: upsert(context.jobs, params.job), uploadPercent: 100 })),
    showProgress: assign(({ context }, params: { job: ImportJob }) => ({ current: params.job, jobs: upsert(context.jobs, params.job) })),
    askRejects: assign((_, params: { job: ImportJob }) => ({ error: null, rejectsOf: params.job })),
    /** Saves the rejected rows in the browser, as '<file> rejects.csv'. */
    saveRejects: enqueueActions(({ enqueue }, { blob, job }: { blob: Blob; job: ImportJob }) =>
      enqueue.spawnChild('saveFile', { input: { blob, fileName: rejectsFileName(job) } })),
  },
}).createMachine({
  id: 'purchaseImport',
  context: { jobs: [], current: null, uploadPercent: 0, rejectsOf: null, error: null },
  initial: 'loading',
  on: { 'import.dismissed': { actions: 'forgetError' } },
  states: {
    loading: {
      invoke: {
        id: 'loadJobs',
        src: 'loadJobs',
        onDone: [
          // An import still running (the page was reloaded mid-way): follow it again.
          {
            guard: { type: 'importRunning', params: ({ event }) => event.output },
            target: 'following',
            actions: { type: 'followRunning', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'showJobs', params: ({ event }) => event.output } },
        ],
        onError: { target: 'idle', actions: { type: 'sayError', params: { error: IMPORTS_FAILED_MESSAGE } } },
      },
    },
    idle: {
      on: {
        'import.fileChosen': [
          { guard: 'fileRefused', actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
          { target: 'uploading', actions: 'startUpload' },
        ],
        'import.rejectsRequested': { target: 'downloadingRejects', actions: { type: 'askRejects', params: ({ event }) => ({ job: event.job }) } },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => ({ file: (event as Extract<PurchaseImportEvent, { type: 'import.fileChosen' }>).file.file }),
        onError: { target: 'idle', actions: { type: 'uploadFailed', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'import.uploadProgress': { actions: { type: 'showUploadProgress', params: ({ event }) => ({ percent: event.percent }) } },
        'import.uploaded': { target: 'following', actions: { type: 'followUploaded', params: ({ event }) => ({ job: event.job }) } },
      },
    },
    /** The server runs the import; its progress arrives about once a second until it has finished. */
    following: {
      tags: ['busy'],
      invoke: {
        id: 'follow',
        src: 'follow',
        input: ({ context }) => ({ job: context.current! }),
        onDone: 'idle',
        // Following stopped (the connection dropped): the import goes on on the server; reload to see it.
        onError: { target: 'idle', actions: { type: 'sayError', params: { error: IMPORTS_FAILED_MESSAGE } } },
      },
      on: {
        'import.progress': { actions: { type: 'showProgress', params: ({ event }) => ({ job: event.job }) } },
      },
    },
    downloadingRejects: {
      invoke: {
        id: 'downloadRejects',
        src: 'downloadRejects',
        input: ({ context }) => ({ job: context.rejectsOf! }),
        onDone: {
          target: 'idle',
          actions: { type: 'saveRejects', params: ({ event, context }) => ({ blob: event.output, job: context.rejectsOf! }) },
        },
        onError: { target: 'idle', actions: { type: 'sayError', params: { error: REJECTS_FAILED_MESSAGE } } },
      },
    },
  },
});
