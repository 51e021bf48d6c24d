// Hostile workbooks made on the spot for the tests (never committed): a real workbook's parts with
// one part blown up. Parts stream through fflate's deflate, so a bomb of gigabytes unpacked costs
// only the time to deflate it, never the memory.
import fs from 'node:fs';
import { Zip, ZipDeflate } from 'fflate';

type Part = { name: string; body: () => Iterable<string> };

const text = (s: string) => () => [s];
/** The same string n times, in chunks of about a megabyte. */
export function* repeated(unit: string, n: number, head = '', tail = ''): Iterable<string> {
  yield head;
  const perChunk = Math.max(1, Math.floor(2 ** 20 / unit.length));
  for (let done = 0; done < n; done += perChunk) yield unit.repeat(Math.min(perChunk, n - done));
  yield tail;
}

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
const SST_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

const skeleton: Part[] = [
  { name: '[Content_Types].xml', body: text('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>') },
  { name: '_rels/.rels', body: text('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>') },
  { name: 'xl/workbook.xml', body: text('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Lines" sheetId="1" r:id="rId1"/></sheets></workbook>') },
  { name: 'xl/_rels/workbook.xml.rels', body: text('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>') },
];

const sharedStrings = (n: number): Part => ({ name: 'xl/sharedStrings.xml', body: () => repeated('<si><t>a</t></si>', n, SST_HEAD, '</sst>') });
const sheet = (rows: () => Iterable<string>, name = 'xl/worksheets/sheet1.xml'): Part => ({ name, body: rows });
const smallSheet = sheet(text(`${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`));

export const BOMBS = {
  /** The attack's shape: a shared-strings table of n entries placed before the worksheet. */
  sharedStrings: (n: number) => [...skeleton, sharedStrings(n), smallSheet],
  /** k worksheets of about `bytes` each (rows of one cell). */
  hugeSheets: (bytes: number, k = 1) => [...skeleton,
    ...Array.from({ length: k }, (_, i) => sheet(() => repeated('<row><c><v>1</v></c></row>', Math.ceil(bytes / 26), SHEET_HEAD, SHEET_TAIL), `xl/worksheets/sheet${i + 1}.xml`)),
    sharedStrings(1)],
  /** n tiny entries besides the workbook's own. */
  manyEntries: (n: number) => [...skeleton, sharedStrings(1), smallSheet,
    ...Array.from({ length: n }, (_, i): Part => ({ name: `xl/media/pad${i}.xml`, body: text('<a/>') }))],
  /** A worksheet whose one cell sits inside `depth` nested elements. */
  deepXml: (depth: number) => [...skeleton, sharedStrings(1),
    sheet(() => repeated('<x>', depth, `${SHEET_HEAD}<row r="1"><c r="A1"><is><t>`, `${'</x>'.repeat(depth)}</t></is></c></row>${SHEET_TAIL}`))],
  /** A worksheet of n rows, or one row of n cells. */
  rows: (n: number) => [...skeleton, sharedStrings(1), sheet(() => repeated('<row><c t="s"><v>0</v></c></row>', n, SHEET_HEAD, SHEET_TAIL))],
  /** One cell whose address puts it in a far column (exceljs would make a row as wide). */
  farRightCell: (column: string) => [...skeleton, sharedStrings(1), sheet(text(`${SHEET_HEAD}<row r="1"><c r="${column}1" t="s"><v>0</v></c></row>${SHEET_TAIL}`))],
  columns: (n: number) => [...skeleton, sharedStrings(1), sheet(() => repeated('<c t="s"><v>0</v></c>', n, `${SHEET_HEAD}<row r="1">`, `</row>${SHEET_TAIL}`))],
};

/** Writes the parts as a ZIP (deflated, with data descriptors, as fflate's and Excel's own writers do); resolves with its size. */
export async function writeWorkbook(file: string, parts: Part[]): Promise<number> {
  const out = fs.createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
  const zip = new Zip((err, data, final) => {
    if (err) throw err;
    out.write(data);
    if (final) out.end();
  });
  const encoder = new TextEncoder();
  for (const part of parts) {
    const entry = new ZipDeflate(part.name, { level: 6 });
    zip.add(entry);
    for (const chunk of part.body()) entry.push(encoder.encode(chunk));
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await done;
  return fs.statSync(file).size;
}
