import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { InsightsActor } from './insights-actor.ts';

/** Tells the section which page is on screen, so /competitiveinsights comes back to it (spec §2). */
export function useInsightsVisited() {
  const actor = InsightsActor.useActorRef();
  const { pathname } = useLocation();
  useEffect(() => actor.send({ type: 'insights.visited', path: pathname }), [actor, pathname]);
}
