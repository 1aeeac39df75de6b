// How deeply a JSON text nests its arrays and objects, read in one pass before anything parses or
// walks it. A 64 KB body can nest tens of thousands of levels; every later step (validation, the input
// guard, a handler) would pay for that depth, so too deep a body is refused here, in time linear in its
// length whatever its shape.

/** Deeper than any body the API takes (the deepest today is 3 levels); a sane bound for tomorrow's. */
export const MAX_JSON_NESTING = 32;

export interface NestingScan {
  /** True once the nesting went past the limit; the scan stops there. */
  tooDeep: boolean;
  /** Characters read: never more than the text's length (what a test can hold the scan to). */
  examined: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Reads the text once, left to right, counting open brackets outside strings. It does not check that
 * the text is valid JSON (JSON.parse does that next); it only decides whether the parse is worth doing.
 */
export function scanJsonNesting(text: string, limit = MAX_JSON_NESTING): NestingScan {
  let depth = 0;
  let inString = false;
  let i = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > limit) return { tooDeep: true, examined: i + 1 };
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return { tooDeep: false, examined: Math.min(i, text.length) };
}
