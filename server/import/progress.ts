// The import's progress line: rows read, rows per second, rejects. On a terminal it is redrawn in
// place a few times a second; in a log (not a TTY) a new line every few seconds instead, so a
// cron job's log holds a readable history rather than carriage returns.
export interface ImportProgress {
  rowsRead: number;
  rejects: number;
  elapsedMs: number;
  /** What the import does once every row is read (the database's part can take a while). */
  stage?: string;
}

interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export function progressLine(p: ImportProgress): string {
  const perSecond = p.elapsedMs > 0 ? Math.round((p.rowsRead * 1000) / p.elapsedMs) : 0;
  return `${p.rowsRead.toLocaleString('en-US')} rows read · ${perSecond.toLocaleString('en-US')} rows/s · ` +
    `${p.rejects.toLocaleString('en-US')} rejected · ${(p.elapsedMs / 1000).toFixed(1)} s${p.stage ? ` · ${p.stage}…` : ''}`;
}

export function progressReporter(out: Output): { update(p: ImportProgress): void; done(): void } {
  const tty = Boolean(out.isTTY);
  const every = tty ? 200 : 5000;
  let last = 0;
  let drawn = false;
  let stage: string | undefined;
  return {
    update(p) {
      // A new stage is shown at once; rows are redrawn at most every `every` ms.
      if (p.elapsedMs - last < every && p.stage === stage) return;
      stage = p.stage;
      last = p.elapsedMs;
      if (tty) {
        out.write(`\r\x1b[2K${progressLine(p)}`);
        drawn = true;
      } else {
        out.write(`${progressLine(p)}\n`);
      }
    },
    done() {
      if (drawn) out.write('\r\x1b[2K');
    },
  };
}
