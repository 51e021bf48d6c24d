import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INDEX_FORMAT, readIndexFile, writeIndexFile } from './index-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'index-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const state = {
  version: '42',
  names: { itemMin: ['', null, 'MIN-A'], rank: Int32Array.from([2, -1, 0]) },
  // Odd lengths before a Float64Array: its view still starts on a multiple of 8.
  columns: [Int16Array.from([-3, 7, 32767]), Uint8Array.from([1]), Float64Array.from([0.5, -(2 ** 52), 1e300]), null],
  days: Uint16Array.from([0, 65535]),
  empty: new Int32Array(0),
};

describe('index files', () => {
  it('give back every array with its type and values, and the rest as written', () => {
    const file = path.join(dir, 'round-trip.idx');
    writeIndexFile(file, state);
    const read = readIndexFile<typeof state>(file);
    expect(read).toEqual(state);
    expect(read.columns[2]).toBeInstanceOf(Float64Array);
    expect(read.columns[2]!.byteOffset % 8).toBe(0);
    expect(read.days).toBeInstanceOf(Uint16Array);
    expect(fs.readdirSync(dir)).toEqual(['round-trip.idx']); // no temporary file left
  });

  it('are shared, not copied: the arrays are views of one mapping of the file', () => {
    const file = path.join(dir, 'views.idx');
    writeIndexFile(file, state);
    const read = readIndexFile<typeof state>(file);
    expect(read.columns[0]!.buffer).toBe(read.days.buffer);
    expect(read.days.buffer.byteLength).toBe(fs.statSync(file).size);
  });

  it('refuse a file cut short, another format, or not an index file at all', () => {
    const file = path.join(dir, 'whole.idx');
    writeIndexFile(file, state);
    const bytes = fs.readFileSync(file);
    const variant = (name: string, content: Buffer) => (fs.writeFileSync(path.join(dir, name), content), path.join(dir, name));
    expect(() => readIndexFile(variant('cut.idx', bytes.subarray(0, bytes.length - 8)))).toThrow(/cut short/);
    expect(() => readIndexFile(variant('head.idx', bytes.subarray(0, 40)))).toThrow(/cut short/);
    const older = Buffer.from(bytes);
    older.writeUInt32LE(INDEX_FORMAT + 1, 4);
    expect(() => readIndexFile(variant('format.idx', older))).toThrow(/index format/);
    expect(() => readIndexFile(variant('text.idx', Buffer.from('{"version":"42"}')))).toThrow(/not an index file/);
  });

  it('keep a write into a mapped array out of the file the other processes read', () => {
    const file = path.join(dir, 'private.idx');
    writeIndexFile(file, state);
    readIndexFile<typeof state>(file).days[0] = 9;
    expect(readIndexFile<typeof state>(file).days[0]).toBe(0);
  });
});
