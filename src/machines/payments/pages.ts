import { page, type PageRoute } from '../shell/page-spec.ts';

/** The user's active house. */
const houseOf = (route: PageRoute) => route.auth.context.user?.activeDistributor ?? null;

/** The payments pages the app's root actor runs (../shell/page-spec.ts). */
export const paymentsPages = {
  paymentList: page({
    paths: ['/paymentinformation/list'],
    load: () => import('./check-list.ts').then((m) => m.checkListMachine),
    input: (route) => {
      const house = houseOf(route);
      return { distributorId: house?.id ?? null, distributorPlatformId: house?.platform_id ?? null, relationship: house?.nickname ?? 'Portal' };
    },
    // A new active house is a new list.
    instance: (route) => String(houseOf(route)?.id ?? 0),
  }),
  paymentMerchant: page({
    paths: ['/paymentinformation/:merchantid/:merchant'],
    load: () => import('./merchant-checks.ts').then((m) => m.merchantCheckPageMachine),
    input: (route) => ({ merchantId: Number(route.params.merchantid), name: route.params.merchant ?? '', distributorId: houseOf(route)?.id ?? null }),
    instance: (route) => route.params.merchantid ?? '',
  }),
};
