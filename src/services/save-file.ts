// Handing a downloaded file to the user: saved under its name, or printed from a hidden frame.
// Each is an Observable that does it on subscription and completes, for a service's pipeline.
import Papa from 'papaparse';
import { defer, of, type Observable } from 'rxjs';
import { neutraliseRows } from '../model/csv-cells.ts';
import type { CsvExport } from '../model/dashboard-exports.ts';

/** Saves the blob as a file under `fileName` (the browser's download). */
export const saveFile = (blob: Blob, fileName: string): Observable<void> => defer(() => of(saveBlob(blob, fileName)));

/** Saves the rows as a CSV file, each cell made safe to open in a spreadsheet (analytics spec §6). */
export const saveCsv = ({ fileName, rows }: CsvExport): Observable<void> =>
  defer(() => saveFile(new Blob([Papa.unparse(neutraliseRows(rows))], { type: 'text/csv;charset=utf-8' }), fileName));

/** Opens the browser's print dialog on a PDF. */
export const printFile = (blob: Blob): Observable<void> => defer(() => of(printPdf(blob)));

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A hidden frame holding the PDF prints it once loaded. */
function printPdf(blob: Blob): void {
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'print-frame';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.append(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 10 * 60_000);
}

