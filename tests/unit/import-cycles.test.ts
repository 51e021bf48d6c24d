// No import circles in server/ or src/: a module that imports itself back (through others) loads half
// initialised, and two modules that need each other are one module in two files. Type-only
// imports count too: they tie the files together all the same.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each file's relative imports, as paths from the project root. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const targets = [...fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((m) => path.relative(ROOT, path.resolve(path.dirname(file), m[1]!)));
    graph.set(path.relative(ROOT, file), [...new Set(targets)]);
  }
  return graph;
}

/** Every circle, once, as the files around it (depth-first search; a back edge closes a circle). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found = new Map<string, string[]>();
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (file: string) => {
    const at = stack.indexOf(file);
    if (at >= 0) {
      const circle = stack.slice(at);
      found.set([...circle].sort().join(' '), circle);
      return;
    }
    if (done.has(file) || !graph.has(file)) return;
    stack.push(file);
    for (const next of graph.get(file)!) visit(next);
    stack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return [...found.values()];
}

describe('import circles', () => {
  it('are found when there is one', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts', 'd.ts']], ['d.ts', []]]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(circles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('read the server’s real imports', () => {
    const graph = importGraph(path.join(ROOT, 'server'));
    expect(graph.get('server/app.ts')).toContain('server/auth/gate.ts');
  });

  it.each(['server', 'src'])('are none in %s/', (dir) => {
    expect(circles(importGraph(path.join(ROOT, dir))).map((c) => [...c, c[0]].join(' → '))).toEqual([]);
  });
});
