import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { selectCardsWaiting } from '../../machines/dashboard/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';

/** A card's placeholder while what it shows is loading. */
export function CardWaiting({ label = 'Loading' }: { label?: string }) {
  return <Skeleton h={120} role="status" aria-label={label} />;
}

/** While the dashboard call is out a card shows a placeholder, never the previous range's rows. */
export function CardBody({ children }: { children: ReactNode }) {
  const waiting = DashboardActor.useSelector(selectCardsWaiting);
  return waiting ? <CardWaiting /> : <>{children}</>;
}
