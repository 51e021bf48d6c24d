// The Pay / No Pay Summary (exceljs): one row per visible merchant of the house for the quarter,
// 'Pay' with its paid check or 'No Pay' without one; typed cells, currency format, a header row.
// Text cells pass the portal's one CSV rule, so the sheet saved again as CSV runs no formula.
import ExcelJS from 'exceljs';
import { neutraliseCell } from '../../src/model/csv-cells.ts';

export interface PayNoPayRow {
  platformClientId: string;
  merchant: string;
  accountName: string | null;
  district: string | null;
  paymentmethod: string | null;
  paymentrouting: string | null;
  checkno: string | null;
  /** null: no paid check this quarter. */
  amount: number | null;
}

const CURRENCY = '"$"#,##0.00';

export async function payNoPayWorkbook(quarterLabel: string, house: string, rows: readonly PayNoPayRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Distributor Portal';
  const sheet = book.addWorksheet('Pay - No Pay', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Platform Client Id', key: 'platformClientId', width: 18 },
    { header: 'Customer Name', key: 'merchant', width: 34 },
    { header: 'Account Name', key: 'accountName', width: 28 },
    { header: 'Distributor District', key: 'district', width: 18 },
    { header: 'Pay / No Pay', key: 'pay', width: 12 },
    { header: 'Payment Method', key: 'paymentmethod', width: 15 },
    { header: 'Payment Routing', key: 'paymentrouting', width: 15 },
    { header: 'Check Number', key: 'checkno', width: 16 },
    { header: 'Amount', key: 'amount', width: 14, style: { numFmt: CURRENCY } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const text = { platformClientId: r.platformClientId, merchant: r.merchant, accountName: r.accountName, district: r.district,
      pay: r.amount === null ? 'No Pay' : 'Pay', paymentmethod: r.paymentmethod, paymentrouting: r.paymentrouting, checkno: r.checkno };
    sheet.addRow({ ...Object.fromEntries(Object.entries(text).map(([k, v]) => [k, neutraliseCell(v)])), amount: r.amount ?? 0 });
  }
  sheet.autoFilter = { from: 'A1', to: 'I1' };
  book.title = `${quarterLabel} Pay / No Pay Summary — ${house}`;
  return Buffer.from(await book.xlsx.writeBuffer());
}
