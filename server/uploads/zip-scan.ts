// Reads an uploaded workbook (a ZIP of XML parts) once, bounded, before any parser believes it:
// the central directory gives the entries, each entry must sit where its local header says with
// nothing hidden between them (so a streaming reader such as exceljs's sees the same entries), and
// every entry is inflated chunk by chunk, counting the bytes that really come out: declared sizes
// are never trusted. XML parts go through XmlScan for depth, shared strings, rows and columns.
import fs from 'node:fs';
import { Inflate } from 'fflate';
import { FileLimitError, REFUSALS, type FileLimits } from './file-limits.ts';
import { XmlScan } from './xml-scan.ts';

const EOCD = 0x06054b50, CENTRAL = 0x02014b50, LOCAL = 0x04034b50, DESCRIPTOR = 0x08074b50;
/** Where exceljs looks for them (workbook-reader.js): the same unanchored patterns. */
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;
const MAX_DIRECTORY_BYTES = 16 * 2 ** 20;

interface Entry {
  name: string;
  flags: number;
  method: number;
  packed: number;
  offset: number;
  /** Where its packed bytes start, found from its local header. */
  dataStart: number;
}

const damaged = (why: string) => new FileLimitError(REFUSALS.damaged(why));

/** Resolves when the workbook at `file` stays within `limits`; throws a FileLimitError naming the bound otherwise. */
export async function scanWorkbook(file: string, limits: FileLimits): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  let entries: Entry[];
  try {
    entries = await readEntries(handle, limits);
  } finally {
    await handle.close();
  }
  let total = 0;
  for (const entry of entries) total = await scanEntry(file, entry, limits, total);
}

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) throw damaged('it ends too soon');
  return buffer;
}

async function readEntries(handle: fs.promises.FileHandle, limits: FileLimits): Promise<Entry[]> {
  const size = (await handle.stat()).size;
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let at = tail.length - 22;
  while (at >= 0 && tail.readUInt32LE(at) !== EOCD) at--;
  if (at < 0) throw damaged('no ZIP directory');
  const count = tail.readUInt16LE(at + 10);
  const directorySize = tail.readUInt32LE(at + 12);
  const directoryOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw damaged('a ZIP64 archive');
  if (count > limits.entries) throw new FileLimitError(REFUSALS.entries(limits));
  const end = size - tailLength + at;
  if (directoryOffset + directorySize > end || directorySize > MAX_DIRECTORY_BYTES) throw damaged('its ZIP directory is out of place');

  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: Entry[] = [];
  for (let p = 0; p < directory.length; ) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) throw damaged('its ZIP directory is damaged');
    const nameLength = directory.readUInt16LE(p + 28);
    const name = directory.toString('utf8', p + 46, p + 46 + nameLength);
    entries.push({
      name, flags: directory.readUInt16LE(p + 8), method: directory.readUInt16LE(p + 10),
      packed: directory.readUInt32LE(p + 20), offset: directory.readUInt32LE(p + 42), dataStart: 0,
    });
    if (entries.length > limits.entries) throw new FileLimitError(REFUSALS.entries(limits));
    p += 46 + nameLength + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32);
  }
  if (entries.length !== count) throw damaged('its ZIP directory is damaged');

  // The entries, in file order, must follow one another from the first byte to the directory.
  entries.sort((a, b) => a.offset - b.offset);
  let expected = 0;
  for (const entry of entries) {
    if (entry.offset !== expected) throw damaged('its entries overlap or leave gaps');
    const local = await readAt(handle, entry.offset, 30);
    if (local.readUInt32LE(0) !== LOCAL) throw damaged('an entry without its header');
    const nameLength = local.readUInt16LE(26);
    const localName = (await readAt(handle, entry.offset + 30, nameLength)).toString('utf8');
    if (localName !== entry.name) throw damaged('an entry whose names disagree');
    entry.dataStart = entry.offset + 30 + nameLength + local.readUInt16LE(28);
    expected = entry.dataStart + entry.packed;
    if (expected > directoryOffset) throw damaged('its entries overlap or leave gaps');
    // A data descriptor (flag bit 3) follows the data: 12 bytes, or 16 with its signature.
    if (entry.flags & 8) expected += (await readAt(handle, expected, 4)).readUInt32LE(0) === DESCRIPTOR ? 16 : 12;
  }
  if (expected !== directoryOffset) throw damaged('its entries overlap or leave gaps');
  return entries;
}

/** Inflates one entry, counting and scanning what comes out; returns the running total of unpacked bytes. */
async function scanEntry(file: string, entry: Entry, limits: FileLimits, totalBefore: number): Promise<number> {
  if (entry.method !== 0 && entry.method !== 8) throw damaged(`${entry.name} uses compression method ${entry.method}`);
  const xml = xmlScanFor(entry.name, limits);
  let out = 0;
  const take = (bytes: Uint8Array) => {
    out += bytes.length;
    if (out > limits.entryBytes) throw new FileLimitError(REFUSALS.entryBytes(limits, entry.name));
    if (totalBefore + out > limits.totalBytes) throw new FileLimitError(REFUSALS.totalBytes(limits));
    if (out > limits.ratioFloorBytes && out > limits.ratio * entry.packed) throw new FileLimitError(REFUSALS.ratio(limits, entry.name));
    xml?.push(bytes);
  };
  const inflate = entry.method === 8 ? new Inflate((bytes) => take(bytes)) : null;
  if (entry.packed > 0) {
    // Small reads: one packed chunk can unpack to about a thousand times its size before the next check.
    const input = fs.createReadStream(file, { start: entry.dataStart, end: entry.dataStart + entry.packed - 1, highWaterMark: 16 * 1024 });
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        if (inflate) inflate.push(chunk, false);
        else take(chunk);
      }
      inflate?.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof FileLimitError) throw error;
      throw damaged(`${entry.name}: ${(error as Error).message}`);
    } finally {
      input.destroy();
    }
  }
  return totalBefore + out;
}

/** The XML scan an entry gets: depth for every XML part, plus the counts of shared strings and worksheets. */
function xmlScanFor(name: string, limits: FileLimits): XmlScan | null {
  const sharedStrings = name === SHARED_STRINGS;
  const worksheet = WORKSHEET.test(name);
  if (!sharedStrings && !worksheet && !/\.(xml|rels|vml)$/i.test(name)) return null;
  let strings = 0, rows = 0, cells = 0;
  return new XmlScan({
    maxDepth: limits.xmlDepth,
    tooDeep: () => {
      throw new FileLimitError(REFUSALS.xmlDepth(limits, name));
    },
    open: (tag) => {
      if (sharedStrings && tag === 'si' && ++strings > limits.sharedStrings) throw new FileLimitError(REFUSALS.sharedStrings(limits));
      if (!worksheet) return;
      if (tag === 'row') {
        cells = 0;
        if (++rows > limits.rows) throw new FileLimitError(REFUSALS.rows(limits));
      } else if (tag === 'c' && ++cells > limits.columns) throw new FileLimitError(REFUSALS.columns(limits));
    },
  });
}
