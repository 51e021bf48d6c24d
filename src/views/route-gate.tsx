import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideRoute } from '../model/route-access.ts';
import { AuthActor } from './actor-contexts.ts';
import { selectLogoutNotice, selectMode, selectUser } from './selectors.ts';

/** Renders the matched route only when the auth-routing state allows it, else redirects. */
export function RouteGate() {
  const { pathname } = useLocation();
  const mode = AuthActor.useSelector(selectMode);
  const user = AuthActor.useSelector(selectUser);
  const logoutNotice = AuthActor.useSelector(selectLogoutNotice);
  const decision = decideRoute(mode, pathname, { user, logoutNotice });
  switch (decision.kind) {
    case 'wait':
      return (
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      );
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'show':
      return <Outlet />;
  }
}
