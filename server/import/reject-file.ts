// The reject file: every row the import refused, with its line number and the reason, followed
// by the row's own values, so the user can fix them in place and load the rejects as a new file.
import fs from 'node:fs';
import { once } from 'node:events';
import Papa from 'papaparse';

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
        out.write(Papa.unparse([['line', 'reason', ...header()]]) + '\r\n');
      }
      count++;
      if (!out.write(Papa.unparse([[String(line), reason, ...values]]) + '\r\n')) await once(out, 'drain');
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
