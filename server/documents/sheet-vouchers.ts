// The business panel's spreadsheet rows as vouchers: rows of one account and check number are one
// check; with details, each row adds its location and/or manufacturer line to that check.
import type { ChecksDataType, SheetRow } from '../../src/model/checks-data.ts';
import type { VoucherData } from './voucher-data.ts';

const cents = (n: number) => Math.round(n * 100);

export function vouchersFromSheet(type: ChecksDataType, rows: readonly SheetRow[]): VoucherData[] {
  const byCheck = new Map<string, VoucherData>();
  for (const row of rows) {
    const key = JSON.stringify([row.relationship, row.account, row.checkNumber]);
    let v = byCheck.get(key);
    if (!v) {
      v = {
        payee: row.account, relationship: row.relationship, platformClientId: '', checkno: row.checkNumber,
        amount: row.checkAmount ?? 0, paymentmethod: row.method, date: isoDay(row.date), quarter: row.quarter,
        locations: [], manufacturers: [],
      };
      byCheck.set(key, v);
    }
    if (type === 'checks' || row.amount === null) continue;
    if (row.location) v.locations.push({ name: row.location, amount: row.amount });
    if (row.manufacturer) v.manufacturers.push({ name: row.manufacturer, amount: row.amount });
  }
  // Details alone give no check amount: the check is what its lines add up to.
  if (type === 'details') {
    for (const v of byCheck.values()) v.amount = (v.locations.length ? v.locations : v.manufacturers).reduce((s, l) => s + cents(l.amount), 0) / 100;
  }
  return [...byCheck.values()];
}

/** A date cell as YYYY-MM-DD when it reads as one ('' otherwise: the voucher leaves it blank). */
function isoDay(value: string): string {
  const d = value ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : '';
}
