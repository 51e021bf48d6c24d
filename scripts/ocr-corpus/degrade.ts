// The degraded twin of a clean page: what a phone photo or a poor scan does to it. Each image gets
// its own seeded mix of two to four effects, applied in a fixed order (the paper turns, the light
// falls on it, the lens blurs, the sensor adds noise, the camera compresses). Always a JPEG.
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { Rng } from './random.ts';

type Raw = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
const EFFECTS = ['rotate', 'light', 'blur', 'noise', 'jpeg'] as const;

const toRaw = async (img: Sharp): Promise<Raw> => {
  const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
};
const fromRaw = (r: Raw) => sharp(r.data, { raw: r.info });

/** A brightness gradient from one side and a vignette, multiplied over the page like uneven room light. */
function lightOverlays(width: number, height: number, r: Rng): OverlayOptions[] {
  const grey = (v: number) => `rgb(${Math.round(v)},${Math.round(v * 0.97)},${Math.round(v * 0.9)})`;
  const angle = r.range(0, 2 * Math.PI);
  const [x2, y2] = [0.5 + 0.5 * Math.cos(angle), 0.5 + 0.5 * Math.sin(angle)];
  const svg = (defs: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs}</defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`);
  const gradient = svg(`<linearGradient id="g" x1="${1 - x2}" y1="${1 - y2}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${grey(255)}"/><stop offset="1" stop-color="${grey(r.range(150, 200))}"/></linearGradient>`);
  const vignette = svg(`<radialGradient id="g" cx="${r.range(0.35, 0.65)}" cy="${r.range(0.35, 0.65)}" r="0.75"><stop offset="0.5" stop-color="#ffffff"/><stop offset="1" stop-color="${grey(r.range(150, 210))}"/></radialGradient>`);
  return [{ input: gradient, blend: 'multiply' }, { input: vignette, blend: 'multiply' }];
}

/** Zero-mean noise of standard deviation `sigma` on every sample (roughly Gaussian: the sum of three uniforms, whose σ is 1/2). */
function addNoise(raw: Raw, sigma: number, r: Rng): Raw {
  const data = Buffer.from(raw.data);
  for (let i = 0; i < data.length; i++) {
    const n = (r.next() + r.next() + r.next() - 1.5) * 2 * sigma;
    data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + n)));
  }
  return { data, info: raw.info };
}

export async function degrade(clean: Buffer, r: Rng): Promise<{ image: Buffer; effects: string[] }> {
  // Two to four effects out of five, drawn by a partial shuffle.
  const pool = [...EFFECTS];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const chosen = new Set(pool.slice(0, r.int(2, 4)));
  const effects: string[] = [];
  let raw = await toRaw(sharp(clean));
  if (chosen.has('rotate')) {
    const angle = Math.round(r.range(0.5, 3) * (r.chance(0.5) ? 1 : -1) * 100) / 100;
    raw = await toRaw(fromRaw(raw).rotate(angle, { background: '#ffffff' }));
    effects.push(`rotate ${angle}°`);
  }
  if (chosen.has('light')) {
    raw = await toRaw(fromRaw(raw).composite(lightOverlays(raw.info.width, raw.info.height, r)));
    effects.push('uneven light');
  }
  if (chosen.has('blur')) {
    const sigma = Math.round(r.range(0.6, 1.2) * 100) / 100;
    raw = await toRaw(fromRaw(raw).blur(sigma));
    effects.push(`blur ${sigma}`);
  }
  if (chosen.has('noise')) {
    // From a phone in good light to a dim room.
    const sigma = Math.round(r.range(5, 15));
    raw = addNoise(raw, sigma, r);
    effects.push(`noise σ${sigma}`);
  }
  const quality = chosen.has('jpeg') ? 40 : 85;
  if (chosen.has('jpeg')) effects.push('jpeg 40');
  return { image: await fromRaw(raw).jpeg({ quality }).toBuffer(), effects };
}
