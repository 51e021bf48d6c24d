import { enqueueActions, type ActorRefFrom, type EventObject } from 'xstate';
import type { invoiceUploadMachine } from './invoice-upload.ts';

/**
 * The Upload Invoice / Add Images modal as a page machine's child (id `upload`, held in context
 * while open): a fresh machine each time it opens, stopped when it closes.
 */
export type UploadChild = ActorRefFrom<typeof invoiceUploadMachine>;

/** Upload Invoice / Add Images opens one modal at a time. */
export const uploadClosed = ({ context }: { context: { upload: UploadChild | null } }) => context.upload === null;
/** Stops the modal's machine (aborting a send still going) and forgets it. */
export const closeUpload = <C extends { upload: UploadChild | null }, E extends EventObject>() =>
  enqueueActions<C, E, undefined, E, never, never, never, never, never>(({ context, enqueue }) => {
    if (context.upload) enqueue.stopChild(context.upload);
    enqueue.assign({ upload: null } as Partial<C>);
  });
