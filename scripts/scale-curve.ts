// The plot of npm run bench:scale: memory per API process and the varied mix's p97.5 against
// purchase lines, as one self-contained SVG (two panels side by side, lines on a log scale).

export interface ScalePoint { lines: number; rssMb: number; p97_5: number }

const W = 360;
const H = 240;
const PAD = 48;

function panel(points: ScalePoint[], value: (p: ScalePoint) => number, title: string, unit: string, x0: number): string {
  const xs = points.map((p) => Math.log10(p.lines));
  const [xMin, xMax] = [Math.min(...xs) - 0.2, Math.max(...xs) + 0.2];
  const yMax = Math.max(...points.map(value)) * 1.2 || 1;
  const px = (lines: number) => x0 + PAD + ((Math.log10(lines) - xMin) / (xMax - xMin)) * (W - 2 * PAD);
  const py = (v: number) => H - PAD + 8 - (v / yMax) * (H - 2 * PAD);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${px(p.lines).toFixed(1)},${py(value(p)).toFixed(1)}`).join(' ');
  const dots = points.map((p) => `<circle cx="${px(p.lines).toFixed(1)}" cy="${py(value(p)).toFixed(1)}" r="4"/>` +
    `<text x="${px(p.lines).toFixed(1)}" y="${(py(value(p)) - 9).toFixed(1)}" text-anchor="middle">${Math.round(value(p))}</text>` +
    `<text x="${px(p.lines).toFixed(1)}" y="${H - PAD + 26}" text-anchor="middle">${(p.lines / 1e6).toFixed(1)} M</text>`).join('');
  return `<g><text x="${x0 + W / 2}" y="20" text-anchor="middle" font-weight="bold">${title}</text>` +
    `<line x1="${x0 + PAD}" y1="${H - PAD + 8}" x2="${x0 + W - PAD}" y2="${H - PAD + 8}" stroke="#555"/>` +
    `<line x1="${x0 + PAD}" y1="${PAD - 8}" x2="${x0 + PAD}" y2="${H - PAD + 8}" stroke="#555"/>` +
    `<text x="${x0 + 12}" y="${PAD - 14}">${unit}</text>` +
    `<path d="${line}" fill="none" stroke="#0b7285" stroke-width="2"/><g fill="#0b7285">${dots}</g></g>`;
}

export function scaleCurveSvg(points: ScalePoint[]): string {
  const sorted = [...points].sort((a, b) => a.lines - b.lines);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${H + 20}" font-family="sans-serif" font-size="12">` +
    `<rect width="100%" height="100%" fill="white"/>` +
    panel(sorted, (p) => p.rssMb, 'Memory per API process', 'MB', 0) +
    panel(sorted, (p) => p.p97_5, 'Varied mix p97.5 (200 connections)', 'ms', W) +
    `<text x="${W}" y="${H + 14}" text-anchor="middle">purchase lines (log scale)</text></svg>\n`;
}
