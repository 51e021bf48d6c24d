import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';

// Loaded when first opened: the table, nivo's pie and the voucher modal come with them.
const PaymentListPage = lazy(() => import('./payment-list-page.tsx').then((m) => ({ default: m.PaymentListPage })));
const MerchantCheckPage = lazy(() => import('./merchant-check-page.tsx').then((m) => ({ default: m.MerchantCheckPage })));

/**
 * The /paymentinformation routes inside the portal shell; RouteGate has already sent users without
 * displayPaymentInfo away. Any other path under /paymentinformation goes to the list.
 */
export function paymentRoutes() {
  return (
    <>
      <Route path="/paymentinformation/list" element={<PaymentListPage />} />
      <Route path="/paymentinformation/:merchantid/:merchant" element={<MerchantCheckPage />} />
      <Route path="/paymentinformation/*" element={<Navigate to="/paymentinformation/list" replace />} />
    </>
  );
}
