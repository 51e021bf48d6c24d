import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { layout } from './diagram-layout.ts';
import { edgeLabel } from './machine-diagram.ts';
import { escapeHtml as escape } from './html-escape.ts';

/** The machine's diagram as inline SVG, drawn where diagram-layout.ts put things. */

export const DIAGRAM_STYLE = `.edge{fill:none;stroke:#888;stroke-width:1.3;marker-end:url(#arrow)}
.leader{stroke:#1a4d8f;stroke-width:.6;stroke-dasharray:2 2;opacity:.6}
.label{font-size:11px;fill:#1a4d8f;text-anchor:middle;dominant-baseline:central;paint-order:stroke;stroke:#fff;stroke-width:3px}
.state{fill:#eef3fb;stroke:#1a4d8f}.initial{stroke-width:3}.final{fill:#e8f5e9}
.name{text-anchor:middle;font-weight:600}`;

export function diagramSvg(entry: RegisteredMachine): string {
  const { width, height, boxes, edges } = layout(entry);
  const initial = String(entry.machine.config.initial);
  const arrows = edges.map(({ from, to, group, label, d, labelBox: r, leader }) => {
    const title = `<title>${escape(group.map((e) => `${from} → ${to}: ${edgeLabel(e)}`).join('\n'))}</title>`;
    const line = leader ? `<line x1="${leader[0]}" y1="${leader[1]}" x2="${r.x + r.w / 2}" y2="${r.y + r.h / 2}" class="leader"/>` : '';
    return `<g>${title}<path d="${d}" class="edge"/>${line}<text x="${r.x + r.w / 2}" y="${r.y + r.h / 2}" class="label">${escape(label)}</text></g>`;
  });
  const states = [...boxes].map(([s, { x, y, w, h }]) => {
    const final = entry.machine.root.states[s]!.type === 'final';
    return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" class="state${s === initial ? ' initial' : ''}${final ? ' final' : ''}"/><text x="${x + w / 2}" y="${y + 22}" class="name">${escape(s)}</text></g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>',
    ...arrows,
    // Boxes last, so arrows pass under them; labels were placed off the boxes.
    ...states,
    '</svg>',
  ].join('\n');
}
