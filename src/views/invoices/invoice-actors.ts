import { createActorContext } from '@xstate/react';
import { invoiceCsvMachine } from '../../machines/invoices/invoice-csv.ts';
import { invoiceDetailMachine } from '../../machines/invoices/invoice-detail.ts';
import { invoiceListMachine } from '../../machines/invoices/invoice-list.ts';
import { invoiceUploadMachine } from '../../machines/invoices/invoice-upload.ts';

/** The invoice pages' actors (what they show: machines/invoices/selectors.ts). */
export const InvoiceListActor = createActorContext(invoiceListMachine);
export const InvoiceDetailActor = createActorContext(invoiceDetailMachine);
export const InvoiceUploadActor = createActorContext(invoiceUploadMachine);
export const InvoiceCsvActor = createActorContext(invoiceCsvMachine);
