// The profile picture's bytes (ADR 019): what an upload is, told from its first bytes (never from the
// declared Content-Type or a file name), and the square WebP the store keeps and serves instead of it.
// Re-encoding drops everything but the pixels: EXIF (a phone's GPS position), ICC profiles, comments,
// and whatever a crafted file hides after its image data.
import sharp, { type Metadata } from 'sharp';
import { AVATAR_SIZE } from '@store/shared';
import { AppError } from '../../lib/errors.ts';

export type AvatarSourceType = 'png' | 'jpeg' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture's format by its magic bytes; null for anything else (GIF, SVG, text, HTML, ...). */
export function detectImageType(bytes: Buffer): AvatarSourceType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Above this many pixels a picture is refused before it is decoded (a small file can claim a huge image). */
export const MAX_SOURCE_PIXELS = 40_000_000;

export const UNSUPPORTED_IMAGE_MESSAGE = 'Upload a PNG, JPEG or WebP picture.';

export interface AvatarImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

const unreadable = () => new AppError(400, 'INVALID_IMAGE', 'This picture could not be read. Try another file.', 'image');

/**
 * The uploaded picture as a square WebP of AVATAR_SIZE pixels (cropped to its centre, turned upright by
 * its EXIF orientation first). 415 for what is not a PNG, JPEG or WebP; 400 for one that cannot be read
 * or claims more than MAX_SOURCE_PIXELS.
 */
export async function toAvatarImage(upload: Buffer): Promise<AvatarImage> {
  const type = detectImageType(upload);
  if (!type) throw new AppError(415, 'UNSUPPORTED_IMAGE_TYPE', UNSUPPORTED_IMAGE_MESSAGE, 'image');
  const options = { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' as const };
  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit is applied below, with its own message.
    metadata = await sharp(upload, { ...options, limitInputPixels: false }).metadata();
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
    const { data, info } = await sharp(upload, options)
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}
