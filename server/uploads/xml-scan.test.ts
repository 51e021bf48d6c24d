import { describe, expect, it } from 'vitest';
import { FileLimitError } from './file-limits.ts';
import { XmlScan } from './xml-scan.ts';

/** The elements opened (name@depth) and the deepest depth, feeding the text in chunks of `size` bytes. */
function scan(xml: string, size: number, maxDepth = 64) {
  const opened: string[] = [];
  const x = new XmlScan({ maxDepth, tooDeep: () => { throw new FileLimitError('too deep'); }, open: (name, depth) => void opened.push(`${name}@${depth}`) });
  const bytes = new TextEncoder().encode(xml);
  for (let i = 0; i < bytes.length; i += size) x.push(bytes.subarray(i, i + size));
  return opened;
}

const SHEET = `<?xml version="1.0"?><!-- a <comment> with > and <x> --><x:worksheet a="1 > 0" b='/>'><sheetData>
  <row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[ <not><a><tag> ]]></t></is></c><c r="B1"/></row></sheetData></x:worksheet>`;

describe('the XML scan', () => {
  it('follows nesting through comments, CDATA, quoted > and self-closing tags, in chunks of any size', () => {
    const expected = ['worksheet@1', 'sheetData@2', 'row@3', 'c@4', 'is@5', 't@6', 'c@4'];
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(scan(SHEET, size)).toEqual(expected);
  });

  it('stops at the depth allowed, and refuses a DOCTYPE (where entity bombs live)', () => {
    expect(() => scan('<a><b><c><d/></c></b></a>', 1, 3)).toThrow('too deep');
    expect(scan('<a><b><c/></b></a>', 1, 3)).toEqual(['a@1', 'b@2', 'c@3']);
    expect(() => scan('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', 5)).toThrow(/DOCTYPE/);
  });
});
