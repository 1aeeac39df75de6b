// The sandbox page's images: checked like a provider would (a real image, not too large) and then
// dropped. Nothing is written anywhere: the sandbox decides by the tester's choice, not by the pictures.

/** The largest image the sandbox takes (decoded). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const SIGNATURES: Array<{ type: string; bytes: number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46] },
];

/** Null when the data URL holds a PNG, JPEG or WebP image within the size limit; else what is wrong. */
export function imageProblem(dataUrl: string, label: string): string | null {
  const match = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+=*)$/.exec(dataUrl);
  if (!match) return `The ${label} must be a PNG, JPEG or WebP image.`;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0) return `The ${label} is empty.`;
  if (bytes.length > MAX_IMAGE_BYTES) return `The ${label} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
  const signature = SIGNATURES.find((s) => s.type === match[1]);
  if (!signature || !signature.bytes.every((b, i) => bytes[i] === b)) return `The ${label} is not a ${match[1]} image.`;
  return null;
}
