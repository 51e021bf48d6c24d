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
}).createMachine({
  id: 'checksData',
  context: { type: null, file: null, rows: [], error: null, saved: null },
  initial: 'closed',
  states: {
    closed: { on: { 'checksData.toggled': 'choosing' } },
    choosing: {
      on: {
        'checksData.toggled': { target: 'closed', actions: assign({ error: null }) },
        'checksData.fileChosen': [
          { guard: 'isSheet', target: 'reading', actions: assign(({ event }) => ({ type: event.kind, file: event.file, error: null, saved: null })) },
          { actions: assign({ error: NOT_A_SHEET, saved: null }) },
        ],
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'readSheet',
        src: 'readSheet',
        input: ({ context }) => context.file!,
        onDone: { target: 'converting', actions: assign({ rows: ({ event }) => event.output, file: null }) },
        onError: { target: 'choosing', actions: assign({ error: READ_FAILED, file: null }) },
      },
    },
    converting: {
      tags: ['busy'],
      invoke: {
        id: 'convert',
        src: 'convert',
        input: ({ context }) => ({ kind: context.type ?? 'checks', rows: context.rows }),
        onDone: { target: 'choosing', actions: assign({ saved: ({ event }) => event.output, rows: [] }) },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => convertMessage(event.error), rows: [] }) },
      },
    },
  },
});
