import { page, type PageRoute } from '../shell/page-spec.ts';

/** The invoice id of an /invoice/{id} route (NaN when malformed: the page goes to the list). */
const invoiceId = (route: PageRoute) => Number(route.params.id);

/** The invoices pages the app's root actor runs (../shell/page-spec.ts). */
export const invoicesPages = {
  invoiceList: page({
    paths: ['/invoice/scanning'],
    load: () => import('./invoice-list.ts').then((m) => m.invoiceListMachine),
  }),
  // The items page has an instance of its own, as before: opening it from the invoice asks for the invoice anew.
  invoiceDetail: page({
    paths: ['/invoice/:id'],
    load: () => import('./invoice-detail.ts').then((m) => m.invoiceDetailMachine),
    input: (route) => ({ id: invoiceId(route) }),
    instance: (route) => route.params.id ?? '',
  }),
  invoiceItems: page({
    paths: ['/invoice/:id/items'],
    load: () => import('./invoice-detail.ts').then((m) => m.invoiceDetailMachine),
    input: (route) => ({ id: invoiceId(route), images: false }),
    instance: (route) => route.params.id ?? '',
  }),
};
