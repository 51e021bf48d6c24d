// An index's state as one file that every API process of a machine maps into memory: the typed
// arrays (nearly all of its bytes) are views of the mapping, so the page cache holds them once
// however many processes read them; everything else (numbers, strings, small lists) is JSON.
//
// Layout: "PIDX" and the format version (8 bytes), the JSON's length (8), the JSON, then each
// array at an offset that is a multiple of 8 (a Float64Array's view needs it). The JSON holds
// the state with each typed array replaced by { "@array": type, "at": offset, "length": n }.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type Mmap from '@riaskov/mmap-io';

/**
 * The native mmap binding, or why it cannot be loaded (built for another Node version, say: it
 * is compiled at install). Without it each process builds its own index (shared-index.ts).
 */
export const mmapBinding: { mmap: typeof Mmap } | { error: string } = (() => {
  try {
    return { mmap: createRequire(import.meta.url)('@riaskov/mmap-io') as typeof Mmap };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]! };
  }
})();

const MAGIC = 'PIDX';
/** Bumped when the layout or any index's state changes: an older file is then built anew. */
export const INDEX_FORMAT = 1;
const HEAD = 16;

const TYPES = { Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float64Array } as const;
type TypeName = keyof typeof TYPES;
type Typed = InstanceType<(typeof TYPES)[TypeName]>;
interface ArrayRef { '@array': TypeName; at: number; length: number }

const typeOf = (value: unknown): TypeName | null => {
  if (!ArrayBuffer.isView(value)) return null;
  const name = value.constructor.name;
  if (!(name in TYPES)) throw new Error(`index files hold no ${name}`);
  return name as TypeName;
};
const aligned = (n: number) => Math.ceil(n / 8) * 8;

/** Writes `state` to `file` (through a temporary file renamed at the end: a reader never sees half of one). */
export function writeIndexFile(file: string, state: unknown): void {
  const arrays: Typed[] = [];
  let end = 0;
  const json = Buffer.from(JSON.stringify(state, (_key, value: unknown) => {
    const type = typeOf(value);
    if (!type) return value;
    const array = value as Typed;
    const ref: ArrayRef = { '@array': type, at: end, length: array.length };
    arrays.push(array);
    end = aligned(end + array.byteLength);
    return ref;
  }));
  const start = aligned(HEAD + json.length);
  const head = Buffer.alloc(HEAD);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(INDEX_FORMAT, 4);
  head.writeBigUInt64LE(BigInt(json.length), 8);
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(fd, head, 0, HEAD, 0);
    fs.writeSync(fd, json, 0, json.length, HEAD);
    let at = start;
    for (const array of arrays) {
      fs.writeSync(fd, new Uint8Array(array.buffer, array.byteOffset, array.byteLength), 0, array.byteLength, at);
      at = aligned(at + array.byteLength);
    }
    fs.ftruncateSync(fd, start + end);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
}

/**
 * The state written to `file`, its arrays views of a private read-write mapping: pages stay the
 * page cache's until written, and a write (none is meant) copies a page instead of changing the
 * file under the other processes. Throws on a file that is not a whole index file of this format.
 */
export function readIndexFile<T>(file: string): T {
  if ('error' in mmapBinding) throw new Error(`index files cannot be mapped: ${mmapBinding.error}`);
  const { mmap } = mmapBinding;
  const fd = fs.openSync(file, 'r');
  let mapped: Buffer;
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(HEAD);
    if (size < HEAD || fs.readSync(fd, head, 0, HEAD, 0) < HEAD || head.toString('latin1', 0, 4) !== MAGIC) throw new Error(`${file} is not an index file`);
    if (head.readUInt32LE(4) !== INDEX_FORMAT) throw new Error(`${file} is of index format ${head.readUInt32LE(4)}, not ${INDEX_FORMAT}`);
    const jsonLength = Number(head.readBigUInt64LE(8));
    if (HEAD + jsonLength > size) throw new Error(`${file} is cut short`);
    // WILLNEED: the file is read ahead in the background, so a process mapping a file no longer
    // in the page cache (a restart) does not wait on the disk at its first requests.
    mapped = mmap.map(size, 3 /* PROT_READ | PROT_WRITE */, mmap.MAP_PRIVATE, fd, 0, mmap.MADV_WILLNEED);
  } finally {
    fs.closeSync(fd);
  }
  const jsonLength = Number(mapped.readBigUInt64LE(8));
  const start = mapped.byteOffset + aligned(HEAD + jsonLength);
  return JSON.parse(mapped.toString('utf8', HEAD, HEAD + jsonLength), (_key, value: unknown) => {
    if (!value || typeof value !== 'object' || !('@array' in value)) return value;
    const ref = value as ArrayRef;
    const Type = TYPES[ref['@array']];
    if (!Type || start + ref.at + ref.length * Type.BYTES_PER_ELEMENT > mapped.byteOffset + mapped.length) throw new Error(`${file} is cut short`);
    return new Type(mapped.buffer as ArrayBuffer, start + ref.at, ref.length);
  }) as T;
}
