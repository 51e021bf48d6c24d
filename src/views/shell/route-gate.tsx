import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AuthActor } from '../../app-actor.ts';
import { sameDecision, selectRouteDecision } from '../../machines/shell/selectors.ts';

/** Renders the matched route only when the auth-routing state allows it, else redirects. */
export function RouteGate() {
  const { pathname } = useLocation();
  const decision = AuthActor.useSelector((s) => selectRouteDecision(s, pathname), sameDecision);
  const waiting = (
    <Center h="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
  switch (decision.kind) {
    case 'wait':
      return waiting;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'show':
      // The portal's frame and the admin picker load on first use (the login page stays small).
      return <Suspense fallback={waiting}><Outlet /></Suspense>;
  }
}
