/** Display formats of analytics spec §9: money $0,0.00, percents 0% or 0.0%. */

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** $1,234.50; negatives as -$1,234.50; non-numbers as $0.00 so a card never shows NaN. */
export function formatMoney(value: number): string {
  const v = Number.isFinite(value) ? value : 0;
  const text = money.format(Math.abs(v));
  return v < 0 && text !== '0.00' ? `-$${text}` : `$${text}`;
}

/** A ratio (0.125) as a percent: '13%' with no decimals, '12.5%' with one. */
export function formatPercent(ratio: number, decimals: 0 | 1 = 0): string {
  const v = Number.isFinite(ratio) ? ratio * 100 : 0;
  return `${v.toFixed(decimals).replace(/^-0(\.0)?$/, '0$1')}%`;
}

/** part / whole as a ratio, 0 when there is no whole. */
export const share = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);

const MAX_DESCRIPTION = 96;

/** Spec §5: item descriptions are title-cased and cut to 96 characters plus an ellipsis. */
export function itemDescription(text: string): string {
  const titled = text.toLowerCase().replace(/(^|[\s/(-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
  return titled.length > MAX_DESCRIPTION ? `${titled.slice(0, MAX_DESCRIPTION)}...` : titled;
}

/** Rows shown by a list that grows and shrinks by a step, never below one step (spec §9). */
export const nextCount = (shown: number, step: number, total: number, direction: 'more' | 'less'): number =>
  direction === 'more' ? Math.min(shown + step, Math.max(total, step)) : Math.max(step, shown - step);

/** An email in the two parts a narrow column may break it into: the name, then '@' and the domain (never mid-word). */
export function emailParts(email: string): [string] | [string, string] {
  const at = email.lastIndexOf('@');
  return at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
}
