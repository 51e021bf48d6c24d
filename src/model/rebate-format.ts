import { formatMoney } from './format.ts';
import type { RebateType } from './rebates.ts';

export const DESCRIPTION_LIMIT = 96;

/** Item descriptions: title-cased, cut at 96 characters plus an ellipsis (spec §5). */
export function formatDescription(description: string): string {
  const titled = description
    .trim()
    .toLowerCase()
    .replace(/(^|[\s/(-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
  return titled.length > DESCRIPTION_LIMIT ? `${titled.slice(0, DESCRIPTION_LIMIT)}…` : titled;
}

const isPercent = (type: RebateType) => type === 'PERCENT_OF_COST' || type === 'PERCENT_OF_PRICE';

/** Percent types with % (0% or 0.0%, spec §9), fixed types with $. */
export function formatRebate(type: RebateType, value: number): string {
  if (!isPercent(type)) return formatMoney(value);
  return `${Number.isInteger(value) ? value.toFixed(0) : (Math.round(value * 10) / 10).toFixed(1)}%`;
}

const TYPE_LABELS: Record<RebateType, string> = {
  FIXED_AMOUNT_PER_QTY: 'Fixed per Qty',
  FIXED_AMOUNT_PER_WEIGHT: 'Fixed per Weight',
  PERCENT_OF_COST: 'Percent of Cost',
  PERCENT_OF_PRICE: 'Percent of Price',
};
export const rebateTypeLabel = (type: RebateType) => TYPE_LABELS[type];
