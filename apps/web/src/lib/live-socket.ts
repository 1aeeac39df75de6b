// The live connection's socket as lib/socket.ts uses it, and how one is made: types apart from both
// socket.ts and socket-io.ts (which socket.ts loads lazily), so neither imports the other's types.
import type { ManagerOptions, SocketOptions } from 'socket.io-client';

export type Listener = (...args: never[]) => void;

/** The part of a socket.io client socket we use; small so tests can hand in a fake. */
export interface LiveSocket {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  disconnect(): unknown;
}

export type LiveOptions = Partial<ManagerOptions & SocketOptions>;
export type IoFactory = (options: LiveOptions) => LiveSocket;
