import { useSelector } from '@xstate/react';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { dashboardMachine } from '../../machines/dashboard/dashboard.ts';

/**
 * The dashboard screen's actor (the app's root actor runs it: machines/dashboard/pages.ts), handed
 * to its header and cards; what they show: machines/dashboard/selectors.ts.
 */
type DashboardRef = ActorRefFrom<typeof dashboardMachine>;
const DashboardContext = createContext<DashboardRef | null>(null);

function useDashboardRef(): DashboardRef {
  const ref = useContext(DashboardContext);
  if (!ref) throw new Error('A dashboard card is rendered outside DashboardActor.Provider');
  return ref;
}

export const DashboardActor = {
  Provider: ({ value, children }: { value: DashboardRef; children: ReactNode }) => createElement(DashboardContext.Provider, { value }, children),
  useActorRef: useDashboardRef,
  useSelector: <T,>(selector: (snapshot: SnapshotFrom<typeof dashboardMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
    useSelector(useDashboardRef(), selector, compare),
};
