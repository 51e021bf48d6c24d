import { mayApprove, type Manager } from '../../model/user-permissions.ts';
import { page, type PageSpec, type PageRoute } from '../shell/page-spec.ts';
import { enteredByAdmin } from '../../model/route-access.ts';

/** Who manages, as ./selectors.ts `selectManager` (not imported: it would bring the page's machines into the main chunk). */
const managerOf = (route: PageRoute): Manager | null => {
  const { user: u, adminUser } = route.auth.context;
  return u && { id: u.id, title: u.title, internalAdmin: u.isInternalAdmin, actingAdmin: enteredByAdmin(u, adminUser) };
};

/** The user-management pages the app's root actor runs (../shell/page-spec.ts). */
export const userManagementPages = {
  userManagement: page({
    paths: ['/user-management'],
    load: () => import('./user-list.ts').then((m) => m.userListMachine),
    input: (route) => {
      const me = managerOf(route);
      return { siteUrl: globalThis.location?.origin ?? '', approves: me !== null && mayApprove(me) };
    },
  }),
} satisfies Record<string, PageSpec>;
