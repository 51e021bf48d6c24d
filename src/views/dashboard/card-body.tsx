import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { DashboardActor, selectStatus } from './dashboard-actor.ts';

/** While the dashboard call is out a card shows a placeholder, never the previous range's rows. */
export function CardBody({ children }: { children: ReactNode }) {
  const status = DashboardActor.useSelector(selectStatus);
  const waiting = status === 'loadingDashboard' || status === 'loadingMerchants' || status === 'switchingDistributor';
  return waiting ? <Skeleton h={120} role="status" aria-label="Loading" /> : <>{children}</>;
}
