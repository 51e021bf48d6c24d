import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';

// Loaded when first opened, like the dashboard.
const RebatesPage = lazy(() => import('./rebates-page.tsx').then((m) => ({ default: m.RebatesPage })));
const SimilarItemsPage = lazy(() => import('./similar-items-page.tsx').then((m) => ({ default: m.SimilarItemsPage })));

/**
 * The /rebates routes, called as a function inside the portal shell's <Route> so the router
 * sees plain <Route> elements. Any other path under /rebates goes to the list.
 */
export function rebatesRoutes() {
  return (
    <>
      <Route path="/rebates/list" element={<RebatesPage />} />
      <Route path="/rebates/matches/:itemName/:min/:manPlatId/:merchId" element={<SimilarItemsPage />} />
      <Route path="/rebates" element={<Navigate to="/rebates/list" replace />} />
      <Route path="/rebates/*" element={<Navigate to="/rebates/list" replace />} />
    </>
  );
}
