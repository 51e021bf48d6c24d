import { describe, expect, it } from 'vitest';
import { decodeImportRow } from './purchase-import.ts';

const row = {
  distributor_platform_id: 'CP-123456', merchant_platform_id: 'MP-500123', merchant_account_number: '', invoice_id: 'INV-1',
  invoice_date: '2026-10-05', min: '10000123', description: 'Tomatoes, diced 6/#10', manufacturer_platform_id: 'MF-200000',
  manufacturer_name: '', category: 'Canned', pack: '6/#10', uom: 'CS', weight: '', quantity: '2', unit_price: '',
  market_index_low: '30', market_index_high: '34.5',
};

describe('an import row', () => {
  it('takes a row naming its merchant either way, with optional columns left out of the header', () => {
    expect(decodeImportRow(row).ok).toBe(true);
    expect(decodeImportRow({ ...row, merchant_platform_id: '', merchant_account_number: '10412' }).ok).toBe(true);
    const { pack: _p, uom: _u, weight: _w, description: _d, ...lean } = row;
    expect(decodeImportRow(lean)).toMatchObject({ ok: true, value: { pack: '', weight: '' } });
  });

  it.each([
    [{ merchant_platform_id: '' }, 'merchant_platform_id or merchant_account_number is required'],
    [{ quantity: '0' }, 'quantity must be a number above 0 like 12.50 (at most 4 decimals)'],
    [{ quantity: '-2' }, 'quantity must be a number above 0 like 12.50 (at most 4 decimals)'],
    [{ unit_price: '1,200.00' }, 'unit_price must be a number of 0 or more like 12.50 (at most 4 decimals), or empty'],
    [{ invoice_date: '05/10/2026' }, 'invoice_date must be a date between 2000-01-01 and 2099-12-31 as YYYY-MM-DD'],
    [{ distributor_platform_id: 'CP-12' }, "distributor_platform_id must be a distributor platform id like 'CP-000123'"],
    [{ market_index_low: '40' }, 'market_index_low must not exceed market_index_high'],
    [{ description: 'Tomatoes\u0000' }, 'description must not contain control characters'],
    [{ invoice_id: '' }, 'invoice_id is required'],
  ])('rejects %o with a reason the user can act on', (change, reason) => {
    expect(decodeImportRow({ ...row, ...change })).toEqual({ ok: false, errors: [reason] });
  });
});
