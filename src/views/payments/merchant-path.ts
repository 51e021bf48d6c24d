/** /paymentinformation/{merchantid}/{merchant}: the merchant's name is in the path for the breadcrumb. */
export const merchantPagePath = (c: { merchantid: number; merchant: string }) => `/paymentinformation/${c.merchantid}/${encodeURIComponent(c.merchant)}`;
