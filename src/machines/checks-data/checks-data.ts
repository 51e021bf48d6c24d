import { assign, setup } from 'xstate';
import { CONVERT_FAILED, isSheetFile, NOT_A_SHEET, READ_FAILED, type ChecksDataType } from '../../model/checks-data.ts';
import { ApiError } from '../../services/api-client.ts';
import { checksDataService, type SheetRows } from '../../services/checks-data-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

/**
 * The Business Panel's Checks Data (accounts spec §2.10, §8): the button reveals Checks, Checks
 * Details and Both; a chosen .xlsx/.xls is read in the browser ('Failed to read file.'), its first
 * sheet's rows sent, and the PDF saved ('Failed to convert Xl file.', with the rows the server named).
 */

export interface ChecksDataContext {
  type: ChecksDataType | null;
  file: File | null;
  rows: SheetRows;
  error: string | null;
  /** The last PDF saved. */
  saved: string | null;
}

export type ChecksDataEvent =
  | { type: 'checksData.toggled' }
  | { type: 'checksData.fileChosen'; kind: ChecksDataType; file: File };

/** Statuses whose message is meant for the admin: bad rows (400), too many (413), busy (503). */
const SAID_BY_SERVER = new Set([400, 413, 503]);

/** The server's message (the bad rows, the row cap, a full queue): said after the spec's message. */
const convertMessage = (error: unknown) =>
  error instanceof ApiError && SAID_BY_SERVER.has(error.status) ? `${CONVERT_FAILED} ${error.message}` : CONVERT_FAILED;

export const checksDataMachine = setup({
  types: { context: {} as ChecksDataContext, events: {} as ChecksDataEvent },
  actors: {
    readSheet: fromObservableWithOutput((file: Blob) => checksDataService.readFirstSheet(file)),
    convert: fromObservableWithOutput((input: { kind: ChecksDataType; rows: SheetRows }) => checksDataService.convert(input.kind, input.rows)),
  },
  guards: {
    isSheet: ({ event }) => event.type === 'checksData.fileChosen' && isSheetFile(event.file.name),
  },
  actions: {
    forgetError: assign({ error: null }),
    /** A spreadsheet chosen for the kind of PDF asked for: it is read next. */
    takeFile: assign((_, params: { kind: ChecksDataType; file: File }) => ({ type: params.kind, file: params.file, error: null, saved: null })),
    refuseFile: assign({ error: NOT_A_SHEET, saved: null }),
    keepRows: assign((_, rows: SheetRows) => ({ rows, file: null })),
    readFailed: assign({ error: READ_FAILED, file: null }),
    /** The PDF was saved under this name. */
    noteSaved: assign((_, name: string) => ({ saved: name, rows: [] })),
    convertFailed: assign((_, params: { error: unknown }) => ({ error: convertMessage(params.error), rows: [] })),
  },
}).createMachine({
  id: 'checksData',
  context: { type: null, file: null, rows: [], error: null, saved: null },
  initial: 'closed',
  states: {
    closed: { on: { 'checksData.toggled': 'choosing' } },
    choosing: {
      on: {
        'checksData.toggled': { target: 'closed', actions: 'forgetError' },
        'checksData.fileChosen': [
          { guard: 'isSheet', target: 'reading', actions: { type: 'takeFile', params: ({ event }) => ({ kind: event.kind, file: event.file }) } },
          { actions: 'refuseFile' },
        ],
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'readSheet',
        src: 'readSheet',
        input: ({ context }) => context.file!,
        onDone: { target: 'converting', actions: { type: 'keepRows', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: 'readFailed' },
      },
    },
    converting: {
      tags: ['busy'],
      invoke: {
        id: 'convert',
        src: 'convert',
        input: ({ context }) => ({ kind: context.type ?? 'checks', rows: context.rows }),
        onDone: { target: 'choosing', actions: { type: 'noteSaved', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: { type: 'convertFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
