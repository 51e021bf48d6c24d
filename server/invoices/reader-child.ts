// The reader process that ./reader-process.ts starts: it reads the pages it is sent, one at a
// time, and answers each with the reading or the error, and the memory it holds.
import fs from 'node:fs';
import { createOcr } from './ocr.ts';
import { readImage } from './read-invoice.ts';
import type { ReaderAnswer, ReaderRequest } from './reader-process.ts';

// Not awaited here: a message that came before its handler was registered would be lost.
const ocr = createOcr();
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** The most memory this process has held (VmHWM, Linux), or what it holds now elsewhere. */
function peakRssMb(): number {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.existsSync('/proc/self/status') ? fs.readFileSync('/proc/self/status', 'utf8') : '');
  return hwm ? Math.round(Number(hwm[1]) / 1024) : mb(process.memoryUsage().rss);
}

process.on('message', (request: ReaderRequest) => {
  void ocr.then((o) => readImage(o, Buffer.from(request.image))).then(
    (reading): ReaderAnswer => ({ ok: true, reading, rssMb: mb(process.memoryUsage().rss), peakRssMb: peakRssMb() }),
    (error: unknown): ReaderAnswer => ({ ok: false, message: error instanceof Error ? error.message : String(error), rssMb: mb(process.memoryUsage().rss), peakRssMb: peakRssMb() }),
  ).then((answer) => process.send?.(answer));
});
// The server closed the channel (or died): nothing more will come.
process.on('disconnect', () => void ocr.then((o) => o.close()).finally(() => process.exit(0)));
