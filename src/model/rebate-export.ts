import { exportFileName } from './csv-cells.ts';
import type { CsvExport } from './dashboard-exports.ts';
import { formatMoney } from './format.ts';
import { formatDescription, formatRebate, rebateTypeLabel } from './rebate-format.ts';
import type { RebateRow } from './rebates.ts';

/** The rebate lists' CSV exports for internal admins (spec §2, §6); cells are neutralised on download. */

const listName = (scope: 'yours' | 'all') => (scope === 'yours' ? 'Your Rebates' : 'All Rebates');

/** Export: the loaded rows as the table shows them when revealed. */
export const rebatesExport = (scope: 'yours' | 'all', rows: readonly RebateRow[]): CsvExport => ({
  fileName: exportFileName(listName(scope)),
  rows: rows.map((r) => ({
    DIN: r.din ?? '',
    MIN: r.min,
    Description: formatDescription(r.description),
    Manufacturer: r.manufacturer,
    'Rebate Type': rebateTypeLabel(r.rebateType),
    Rebate: formatRebate(r.rebateType, r.rebateValue),
    'Deviated Price': r.deviationValue === null ? '' : formatMoney(r.deviationValue),
  })),
});

/** Export Page Details: every field of the loaded rows, raw, ids included. */
export const rebatesDetailsExport = (scope: 'yours' | 'all', rows: readonly RebateRow[]): CsvExport => ({
  fileName: exportFileName(listName(scope), 'Page Details'),
  rows: rows.map((r) => ({
    din: r.din ?? '',
    min: r.min,
    description: r.description,
    manufacturer: r.manufacturer,
    manufacturerPlatformId: r.manufacturerPlatformId,
    rebateType: r.rebateType,
    rebateValue: r.rebateValue,
    deviationValue: r.deviationValue ?? '',
    product_id: r.product_id,
    locationPlatformId: r.locationPlatformId ?? '',
  })),
});
