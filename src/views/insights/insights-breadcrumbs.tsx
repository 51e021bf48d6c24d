import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_INSIGHTS_URL, itemsUrl } from '../../machines/insights/selectors.ts';
import { AuthActor } from '../../app-actor.ts';
import { selectUser } from '../../machines/shell/selectors.ts';

/** Spec §2: distributor label, then the merchant, then the page (Order History, Competitor Order, Similar Items (n)). */
export function insightsCrumbs(house: string, merchant: string, merchantId: number, page: string | null): ReactNode[] {
  return [
    <Anchor key="house" component={Link} to={DEFAULT_INSIGHTS_URL} size="sm">{house}</Anchor>,
    page === null
      ? <Text key="merchant" size="sm">{merchant}</Text>
      : <Anchor key="merchant" component={Link} to={itemsUrl(merchant, merchantId)} size="sm">{merchant}</Anchor>,
    ...(page === null ? [] : [<Text key="page" size="sm">{page}</Text>]),
  ];
}

export function useHouseLabel(): string {
  return AuthActor.useSelector(selectUser)?.activeDistributor?.nickname ?? 'Distributor';
}

export function InsightsBreadcrumbs({ merchant, merchantId, page }: { merchant: string; merchantId: number; page: string | null }) {
  const house = useHouseLabel();
  return <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>{insightsCrumbs(house, merchant, merchantId, page)}</Breadcrumbs>;
}
