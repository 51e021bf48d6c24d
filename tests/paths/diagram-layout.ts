import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { diagramEdges, edgeLabel, type DiagramEdge } from './machine-diagram.ts';

/**
 * Where the diagram draws things: states in columns by their distance from the initial state, one
 * curved arrow per pair of states carrying its events, and each arrow's label put at the first spot
 * along its curve that overlaps no state and no label placed before it. Everything is then shifted
 * so nothing starts left of (or above) the margin: labels used to be cut at the left edge.
 */

export const BOX = { w: 170, h: 34, col: 330, row: 100, pad: 40 };
/** Label size estimate for 11px system-ui text: width per character, height. */
const CHAR_W = 6.4;
const LABEL_H = 15;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LaidEdge {
  from: string;
  to: string;
  group: DiagramEdge[];
  label: string;
  /** SVG path data. */
  d: string;
  /** Label box; its text is centred in it. */
  labelBox: Rect;
  /** The point of the arrow the label was moved away from, when it was (a leader line joins them). */
  leader?: Point;
}

export interface Layout {
  width: number;
  height: number;
  boxes: Map<string, Rect>;
  edges: LaidEdge[];
}

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

const overlap = (a: Rect, b: Rect) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

export type Point = [number, number];
/** A spot for a label, and the point of its arrow it stands for. */
type Spot = { at: Point; base: Point };
const onCurve = ([x1, y1]: Point, [mx, my]: Point, [x2, y2]: Point, t: number): Point => [
  (1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t ** 2 * x2,
  (1 - t) ** 2 * y1 + 2 * (1 - t) * t * my + t ** 2 * y2,
];

/** Spots to try for a label, nearest the middle of the curve first, then nudged up and down, then sideways. */
function spots(curve: (t: number) => Point): Spot[] {
  const ts = [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82];
  const nudges = [0, -16, 16, -32, 32, -48, 48, -64, 64, -80, 80, -96, 96];
  return [0, -60, 60, -120, 120].flatMap((dx) =>
    nudges.flatMap((dy) => ts.map((t): Spot => ({ at: [curve(t)[0] + dx, curve(t)[1] + dy], base: curve(t) }))),
  );
}

/** When every usual spot is taken (a busy state): a wider ring of spots around the first, nearest first, each with a leader. */
function fartherSpots(first: Spot): Spot[] {
  const offsets: Point[] = [];
  for (let dx = -480; dx <= 480; dx += 40) for (let dy = -240; dy <= 240; dy += 16) offsets.push([dx, dy]);
  offsets.sort((p, q) => Math.hypot(...p) - Math.hypot(...q));
  return offsets.map(([dx, dy]) => ({ at: [first.at[0] + dx, first.at[1] + dy], base: first.base }));
}

/** The first spot whose label overlaps nothing placed (else the least overlapping), and a leader when it is far from its arrow. */
function place(label: string, candidates: Spot[], taken: Rect[]): { box: Rect; leader?: Point } {
  const w = label.length * CHAR_W + 8;
  const rect = ({ at: [x, y] }: Spot) => ({ x: x - w / 2, y: y - LABEL_H / 2, w, h: LABEL_H });
  const cost = (s: Spot) => taken.reduce((sum, t) => sum + overlap(rect(s), t), 0);
  const free = candidates.find((s) => cost(s) === 0) ?? fartherSpots(candidates[0]!).find((s) => cost(s) === 0);
  const best = free ?? candidates.reduce((b, s) => (cost(s) < cost(b) ? s : b));
  const far = Math.hypot(best.at[0] - best.base[0], best.at[1] - best.base[1]) > 20;
  return { box: rect(best), ...(far ? { leader: best.base } : {}) };
}

export function layout(entry: RegisteredMachine): Layout {
  const states = Object.keys(entry.machine.root.states);
  const initial = String(entry.machine.config.initial);
  const edges = diagramEdges(entry.machine);
  const layer = layers(states, initial, edges);
  const rows = new Map<number, number>();
  const boxes = new Map<string, Rect>();
  for (const s of states) {
    const l = layer.get(s)!;
    const r = rows.get(l) ?? 0;
    rows.set(l, r + 1);
    boxes.set(s, { x: l * BOX.col, y: 20 + r * BOX.row, w: BOX.w, h: BOX.h });
  }
  const pairs = new Map<string, DiagramEdge[]>();
  // Machine-wide events that only run actions would loop on every box: they are in the table below.
  for (const e of edges.filter((x) => !(x.anyState && x.targetless))) pairs.set(`${e.from}\u0000${e.to}`, [...(pairs.get(`${e.from}\u0000${e.to}`) ?? []), e]);

  const taken: Rect[] = [...boxes.values()].map((b) => ({ x: b.x - 4, y: b.y - 4, w: b.w + 8, h: b.h + 8 }));
  const laid: LaidEdge[] = [...pairs.values()].map((group) => {
    const { from, to } = group[0]!;
    const a = boxes.get(from)!;
    const b = boxes.get(to)!;
    // Two events side by side while short; else the first and how many more (the title and table list all).
    const both = group.map(edgeLabel).join(', ');
    const label = group.length === 1 || (group.length === 2 && both.length <= 44) ? both : `${edgeLabel(group[0]!)} +${group.length - 1}`;
    let d: string;
    let candidates: Spot[];
    if (from === to) {
      const x = a.x + BOX.w / 2;
      d = `M${x - 20},${a.y} C${x - 30},${a.y - 30} ${x + 30},${a.y - 30} ${x + 20},${a.y}`;
      const near: Point[] = [[0, -30], [0, -46], [0, -62], [0, BOX.h + 14], [0, BOX.h + 30], [-60, -30], [60, -30], [-60, BOX.h + 14], [60, BOX.h + 14]];
      // A state with many loops: further above and below, and aside, with a leader to its loop.
      const further = [0, -60, 60, -120, 120, -180, 180].flatMap((ox) => [-78, -94, -110, -126, BOX.h + 46, BOX.h + 62, BOX.h + 78].map((oy): Point => [ox, oy]));
      const around = [...near, ...further];
      candidates = around.map(([ox, oy]): Spot => ({ at: [x + ox, a.y + oy], base: [x, a.y - 22] }));
    } else {
      // From the side of one box to the facing side of the other (top/bottom within a column).
      const sameColumn = a.x === b.x;
      const down = b.y > a.y ? 1 : -1;
      const right = b.x > a.x ? 1 : -1;
      const p1: Point = sameColumn ? [a.x + BOX.w / 2 + 20 * down, a.y + (down > 0 ? BOX.h : 0)] : [a.x + (right > 0 ? BOX.w : 0), a.y + BOX.h / 2];
      const p2: Point = sameColumn ? [b.x + BOX.w / 2 + 20 * down, b.y + (down > 0 ? 0 : BOX.h)] : [b.x + (right > 0 ? 0 : BOX.w), b.y + BOX.h / 2];
      // Bend each arrow to its left, so A→B and B→A do not overlap.
      const c: Point = [(p1[0] + p2[0]) / 2 - (p2[1] - p1[1]) * 0.2, (p1[1] + p2[1]) / 2 + (p2[0] - p1[0]) * 0.2];
      d = `M${p1[0]},${p1[1]} Q${c[0]},${c[1]} ${p2[0]},${p2[1]}`;
      candidates = spots((t) => onCurve(p1, c, p2, t));
    }
    const { box: labelBox, leader } = place(label, candidates, taken);
    taken.push(labelBox);
    return { from, to, group, label, d, labelBox, ...(leader ? { leader } : {}) };
  });

  // Shift everything by the margin less the smallest coordinate, so labels bent left or up stay in view.
  const all = [...boxes.values(), ...laid.map((e) => e.labelBox), ...[...boxes.values()].map((b) => ({ ...b, y: b.y - 32, h: 32 }))];
  const dx = BOX.pad - Math.min(...all.map((r) => r.x));
  const dy = BOX.pad - Math.min(...all.map((r) => r.y));
  const shift = (r: Rect) => ({ ...r, x: r.x + dx, y: r.y + dy });
  const moved = laid.map((e) => ({
    ...e,
    d: e.d.replace(/(-?[\d.]+),(-?[\d.]+)/g, (_, x: string, y: string) => `${round(Number(x) + dx)},${round(Number(y) + dy)}`),
    labelBox: shift(e.labelBox),
    ...(e.leader ? { leader: [e.leader[0] + dx, e.leader[1] + dy] as Point } : {}),
  }));
  const shifted = new Map([...boxes].map(([s, r]) => [s, shift(r)]));
  const rects = [...shifted.values(), ...moved.map((e) => e.labelBox)];
  return {
    width: Math.ceil(Math.max(...rects.map((r) => r.x + r.w)) + BOX.pad),
    height: Math.ceil(Math.max(...rects.map((r) => r.y + r.h)) + BOX.pad),
    boxes: shifted,
    edges: moved,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Pairs of labels that overlap, and labels on a state box: what a readable diagram has none of. */
export function collisions(l: Layout): string[] {
  const found: string[] = [];
  const labels = l.edges.map((e) => e.labelBox);
  labels.forEach((a, i) => {
    labels.slice(i + 1).forEach((b, j) => overlap(a, b) > 0 && found.push(`${l.edges[i]!.label} / ${l.edges[i + 1 + j]!.label}`));
    for (const [s, box] of l.boxes) if (overlap(a, box) > 0) found.push(`${l.edges[i]!.label} on ${s}`);
    if (a.x < 0 || a.y < 0 || a.x + a.w > l.width || a.y + a.h > l.height) found.push(`${l.edges[i]!.label} cut at the edge`);
  });
  return found;
}
