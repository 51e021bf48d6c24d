import { createActorContext } from '@xstate/react';
import { insightsMachine } from '../../machines/insights/insights.ts';

/** The competitive-insights section's actor, shared by its header and pages (what they show: machines/insights/selectors.ts). */
export const InsightsActor = createActorContext(insightsMachine);
