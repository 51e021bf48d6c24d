// A CSV is read as a stream, but a parser still builds one row whole: a file of one endless line
// (or one quoted field running to the end) would become one string of up to the upload's size in
// the server's own memory. This pass refuses a row past `rowChars` characters before papaparse
// sees it. Quotes are tracked, so a quoted field's line breaks do not end the row; a doubled quote
// toggles twice and changes nothing. (Rows themselves cost nothing here: a CSV has no row limit.)
import { Transform } from 'node:stream';
import { FileLimitError, REFUSALS, type FileLimits } from './file-limits.ts';

export function boundedCsv(limits: FileLimits): Transform {
  let inQuotes = false;
  let rowChars = 0;
  return new Transform({
    decodeStrings: false,
    encoding: 'utf8',
    transform(chunk: string, _encoding, done) {
      let at = 0;
      while (at < chunk.length) {
        const quote = chunk.indexOf('"', at);
        const newline = inQuotes ? -1 : chunk.indexOf('\n', at);
        const next = Math.min(quote < 0 ? chunk.length : quote, newline < 0 ? chunk.length : newline);
        rowChars += next - at;
        if (rowChars > limits.rowChars) return done(new FileLimitError(REFUSALS.rowChars(limits)));
        if (next === chunk.length) break;
        if (next === quote) inQuotes = !inQuotes;
        else rowChars = 0;
        at = next + 1;
      }
      done(null, chunk);
    },
  });
}
