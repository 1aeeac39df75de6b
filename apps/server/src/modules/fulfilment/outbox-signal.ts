// Lets code that committed outbox rows wake the outbox plugin at once instead of waiting for its
// next poll. Keyed by database handle, so apps sharing a process (tests) only wake their own.
import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client.ts';

const signal = new EventEmitter();
signal.setMaxListeners(0);

export function notifyOutbox(db: Db): void {
  signal.emit('rows', db);
}

export function onOutboxRows(listener: (db: Db) => void): () => void {
  signal.on('rows', listener);
  return () => signal.off('rows', listener);
}

/** Asks the outbox plugin to retry fulfilment of orders left 'paid' (a fulfilment just failed). */
export function requestRecovery(db: Db): void {
  signal.emit('recover', db);
}

export function onRecoveryRequest(listener: (db: Db) => void): () => void {
  signal.on('recover', listener);
  return () => signal.off('recover', listener);
}
