// Long work done in batches gives the event loop a turn between them: an awaited query on the embedded
// database (PGlite runs in this thread) resolves without one, so a loop of them held every other request,
// socket and timer for the whole of it (issue 21: 1.9 s for a 10,000-code import).
import { setImmediate } from 'node:timers/promises';

/** Resolves after the event loop has run its pending I/O and timers once. */
export const yieldToEventLoop = (): Promise<void> => setImmediate();
