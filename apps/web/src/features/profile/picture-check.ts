import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@store/shared';

export const AVATAR_MAX_MEGABYTES = AVATAR_MAX_BYTES / 1024 / 1024;
export const PICTURE_TYPE_TEXT = 'Choose a PNG, JPEG or WebP picture.';
export const PICTURE_SIZE_TEXT = `Choose a picture of at most ${AVATAR_MAX_MEGABYTES} MB.`;

/**
 * Why a chosen file cannot be a profile picture, before it is sent (null when it may be): the server
 * looks at the bytes themselves and has the last word; this spares a shopper a long upload for nothing.
 */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_TEXT;
  if (file.size > AVATAR_MAX_BYTES) return PICTURE_SIZE_TEXT;
  return null;
}

/** What to tell the shopper about a refused upload, by its status (the server's message otherwise). */
export function uploadRefusalText(status: number | null, message: string | null): string | null {
  if (status === 413) return PICTURE_SIZE_TEXT;
  if (status === 415) return PICTURE_TYPE_TEXT;
  if (status === 400) return message;
  return null;
}
