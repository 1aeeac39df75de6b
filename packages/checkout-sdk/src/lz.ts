/**
 * lz-string ships as CommonJS (a UMD object); a default import reads it the same way under Node, Vite and
 * esbuild. Re-exported by name so the rest of the package does not care.
 */
import LZString from 'lz-string';

export const compressToEncodedURIComponent: (input: string) => string = LZString.compressToEncodedURIComponent;
export const decompressFromEncodedURIComponent: (input: string) => string | null = LZString.decompressFromEncodedURIComponent;
