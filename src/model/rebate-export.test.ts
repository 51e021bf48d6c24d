import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sampleRebateRow } from '../machines/rebates/rebate-samples.ts';
import { neutraliseRows } from './csv-cells.ts';
import { rebatesDetailsExport, rebatesExport } from './rebate-export.ts';

describe('rebate exports', () => {
  it('names the files for internal use and shows revealed values', () => {
    const row = { ...sampleRebateRow(2), rebateValue: 4.5, deviationValue: 12.5 };
    const exported = rebatesExport('all', [row]);
    expect(exported.fileName).toBe('All Rebates For internal use only.csv');
    expect(exported.rows[0]).toMatchObject({ Rebate: '4.5%', 'Deviated Price': '$12.50', Description: 'Item Number 2' });
    expect(rebatesDetailsExport('yours', [row]).fileName).toBe('Your Rebates Page Details For internal use only.csv');
  });

  it('neutralises a description that a spreadsheet would run as a formula', () => {
    const row = { ...sampleRebateRow(1), description: '=HYPERLINK("x")', manufacturer: '@evil' };
    const csv = Papa.unparse(neutraliseRows(rebatesDetailsExport('all', [row]).rows));
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`'@evil`);
  });
});
