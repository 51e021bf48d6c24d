import { setup } from 'xstate';
import { adminDashboardMachine } from './admin-dashboard.ts';

/**
 * The /admin-dashboard page (accounts spec §2.11). The route is open when logged out too: a visitor
 * gets the sign-in form and nothing is asked of the server; an internal admin gets the picker and
 * the users table (`dashboard`, ./admin-dashboard.ts). A login restarts the page (../shell/app.ts).
 */
export interface AdminDashboardPageInput {
  /** Where an invitation's link points (this site). */
  siteUrl: string;
  /** An internal admin's session: only then the dashboard runs. */
  admin: boolean;
}

export const adminDashboardPageMachine = setup({
  types: {
    context: {} as AdminDashboardPageInput,
    input: {} as AdminDashboardPageInput,
    children: {} as { dashboard: 'dashboard' },
  },
  actors: { dashboard: adminDashboardMachine },
  guards: { forAdmin: ({ context }) => context.admin },
}).createMachine({
  id: 'adminDashboardPage',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'forAdmin', target: 'admin' }, { target: 'visitor' }] },
    /** Logged out: the sign-in form. */
    visitor: {},
    admin: { invoke: { id: 'dashboard', src: 'dashboard', input: ({ context }) => ({ siteUrl: context.siteUrl }) } },
  },
});
