import { ChainError } from './types.ts';

/** Every node call has a time limit: past it, or on a transport failure, the chain counts as unreachable. */
export async function withNodeTimeout<T>(chainLabel: string, timeoutMs: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unreachable(chainLabel, new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function unreachable(chainLabel: string, cause?: unknown): ChainError {
  return new ChainError('NODE_UNREACHABLE', `The ${chainLabel} node is not reachable.`, { cause });
}

/** Polls `check` until it is no longer pending or `timeoutMs` passed (then the last pending answer). */
export async function pollUntilSettled<T extends { status: string }>(
  check: () => Promise<T>,
  timeoutMs: number,
  intervalMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result.status !== 'pending' || Date.now() + intervalMs > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
