import { page, type PageRoute } from '../shell/page-spec.ts';
import type { ItemMatchInput } from './item-match.ts';
import type { RebatesScreenInput } from './rebates-screen.ts';

/** The item a similar-items route names: its MIN and its manufacturer. */
const matchKeyOf = ({ params }: Pick<PageRoute, 'params'>) => ({ min: params.min ?? '', manufacturerPlatformId: params.manPlatId ?? '' });

/** The rebates pages the app's root actor runs (../shell/page-spec.ts). */
export const rebatesPages = {
  rebates: page({
    paths: ['/rebates/list'],
    load: () => import('./rebates-screen.ts').then((m) => m.rebatesScreenMachine),
    // The list the URL names: a shared link opens that search, tab, sort and filters (the machine reads
    // the query, so its codecs stay out of the app shell).
    input: (route): RebatesScreenInput => ({ search: route.place.search }),
  }),
  /** Similar items of one item; another item (MIN, manufacturer) is another page, which asks for it as it starts. */
  rebatesSimilarItems: page({
    paths: ['/rebates/matches/:itemName/:min/:manPlatId/:merchId'],
    load: () => import('./item-match.ts').then((m) => m.itemMatchMachine),
    input: (route): ItemMatchInput => ({ key: matchKeyOf(route) }),
    instance: (route) => {
      const key = matchKeyOf(route);
      return `${key.min}|${key.manufacturerPlatformId}`;
    },
  }),
};
