import { createActorContext } from '@xstate/react';
import { invoiceCsvMachine } from '../../machines/invoices/invoice-csv.ts';
import { invoiceDetailMachine } from '../../machines/invoices/invoice-detail.ts';
import { invoiceListMachine } from '../../machines/invoices/invoice-list.ts';

/** The invoice pages' actors (what they show: machines/invoices/selectors.ts); the upload modal is their child. */
export const InvoiceListActor = createActorContext(invoiceListMachine);
export const InvoiceDetailActor = createActorContext(invoiceDetailMachine);
export const InvoiceCsvActor = createActorContext(invoiceCsvMachine);
