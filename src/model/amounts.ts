// The domain's range for money and quantities: no invoice, check or purchase line comes near a
// trillion, and a bound this far above real values keeps every sum, × 100 and loop over digits
// finite (a value of 1e308 once made the voucher's amount-in-words loop forever).

/** The largest amount, quantity or price the portal accepts anywhere: 10^12. */
export const MAX_AMOUNT = 1e12;

export const AMOUNT_RANGE = {
  /** Check amounts, quantities, prices: 0 … 10^12. */
  nonNegative: 'an amount from 0 to 1,000,000,000,000',
  /** Lines that may be credits: −10^12 … 10^12. */
  signed: 'an amount from -1,000,000,000,000 to 1,000,000,000,000',
} as const;

/** A finite number within the range (negative only when `signed`). */
export function isAmountInRange(n: number, signed = false): boolean {
  return Number.isFinite(n) && Math.abs(n) <= MAX_AMOUNT && (signed || n >= 0);
}
