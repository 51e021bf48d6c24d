// The documents of many pages or files (business panel checks data, bulk print, bulk export), as
// streams drawn one check at a time. They run in a worker thread (server/workers/documents-worker.ts)
// so the request loop stays free; the tasks are plain data that cross the thread boundary.
import type { Readable } from 'node:stream';
import type { ChecksDataType, SheetRow } from '../../src/model/checks-data.ts';
import { checkDetailsName, voucherName, type RebateCheck } from '../../src/model/payments.ts';
import { drawCheckDetails, drawVoucher, pdfBuffer, pdfStream } from './pdf.ts';
import { vouchersFromSheet } from './sheet-vouchers.ts';
import { fromRebateCheck } from './voucher-data.ts';
import { zipStream, type ZipEntry } from './zip-stream.ts';

interface BulkTask {
  timeframe: string;
  /** In the list's order. */
  checks: RebateCheck[];
  getVouchers: boolean;
  getCheckDetails: boolean;
}

export type DocumentTask =
  | { kind: 'checks-data'; type: ChecksDataType; rows: SheetRow[] }
  | ({ kind: 'bulk-print' } & BulkTask)
  | ({ kind: 'bulk-export' } & BulkTask);

export function heavyDocument(task: DocumentTask): Readable {
  if (task.kind === 'checks-data') return checksDataPdf(task.type, task.rows);
  return task.kind === 'bulk-print' ? bulkPrint(task) : bulkExport(task);
}

/** The admin's spreadsheet as vouchers and/or check details, one PDF. */
function checksDataPdf(type: ChecksDataType, rows: readonly SheetRow[]): Readable {
  return pdfStream('Checks Data', vouchersFromSheet(type, rows), (doc, v) => {
    if (type !== 'details') drawVoucher(doc, v);
    if (type !== 'checks') drawCheckDetails(doc, v);
  });
}

function bulkPrint(task: BulkTask): Readable {
  return pdfStream('Bulk Print', task.checks, (doc, check) => {
    const data = fromRebateCheck(check, task.timeframe);
    if (task.getVouchers) drawVoucher(doc, data);
    if (task.getCheckDetails) drawCheckDetails(doc, data);
  });
}

/** One PDF made at a time, pushed into the ZIP and released before the next. */
function bulkExport(task: BulkTask): Readable {
  const names = uniqueNames(task.checks);
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const [i, check] of task.checks.entries()) {
      const data = fromRebateCheck(check, task.timeframe);
      if (task.getVouchers) yield { name: voucherName(task.timeframe, names[i]!), data: await pdfBuffer((doc) => drawVoucher(doc, data), 'Voucher') };
      if (task.getCheckDetails) yield { name: checkDetailsName(task.timeframe, names[i]!), data: await pdfBuffer((doc) => drawCheckDetails(doc, data), 'Check Details') };
    }
  }
  return zipStream(entries());
}

/** One file name per merchant in a bundle: a second merchant of the same name gets its platform id. */
function uniqueNames(checks: readonly RebateCheck[]): string[] {
  const seen = new Set<string>();
  return checks.map((c) => {
    const name = seen.has(c.merchant) ? `${c.merchant} (${c.platformClientId})` : c.merchant;
    seen.add(name);
    return name;
  });
}
