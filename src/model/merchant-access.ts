import * as t from 'io-ts';
import { IdText } from './codec.ts';
import { MerchantList } from './dashboard.ts';

/** Path parameters that name a row by its numeric id (`/merchant/available/{id}`). */
export const IdParams = t.type({ id: IdText });
export type IdParams = t.TypeOf<typeof IdParams>;

/** GET /api/merchant/available/{userId}: the user's assigned locations and whether they see all. */
export const AvailableMerchants = t.type({ locations: MerchantList, inviteAll: t.boolean });
export type AvailableMerchants = t.TypeOf<typeof AvailableMerchants>;
