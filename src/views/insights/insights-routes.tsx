import { lazy } from 'react';
import { Route } from 'react-router-dom';

// Loaded when first opened, like the other sections.
const InsightsPage = lazy(() => import('./insights-page.tsx').then((m) => ({ default: m.InsightsPage })));
const MerchantsPage = lazy(() => import('./merchants-page.tsx').then((m) => ({ default: m.MerchantsPage })));
const ItemsPage = lazy(() => import('./items-page.tsx').then((m) => ({ default: m.ItemsPage })));
const InsightsMatchesPage = lazy(() => import('./insights-matches-page.tsx').then((m) => ({ default: m.InsightsMatchesPage })));
const OrderHistoryPage = lazy(() => import('./order-history-page.tsx').then((m) => ({ default: m.OrderHistoryPage })));
const CompetitorOrderPage = lazy(() => import('./competitor-order-page.tsx').then((m) => ({ default: m.CompetitorOrderPage })));
const HouseWinBackPage = lazy(() => import('./house-win-back-page.tsx').then((m) => ({ default: m.HouseWinBackPage })));

/**
 * The /competitiveinsights routes inside the portal shell (spec §2). The section's actor sends
 * /competitiveinsights to the last page viewed and any other path to the merchants list.
 */
export function insightsRoutes() {
  return (
    <Route path="/competitiveinsights" element={<InsightsPage />}>
      <Route index element={null} />
      <Route path="merchants" element={<MerchantsPage />} />
      <Route path="winback" element={<HouseWinBackPage />} />
      <Route path="items/:merchant/:merchantId" element={<ItemsPage />} />
      <Route path="matches/:merchant/:itemName/:min/:merchantId/:manufacturerPlatId" element={<InsightsMatchesPage />} />
      <Route path="orderhistory/:merchant/:merchantId" element={<OrderHistoryPage />} />
      <Route path="ordertocompetitor/:merchant/:merchantId/:distributorId/:date" element={<CompetitorOrderPage />} />
      <Route path="*" element={null} />
    </Route>
  );
}
