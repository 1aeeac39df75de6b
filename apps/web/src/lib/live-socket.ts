// The live connection's socket as lib/socket.ts uses it, how one is made, and the store's slot for the
// connection: apart from both socket.ts and socket-io.ts (which socket.ts loads lazily), so the store and
// the sign-out reach the connection without loading either.
import type { KeyValueStore, ServerToClientEvents } from '@store/shared';
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

export interface LiveIdentity {
  _id: string;
  role: string;
  token: string | null | undefined;
}

/** One store's live connection (lib/socket.ts): opened per signed-in shopper, listened to by the screens. */
export interface LiveConnection {
  /** Closes any earlier connection, then opens one for a shopper with a token (SPEC §4); null otherwise. */
  connect(identity: LiveIdentity): LiveSocket | null;
  disconnect(): void;
  /** Subscribes to a server event on the current and any later connection; returns the unsubscribe. */
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): () => void;
}

export interface LiveConnectionOptions {
  ioFactory?: IoFactory;
  cursorStore?: KeyValueStore;
}

/**
 * Where a store keeps its live connection: empty until the signed-in code first asks for it
 * (liveConnectionOf), so lib/socket.ts stays out of a guest's first load; the sign-out closes it.
 */
export interface LiveSlot {
  connection: LiveConnection | null;
  readonly options: LiveConnectionOptions;
}

export function emptyLiveSlot(options: LiveConnectionOptions = {}): LiveSlot {
  return { connection: null, options };
}
