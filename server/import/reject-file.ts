// The reject file: every row the import refused, with its line number and the reason, followed
// by the row's own values, so the user can fix them in place and load the rejects as a new file.
// Every cell passes the portal's one CSV rule: a value a spreadsheet would run as a formula is
// written as text (the file holds whatever the uploaded file held).
import fs from 'node:fs';
import { once } from 'node:events';
import Papa from 'papaparse';
import { neutraliseCell } from '../../src/model/csv-cells.ts';

const csvLine = (cells: readonly string[]) => Papa.unparse([cells.map(neutraliseCell)]) + '\r\n';

export interface RejectFile {
  add(line: number, reason: string, values: readonly string[]): Promise<void>;
  /** Closes the file; removes it (and any stale one from an earlier run) when nothing was rejected. */
  close(): Promise<number>;
  /** The import failed: a partial reject file would describe a batch that was never loaded. */
  discard(): Promise<void>;
}

export function rejectFile(path: string, header: () => readonly string[]): RejectFile {
  let out: fs.WriteStream | null = null;
  let count = 0;
  const end = async () => {
    const stream = out;
    out = null;
    if (stream) await new Promise<void>((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
  };
  return {
    async add(line, reason, values) {
      if (!out) {
        out = fs.createWriteStream(path);
        out.write(csvLine(['line', 'reason', ...header()]));
      }
      count++;
      if (!out.write(csvLine([String(line), reason, ...values]))) await once(out, 'drain');
    },
    async close() {
      await end();
      if (!count) fs.rmSync(path, { force: true });
      return count;
    },
    async discard() {
      await end();
      fs.rmSync(path, { force: true });
    },
  };
}
