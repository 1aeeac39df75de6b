// A catalogue picture an admin uploads (ADR 023), handled as the profile picture is (ADR 019): its type
// comes from its first bytes, never the declared Content-Type or a file name; it is re-encoded as WebP,
// which keeps only the pixels (no EXIF, ICC profile or whatever a crafted file hides after its image).
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { CATALOGUE_IMAGE_MAX_SIDE } from '@store/shared';
import { AppError } from '../../lib/errors.ts';
import type { StoredImage } from './admin-repository.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture's format by its magic bytes; null for anything else (GIF, SVG, HTML, text, ...). */
export function detectImageType(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Above this many pixels a picture is refused before it is decoded (a small file can claim a huge image). */
const MAX_SOURCE_PIXELS = 40_000_000;

const unreadable = () => new AppError(400, 'INVALID_IMAGE', 'This picture could not be read. Try another file.', 'image');

/**
 * The upload as a WebP whose longest side is at most CATALOGUE_IMAGE_MAX_SIDE (never enlarged), turned
 * upright first. 415 for what is not a PNG, JPEG or WebP; 400 for one that cannot be read or is too big.
 */
export async function toCatalogImage(upload: Buffer): Promise<StoredImage> {
  const type = detectImageType(upload);
  if (!type) throw new AppError(415, 'UNSUPPORTED_IMAGE_TYPE', 'Upload a PNG, JPEG or WebP picture.', 'image');
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw unreadable();
  }
  // The header and the signature must agree: a PNG signature in front of something else is not a PNG.
  if (metadata.format !== type) throw unreadable();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_SOURCE_PIXELS) {
    throw new AppError(
      400,
      'IMAGE_TOO_LARGE',
      `This picture has too many pixels (at most ${MAX_SOURCE_PIXELS / 1_000_000} million).`,
      'image',
    );
  }
  try {
    const { data, info } = await sharp(upload, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(CATALOGUE_IMAGE_MAX_SIDE, CATALOGUE_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const key = createHash('sha256').update(data).digest('hex').slice(0, 32);
    return { key, contentType: 'image/webp', bytes: data, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}
