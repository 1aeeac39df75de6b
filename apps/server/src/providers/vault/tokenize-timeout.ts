// Apart from tokenizer-script.ts so the tokenizer's browser script (browser/tokenizer.ts) and its tests share it.

/** No answer from a frame within this time and tokenize gives up (a frame that never loaded, a hung vault). */
export const TOKENIZE_TIMEOUT_MS = 15_000;
