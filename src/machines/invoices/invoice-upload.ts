import { map } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { merchantService } from '../../services/merchant-service.ts';
import { INVOICE_MESSAGES, screenFiles } from '../../model/invoices.ts';
import { invoiceService, type UploadEvent, type UploadFile, type UploadForm } from '../../services/invoice-service.ts';

export type ChosenFile = { name: string; size: number; file: Blob; state: 'waiting' | 'sending' | 'done' | 'failed'; percent: number };
export type InvoiceUploadContext = {
  /** Images added to an invoice that exists: the modal has no name or location to type. */
  addingTo: boolean;
  description: string;
  merchant: string;
  files: ChosenFile[];
  /** The invoice the first answer made: later files and retries join it. Given when adding images to an invoice. */
  invoiceId: number | null;
  /** When the server took the first file of this modal (none yet: null). */
  sentAt: string | null;
  message: string | null;
  /** The Location field's suggestions: every location the user may see (§2.6), by name. */
  locations: string[];
};
export type InvoiceUploadInput = { invoiceId?: number | null };
/** What a closed modal tells the page that opened it: the invoice its files went to, or null when nothing was sent. */
export type UploadedInvoice = { id: number; description: string; merchantName: string; sentAt: string | null };
export type InvoiceUploadEvent =
  | { type: 'upload.filesAdded'; files: { name: string; size: number; file: Blob }[] }
  | { type: 'upload.cleared' }
  | { type: 'upload.fieldChanged'; field: 'description' | 'merchant'; value: string }
  | { type: 'upload.send' }
  | { type: 'upload.retry' }
  | { type: 'upload.closed' }
  | UploadEvent;
export type UploadActorInput = { files: UploadFile[]; form: UploadForm; invoiceId: number | null };

const settled = (c: InvoiceUploadContext) => c.files.every((f) => f.state === 'done' || f.state === 'failed');
const setFile = (c: InvoiceUploadContext, index: number, patch: Partial<ChosenFile>) => c.files.map((f, i) => (i === index ? { ...f, ...patch } : f));

/** The Invoice Name and Location fields (a new invoice's only) take typing while the modal is open, whatever it is doing. */
const typing = { 'upload.fieldChanged': { guard: 'asksForm', actions: 'setField' } } as const;

/**
 * The Upload Invoice modal: files one after another, then success, partial success (Retry sends
 * the failed ones) or failure. Closing it ends the machine (a send still going is aborted); its
 * output is the invoice the files went to, for the page that opened it.
 */
export const invoiceUploadMachine = setup({
  types: { context: {} as InvoiceUploadContext, events: {} as InvoiceUploadEvent, input: {} as InvoiceUploadInput },
  actors: {
    // One file after another (src/services/invoice-service.ts); leaving the state aborts the request.
    upload: fromEventObservable<UploadEvent, UploadActorInput>(({ input }) => invoiceService.upload(input.files, input.form, input.invoiceId)),
    // The server scopes the list to the caller's locations in the active house; an invoice names
    // its location, so two locations of one name are one suggestion (the field refuses repeats).
    locations: fromObservableWithOutput<string[], void>(() => merchantService.merchants().pipe(map((list) => [...new Set(list.map((m) => m.merchant))]))),
  },
  guards: {
    asksForm: ({ context }) => !context.addingTo,
    formMissing: ({ context }) => context.invoiceId === null && (context.description.trim() === '' || context.merchant.trim() === ''),
    noFiles: ({ context }) => context.files.every((f) => f.state === 'done'),
    allDone: ({ context }) => settled(context) && context.files.every((f) => f.state === 'done'),
    noneDone: ({ context }) => settled(context) && context.files.every((f) => f.state === 'failed'),
    someFailed: ({ context }) => settled(context),
  },
  actions: {
    addFiles: assign(({ context, event }) => {
      if (event.type !== 'upload.filesAdded') return {};
      const { accepted, problem } = screenFiles(event.files, context.files.map((f) => f.name));
      return { message: problem, files: [...context.files, ...accepted.map((f) => ({ ...f, state: 'waiting' as const, percent: 0 }))] };
    }),
    clear: assign({ files: [], message: null }),
    setField: assign(({ event }) => (event.type === 'upload.fieldChanged' ? { [event.field]: event.value } : {})),
    sayFormMissing: assign({ message: INVOICE_MESSAGES.nameAndLocation }),
    startSending: assign(({ context }) => ({ message: null, files: context.files.map((f) => (f.state === 'done' ? f : { ...f, state: 'sending' as const, percent: 0 })) })),
    progress: assign(({ context, event }) => (event.type === 'upload.progress' ? { files: setFile(context, event.index, { percent: event.percent }) } : {})),
    fileDone: assign(({ context, event }) => (event.type === 'upload.fileDone'
      ? { invoiceId: context.invoiceId ?? event.invoiceId, sentAt: context.sentAt ?? event.at, files: setFile(context, event.index, { state: 'done', percent: 100 }) } : {})),
    fileFailed: assign(({ context, event }) => (event.type === 'upload.fileFailed' ? { files: setFile(context, event.index, { state: 'failed' }) } : {})),
    saySuccess: assign({ message: INVOICE_MESSAGES.uploaded }),
    sayPartial: assign({ message: INVOICE_MESSAGES.partial }),
    showLocations: assign((_, locations: string[]) => ({ locations })),
    noLocations: assign({ locations: [] }),
    sayFailure: assign(({ context }) => ({ message: context.files.filter((f) => f.state === 'failed').map((f) => INVOICE_MESSAGES.failed(f.name)).join(' ') })),
  },
}).createMachine({
  id: 'invoiceUpload',
  context: ({ input }) => ({ addingTo: input?.invoiceId != null, description: '', merchant: '', files: [], invoiceId: input?.invoiceId ?? null, sentAt: null, message: null, locations: [] }),
  initial: 'idle',
  // Loaded beside the form; without them the Location field still takes a typed name.
  invoke: { id: 'locations', src: 'locations', onDone: { actions: { type: 'showLocations', params: ({ event }) => event.output } }, onError: { actions: 'noLocations' } },
  states: {
    idle: {
      on: {
        ...typing,
        'upload.closed': 'closed',
        'upload.filesAdded': { actions: 'addFiles' },
        'upload.cleared': { actions: 'clear' },
        'upload.send': [
          { guard: 'formMissing', actions: 'sayFormMissing' },
          { guard: 'noFiles' },
          { target: 'uploading', actions: 'startSending' },
        ],
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          files: context.files.flatMap((f, index) => (f.state === 'sending' ? [{ index, name: f.name, file: f.file }] : [])),
          form: { description: context.description, merchant: context.merchant },
          invoiceId: context.invoiceId,
        }),
      },
      on: {
        ...typing,
        'upload.closed': 'closed',
        'upload.progress': { actions: 'progress' },
        'upload.fileDone': { actions: 'fileDone' },
        'upload.fileFailed': { actions: 'fileFailed' },
      },
      always: [
        { guard: 'allDone', target: 'success', actions: 'saySuccess' },
        { guard: 'noneDone', target: 'failure', actions: 'sayFailure' },
        { guard: 'someFailed', target: 'partialSuccess', actions: 'sayPartial' },
      ],
    },
    success: { on: { ...typing, 'upload.closed': 'closed', 'upload.filesAdded': { target: 'idle', actions: 'addFiles' }, 'upload.cleared': { target: 'idle', actions: 'clear' } } },
    partialSuccess: {
      on: {
        ...typing,
        'upload.closed': 'closed',
        'upload.retry': { target: 'uploading', actions: 'startSending' },
        'upload.cleared': { target: 'idle', actions: 'clear' },
      },
    },
    failure: {
      on: {
        ...typing,
        'upload.closed': 'closed',
        // The modal offers Retry here, not Send Images.
        'upload.retry': { target: 'uploading', actions: 'startSending' },
        'upload.cleared': { target: 'idle', actions: 'clear' },
      },
    },
    // Its X or Escape, from every state above: the machine ends (a send still going is aborted).
    closed: { type: 'final' },
  },
  output: ({ context }): UploadedInvoice | null =>
    (context.invoiceId === null ? null : { id: context.invoiceId, description: context.description, merchantName: context.merchant, sentAt: context.sentAt }),
});
