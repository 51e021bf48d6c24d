import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';

const InvoiceListPage = lazy(() => import('./invoice-list-page.tsx').then((m) => ({ default: m.InvoiceListPage })));
const InvoiceDetailPage = lazy(() => import('./invoice-detail-page.tsx').then((m) => ({ default: m.InvoiceDetailPage })));
const InvoiceItemsPage = lazy(() => import('./invoice-items-page.tsx').then((m) => ({ default: m.InvoiceItemsPage })));

/** The /invoice routes (RouteGate has already refused users without displayInvoice); other /invoice paths go to the list. */
export function invoicesRoutes() {
  return (
    <>
      <Route path="/invoice/scanning" element={<InvoiceListPage />} />
      <Route path="/invoice/:id/items" element={<InvoiceItemsPage />} />
      <Route path="/invoice/:id" element={<InvoiceDetailPage />} />
      <Route path="/invoice/*" element={<Navigate to="/invoice/scanning" replace />} />
      <Route path="/invoice" element={<Navigate to="/invoice/scanning" replace />} />
    </>
  );
}
