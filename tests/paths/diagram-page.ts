import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { diagramEdges, edgeLabel, mermaid, type DiagramEdge } from './machine-diagram.ts';

/**
 * A self-contained HTML page per machine (no scripts, no network): an SVG laid out here — states
 * in columns by their distance from the initial state, one arrow per pair of states carrying its
 * events — then every transition as a table, and the Mermaid source.
 */

const BOX = { w: 170, h: 34, col: 330, row: 100, pad: 40 };

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function layers(states: string[], initial: string, edges: DiagramEdge[]): Map<string, number> {
  const layer = new Map([[initial, 0]]);
  for (let queue = [initial]; queue.length; ) {
    const next: string[] = [];
    for (const s of queue) {
      for (const e of edges.filter((x) => x.from === s && !layer.has(x.to))) {
        layer.set(e.to, layer.get(s)! + 1);
        next.push(e.to);
      }
    }
    queue = next;
  }
  const last = Math.max(...layer.values()) + 1;
  for (const s of states) if (!layer.has(s)) layer.set(s, last);
  return layer;
}

function svg(entry: RegisteredMachine): string {
  const states = Object.keys(entry.machine.root.states);
  const initial = String(entry.machine.config.initial);
  const edges = diagramEdges(entry.machine);
  const layer = layers(states, initial, edges);
  const rows = new Map<number, number>();
  const at = new Map<string, { x: number; y: number }>();
  for (const s of states) {
    const l = layer.get(s)!;
    const r = rows.get(l) ?? 0;
    rows.set(l, r + 1);
    at.set(s, { x: BOX.pad + l * BOX.col, y: BOX.pad + 20 + r * BOX.row });
  }
  const width = BOX.pad * 2 + (Math.max(...layer.values()) + 1) * BOX.col;
  const height = BOX.pad * 2 + 40 + Math.max(...rows.values()) * BOX.row;
  const pairs = new Map<string, DiagramEdge[]>();
  // Machine-wide events that only run actions would loop on every box: they are in the table below.
  for (const e of edges.filter((x) => !(x.anyState && x.targetless))) pairs.set(`${e.from}\u0000${e.to}`, [...(pairs.get(`${e.from}\u0000${e.to}`) ?? []), e]);

  const arrows = [...pairs.values()].map((group) => {
    const { from, to } = group[0]!;
    const a = at.get(from)!;
    const b = at.get(to)!;
    const label = escape(group.length > 2 ? `${edgeLabel(group[0]!)} +${group.length - 1}` : group.map(edgeLabel).join(', '));
    const title = `<title>${escape(group.map((e) => `${from} → ${to}: ${edgeLabel(e)}`).join('\n'))}</title>`;
    if (from === to) {
      const x = a.x + BOX.w / 2;
      return `<g>${title}<path d="M${x - 20},${a.y} C${x - 30},${a.y - 30} ${x + 30},${a.y - 30} ${x + 20},${a.y}" class="edge"/><text x="${x}" y="${a.y - 24}" class="label">${label}</text></g>`;
    }
    // From the side of one box to the facing side of the other (top/bottom within a column).
    const sameColumn = a.x === b.x;
    const down = b.y > a.y ? 1 : -1;
    const right = b.x > a.x ? 1 : -1;
    const [x1, y1] = sameColumn ? [a.x + BOX.w / 2 + 20 * down, a.y + (down > 0 ? BOX.h : 0)] : [a.x + (right > 0 ? BOX.w : 0), a.y + BOX.h / 2];
    const [x2, y2] = sameColumn ? [b.x + BOX.w / 2 + 20 * down, b.y + (down > 0 ? 0 : BOX.h)] : [b.x + (right > 0 ? 0 : BOX.w), b.y + BOX.h / 2];
    // Bend each arrow to its left, so A→B and B→A do not overlap.
    const [mx, my] = [(x1 + x2) / 2 - (y2 - y1) * 0.2, (y1 + y2) / 2 + (x2 - x1) * 0.2];
    return `<g>${title}<path d="M${x1},${y1} Q${mx},${my} ${x2},${y2}" class="edge"/><text x="${mx}" y="${my}" class="label">${label}</text></g>`;
  });
  const boxes = states.map((s) => {
    const { x, y } = at.get(s)!;
    const final = entry.machine.root.states[s]!.type === 'final';
    return `<g><rect x="${x}" y="${y}" width="${BOX.w}" height="${BOX.h}" rx="8" class="state${s === initial ? ' initial' : ''}${final ? ' final' : ''}"/><text x="${x + BOX.w / 2}" y="${y + 22}" class="name">${escape(s)}</text></g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>',
    ...arrows,
    ...boxes,
    '</svg>',
  ].join('\n');
}

const STYLE = `body{font:14px system-ui,sans-serif;margin:24px;color:#222}
.edge{fill:none;stroke:#888;stroke-width:1.3;marker-end:url(#arrow)}
.label{font-size:11px;fill:#1a4d8f;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px}
.state{fill:#eef3fb;stroke:#1a4d8f}.initial{stroke-width:3}.final{fill:#e8f5e9}
.name{text-anchor:middle;font-weight:600}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}
pre{background:#f6f6f6;padding:12px}`;

export function diagramPage(entry: RegisteredMachine): string {
  const rows = diagramEdges(entry.machine).map(
    (e) => `<tr><td>${escape(e.from)}</td><td><code>${escape(e.event)}</code></td><td>${escape(e.guard ?? '')}</td><td>${escape(e.to)}</td></tr>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(entry.name)}</title><style>${STYLE}</style></head>
<body>
<h1>${escape(entry.name)}</h1>
<p>${escape(entry.description)}</p>
<p>Generated by <code>npm run paths</code> from the machine definition. Thick border: the initial state; green: a final state. Hover an arrow for all its events.</p>
${svg(entry)}
<h2>Transitions</h2>
<table><tr><th>From</th><th>Event</th><th>Guard</th><th>To</th></tr>
${rows.join('\n')}
</table>
<h2>Mermaid source</h2>
<pre>${escape(mermaid(entry.machine))}</pre>
</body></html>
`;
}
