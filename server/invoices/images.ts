// What an uploaded image is, decided from its bytes (never its name or the browser's word), with a
// pixel limit so a small file that decodes to a huge bitmap (a decompression bomb) is refused.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** 40 megapixels: a 600 dpi letter page is 34; anything larger is refused before decoding. */
export const MAX_PIXELS = 40_000_000;

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

export type PreparedImage = { data: Buffer; width: number; height: number };

/** Upright (EXIF orientation), grey, 2,400 px wide, contrast-stretched, 300 dpi noted: what tesseract reads best. */
export async function prepareForOcr(bytes: Buffer): Promise<PreparedImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().grayscale()
    .resize({ width: 2400, withoutEnlargement: false, kernel: 'lanczos3' }).normalise().withMetadata({ density: 300 }).png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
