import { lazy, Suspense } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { IntelLoadingFrame } from './intel-loading-frame.tsx';

// Loaded when first opened, like the dashboard: nivo's pie and line come with it.
const loadListPage = () => import('./intel-list-page.tsx');
// The list (the view most opened) loads beside the section's page, not after it.
const IntelPage = lazy(() => {
  void loadListPage();
  return import('./intel-page.tsx').then((m) => ({ default: m.IntelPage }));
});
const IntelListPage = lazy(() => loadListPage().then((m) => ({ default: m.IntelListPage })));
const IntelGraphPage = lazy(() => import('./intel-graph-page.tsx').then((m) => ({ default: m.IntelGraphPage })));
const IntelLineChartPage = lazy(() => import('./intel-linechart-page.tsx').then((m) => ({ default: m.IntelLineChartPage })));
const IntelDetailPage = lazy(() => import('./intel-detail-page.tsx').then((m) => ({ default: m.IntelDetailPage })));

const DebugDetailsPage = lazy(() => import('./debug-details-page.tsx').then((m) => ({ default: m.DebugDetailsPage })));

/**
 * The /intel routes inside the portal shell; RouteGate has already sent users without
 * displayIntel to the dashboard. /intel itself shows the header while the Intel machine goes back to
 * the last intel page viewed; any other path under /intel goes to the list. /debug_details/{id}
 * is the internal admins' debug page of one merchant (its machine sends others to the dashboard).
 */
export function intelRoutes() {
  return (
    <>
      <Route path="/debug_details/:id" element={<DebugDetailsPage />} />
      {/* The frame (title, progress line) shows at once while the section's code loads (issue 39). */}
      <Route
        path="/intel"
        element={
          <Suspense fallback={<IntelLoadingFrame />}>
            <IntelPage />
          </Suspense>
        }
      >
        <Route index element={null} />
        <Route path="list" element={<IntelListPage />} />
        <Route path="graph" element={<IntelGraphPage />} />
        <Route path="linechart" element={<IntelLineChartPage />} />
        <Route path="detail/:id/:tab" element={<IntelDetailPage />} />
      </Route>
      {/* Outside the section's page: an unknown path starts no Intel machine on the way to the list. */}
      <Route path="/intel/*" element={<Navigate to="/intel/list" replace />} />
    </>
  );
}
