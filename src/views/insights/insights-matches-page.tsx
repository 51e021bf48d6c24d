import { useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { selectMatchesScreen } from '../../machines/insights/selectors.ts';
import { SimilarItemsScreen } from '../rebates/similar-items-page.tsx';
import { insightsCrumbs, useHouseLabel } from './insights-breadcrumbs.tsx';
import { WithSection, type InsightsSectionRef } from './insights-page.tsx';
import { Loading } from './table-bits.tsx';

/** /competitiveinsights/matches/…: the rebates area's similar items and feedback, under this section's breadcrumb. */
export function InsightsMatchesPage() {
  return <WithSection>{(section) => <MatchesScreen section={section} />}</WithSection>;
}

function MatchesScreen({ section }: { section: InsightsSectionRef }) {
  // The item's similar items are the section's child (machines/insights); the link's words are only shown.
  const { merchant = '', itemName = '', min = '', merchantId = '' } = useParams();
  const house = useHouseLabel();
  const matches = useSelector(section, selectMatchesScreen);
  if (!matches) return <Loading />;
  return (
    <SimilarItemsScreen
      key={matches.id}
      matches={matches}
      min={min}
      description={itemName}
      crumbs={(count) => insightsCrumbs(house, merchant, Number(merchantId), `Similar Items (${count})`)}
    />
  );
}
