import { existsSync, readFileSync } from 'node:fs';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { fraction } from './coverage.ts';
import type { Figures } from './machine-figures.ts';

/**
 * The per-machine figures of docs/qa.md, written there by `npm run paths` between two markers, so
 * the guide's numbers are the generator's and the catalogue test fails when they go stale.
 */

export const QA_GUIDE = 'docs/qa.md';
const START = '<!-- figures: written by npm run paths -->';
const END = '<!-- end of figures -->';

export function figuresTable(machines: readonly [RegisteredMachine, Figures][]): string[] {
  return [
    '| Machine | Paths | States | Transitions | to another state | data only | Unit replay | Browser: paths | Browser: states | Browser: transitions |',
    '| --- | ---: | --- | --- | ---: | ---: | --- | ---: | --- | --- |',
    ...machines.map(([entry, f]) => {
      const g = f.generated;
      const b = f.browser;
      const browser = b ? [`${b.replayed.length}/${f.paths.length}`, fraction(b.coverage.states), fraction(b.coverage.transitions)] : ['—', '—', '—'];
      return `| [${entry.name}](paths/${entry.name}.html) | ${f.paths.length} | ${fraction(g.states)} | ${fraction(g.transitions)} | ${g.changing.reached}/${g.changing.all} | ${g.staying.reached}/${g.staying.all} | ${f.unitReplay ? 'every path' : '—'} | ${browser.join(' | ')} |`;
    }),
  ];
}

/** docs/qa.md with its figures replaced; undefined when the guide has no markers (nothing to write). */
export function guideWithFigures(table: string[], guide = QA_GUIDE): string | undefined {
  const text = existsSync(guide) ? readFileSync(guide, 'utf8') : '';
  const [start, end] = [text.indexOf(START), text.indexOf(END)];
  if (start < 0 || end < start) return undefined;
  return `${text.slice(0, start + START.length)}\n${table.join('\n')}\n${text.slice(end)}`;
}
