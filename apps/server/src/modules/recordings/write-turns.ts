// Batches written one at a time, each after the event loop had a turn (ADR 033), when the database runs on
// this thread (PGlite): its queries await nothing truly asynchronous, so batches waiting on its lock ran
// back to back, tens of milliseconds each, and no other request got in between. On a PostgreSQL server
// the queries are network round trips and writes go on side by side.
export type WriteTurns = <T>(write: () => Promise<T>) => Promise<T>;

const nextTurnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function writeTurns(databaseInProcess: boolean): WriteTurns {
  if (!databaseInProcess) return (write) => write();
  let last: Promise<unknown> = Promise.resolve();
  return (write) => {
    const mine = last.then(nextTurnOfTheLoop).then(write);
    last = mine.catch(() => {});
    return mine;
  };
}
