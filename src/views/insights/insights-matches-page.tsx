import { useParams } from 'react-router-dom';
import { SimilarItemsView } from '../rebates/similar-items-page.tsx';
import { insightsCrumbs, useHouseLabel } from './insights-breadcrumbs.tsx';

/** /competitiveinsights/matches/…: the rebates area's similar items and feedback, under this section's breadcrumb. */
export function InsightsMatchesPage() {
  const { merchant = '', itemName = '', min = '', merchantId = '', manufacturerPlatId = '' } = useParams();
  const house = useHouseLabel();
  return (
    <SimilarItemsView
      key={`${min}|${manufacturerPlatId}`}
      min={min}
      description={itemName}
      manufacturerPlatformId={manufacturerPlatId}
      crumbs={(count) => insightsCrumbs(house, merchant, Number(merchantId), `Similar Items (${count})`)}
    />
  );
}
