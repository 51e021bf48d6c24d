// Invoice pages are read in a process of their own, started with the first page and kept for the
// pages after it, one page at a time. Reading holds a lot of memory that tesseract's WebAssembly
// heap and libvips never hand back; in a process of its own that memory goes back to the system
// when the reader is replaced (past `recycleAboveMb` after a page) or stops (idle), a page that
// hangs or crashes the reader costs that page only, and the API server stays small. The reader
// runs with two malloc arenas: glibc's default of one per thread (libvips' and tesseract's) left
// the freed memory of each page scattered (peak 605 MB against 456 MB over 30 pages).
import { fork, type ChildProcess } from 'node:child_process';
import { processEntry } from '../workers/entry.ts';
import { ReaderStopped, type InvoiceReader, type Reading } from './reader.ts';

export type ReaderRequest = { image: Uint8Array };
export type ReaderAnswer = ({ ok: true; reading: Reading } | { ok: false; message: string }) & { rssMb: number; peakRssMb: number };
export type ReaderProcessOptions = {
  /** A reader holding more than this after a page is replaced before the next page. */
  recycleAboveMb?: number;
  /** A reader with nothing to read for this long stops, and hands its memory back. */
  idleSeconds?: number;
  /** A page not read in this time is given up and its reader killed. */
  timeoutSeconds?: number;
};
/** `peakRssMb`: the most any reader process held; `started`: how many were started. */
export type ReaderProcess = InvoiceReader & { stats(): { peakRssMb: number; started: number } };

const CHILD = processEntry(new URL('./reader-child.ts', import.meta.url));

export function startReaderProcess(options: ReaderProcessOptions = {}): ReaderProcess {
  const { recycleAboveMb = 400, idleSeconds = 300, timeoutSeconds = 90 } = options;
  let child: ChildProcess | null = null;
  let idle: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const stats = { peakRssMb: 0, started: 0 };

  function spawn(): ChildProcess {
    const c = fork(CHILD.modulePath, [], {
      execArgv: CHILD.execArgv,
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const forget = () => { if (child === c) child = null; };
    c.on('exit', forget).on('error', forget);
    stats.started += 1;
    return (child = c);
  }

  /** Stops a reader: it closes its OCR when the channel closes; killed if it has not in 5 s. */
  function retire(c: ChildProcess): void {
    if (child === c) child = null;
    if (c.connected) c.disconnect();
    setTimeout(() => c.kill('SIGKILL'), 5000).unref();
  }

  function readOnce(image: Buffer): Promise<Reading> {
    clearTimeout(idle);
    const c = child ?? spawn();
    return new Promise<Reading>((resolve, reject) => {
      const settle = (error: Error | null, reading?: Reading) => {
        clearTimeout(timer);
        c.off('message', onAnswer).off('exit', onExit).off('error', onError);
        if (error) reject(error); else resolve(reading!);
        idle = setTimeout(() => child && retire(child), idleSeconds * 1000).unref();
      };
      const onAnswer = (answer: ReaderAnswer) => {
        stats.peakRssMb = Math.max(stats.peakRssMb, answer.peakRssMb);
        if (answer.rssMb > recycleAboveMb) retire(c);
        if (answer.ok) settle(null, answer.reading); else settle(new Error(answer.message));
      };
      const onExit = (code: number | null, signal: string | null) => settle(new ReaderStopped(`The reader stopped (${signal ?? `exit code ${code}`}) while reading the page.`));
      const timer = setTimeout(() => { retire(c); c.kill('SIGKILL'); settle(new ReaderStopped(`The page was not read in ${timeoutSeconds} s.`)); }, timeoutSeconds * 1000);
      const onError = (error: Error) => settle(new ReaderStopped(`The reader could not be reached: ${error.message}`));
      c.on('message', onAnswer).on('exit', onExit).on('error', onError);
      c.send({ image } satisfies ReaderRequest, (error) => { if (error) onError(error); });
    });
  }

  return {
    read(image) {
      const run = chain.then(() => readOnce(image));
      chain = run.catch(() => undefined);
      return run;
    },
    async close() {
      clearTimeout(idle);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      retire(c);
      await exited;
    },
    stats: () => ({ ...stats }),
  };
}
