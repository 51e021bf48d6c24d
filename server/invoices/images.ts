// What an uploaded image is, decided from its bytes (never its name or the browser's word), with a
// pixel limit so a small file that decodes to a huge bitmap (a decompression bomb) is refused.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { skewOf, type Turn } from './deskew.ts';

export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** 40 megapixels: a 600 dpi letter page is 34; anything larger is refused before decoding. */
export const MAX_PIXELS = 40_000_000;
// libvips's operation cache keeps decoded pages around (20 MB of peak memory per reader); every page is new.
sharp.cache(false);

export type CheckedImage = { contentType: (typeof ACCEPTED_TYPES)[number]; width: number; height: number; thumbnail: Buffer };
export class ImageRefused extends Error {}

export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  const type = await fileTypeFromBuffer(bytes);
  const contentType = ACCEPTED_TYPES.find((t) => t === type?.mime);
  if (!contentType) throw new ImageRefused('Only png, jpg and gif images are accepted.');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new ImageRefused('The image could not be read.');
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) throw new ImageRefused('The image has too many pixels.');
  try {
    const thumbnail = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().resize({ width: 240, withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();
    return { contentType, width: meta.width, height: meta.height, thumbnail };
  } catch {
    throw new ImageRefused('The image could not be read.');
  }
}

/**
 * Pages are read 2,400 px wide (a letter page at 280 dpi). Tesseract's memory grows with the
 * pixels, but 2,000 px lost header fields on speckled pages and 2,200 px read fewer lines.
 */
const WORKING_WIDTH = 2400;

/** A page ready for tesseract; `turn` says how it was turned level, when it was. */
export type PreparedImage = { data: Buffer; width: number; height: number; turn?: Turn };

const BLOCK = 48;

/**
 * The light falling on each part of the page: per 48-px block the 90th percentile of its pixels
 * (paper, whatever print the block holds), smoothed and stretched back to full size.
 */
async function lightOf(grey: Buffer, width: number, height: number): Promise<Buffer> {
  const cols = Math.ceil(width / BLOCK), rows = Math.ceil(height / BLOCK);
  const histograms = new Uint32Array(cols * rows * 256);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / BLOCK) * cols;
    for (let x = 0; x < width; x++) histograms[(row + Math.floor(x / BLOCK)) * 256 + grey[y * width + x]!]! += 1;
  }
  const grid = Buffer.alloc(cols * rows);
  for (let b = 0; b < cols * rows; b++) {
    const histogram = histograms.subarray(b * 256, (b + 1) * 256);
    grid[b] = percentile(histogram, histogram.reduce((sum, n) => sum + n, 0), 0.9);
  }
  const raw = { raw: { width: cols, height: rows, channels: 1 as const } };
  // sharp turns one-channel raw input into three channels unless told to keep it grey.
  const smooth = await sharp(grid, raw).blur(1.5).toColourspace('b-w').raw().toBuffer();
  return sharp(smooth, raw).resize({ width, height, fit: 'fill', kernel: 'cubic' }).toColourspace('b-w').raw().toBuffer();
}

/** A grey level evened by the light on it: EVEN[light × 256 + grey] (a table is faster than dividing). */
const EVEN = Uint8Array.from({ length: 65536 }, (_, i) => Math.min(255, Math.round(((i & 255) * 255) / Math.max(i >> 8, 1))));

/** The grey level below which `share` of the page lies. */
function percentile(histogram: Uint32Array, pixels: number, share: number): number {
  let seen = 0, v = 0;
  while (v < 255 && (seen += histogram[v]!) < pixels * share) v++;
  return v;
}

/**
 * The contrast stretched from the darkest 1 % (to black) to the lightest 1 % (to white), as sharp's
 * normalise does, which reads speckled pages best; but the black point is never above 160, so a
 * nearly blank page (whose darkest 1 % is paper) is not stretched into a field of specks.
 */
function stretch(grey: Buffer, histogram: Uint32Array): void {
  const ink = Math.min(percentile(histogram, grey.length, 0.01), 160);
  const paper = Math.max(percentile(histogram, grey.length, 0.99), ink + 1);
  const table = Uint8Array.from({ length: 256 }, (_, v) => Math.min(255, Math.max(0, Math.round(((v - ink) * 255) / (paper - ink)))));
  for (let i = 0; i < grey.length; i++) grey[i] = table[grey[i]!]!;
}

type GreyPage = { data: Buffer; width: number; height: number; turn?: Turn };

/** The page turned so that its lines run level (a turn under 0.2°, 8 px over the page width, is left alone). */
async function turnLevel(page: GreyPage): Promise<GreyPage> {
  const skew = skewOf(page.data, page.width, page.height);
  if (Math.abs(skew) < 0.2) return page;
  const { data, info } = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .rotate(-skew, { background: '#ffffff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, turn: { degrees: skew, width: page.width, height: page.height } };
}

/**
 * Upright (EXIF orientation), grey, WORKING_WIDTH wide, evened out, contrast-stretched, turned level
 * (./deskew.ts), 300 dpi noted (tesseract sizes its text by it): what tesseract reads best.
 * Evening out divides each pixel by the light on its part of the page, so a phone photo's
 * shadowed corner is as white as its middle and one threshold fits the whole page. (A median
 * filter against specks cost more on thin print than it won on noise; taking table rules off
 * before reading helped ruled pages but left speckled rules in dashes read as print.)
 */
export async function prepareForOcr(bytes: Buffer): Promise<PreparedImage> {
  const { data: grey, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate()
    .resize({ width: WORKING_WIDTH, withoutEnlargement: false, kernel: 'lanczos3' }).toColourspace('b-w').raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const light = await lightOf(grey, width, height);
  const even = Buffer.alloc(grey.length);
  const histogram = new Uint32Array(256);
  for (let i = 0; i < grey.length; i++) histogram[even[i] = EVEN[(light[i]! << 8) | grey[i]!]!]! += 1;
  stretch(even, histogram);
  const level = await turnLevel({ data: even, width, height });
  const data = await sharp(level.data, { raw: { width: level.width, height: level.height, channels: 1 } }).withMetadata({ density: 300 }).png({ compressionLevel: 1 }).toBuffer();
  return { data, width: level.width, height: level.height, turn: level.turn };
}

/** A page a quarter, half or three quarters turned (clockwise), for one that came in sideways or upside down. */
export type QuarterTurn = 90 | 180 | 270;

/** The prepared page turned `degrees` clockwise; its `turn` still leads back to the page as uploaded. */
export async function turnedBy(page: PreparedImage, degrees: QuarterTurn): Promise<PreparedImage> {
  const { data, info } = await sharp(page.data).rotate(degrees).withMetadata({ density: 300 }).png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const before = page.turn ?? { degrees: 0, width: page.width, height: page.height };
  // sharp turns by -turn.degrees (turnLevel): one more turn of `degrees` is one turn in all.
  return { data, width: info.width, height: info.height, turn: { ...before, degrees: before.degrees - degrees } };
}
