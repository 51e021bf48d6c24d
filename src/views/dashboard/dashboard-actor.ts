import { createActorContext } from '@xstate/react';
import { dashboardMachine } from '../../machines/dashboard/dashboard.ts';

/** The dashboard screen's actor, shared by its header and cards (what they show: machines/dashboard/selectors.ts). */
export const DashboardActor = createActorContext(dashboardMachine);
