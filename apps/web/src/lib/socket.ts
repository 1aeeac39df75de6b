import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { ROLE_USER, SOCKET_PATH, type ServerToClientEvents } from '@store/shared';

// SPEC §4 "Live connection": only for role USER with a stored token; any earlier connection is closed
// first; websocket preferred with polling fallback; connect/disconnect/connect_error have no effect
// (socket.io reconnects by itself, and the page works without live events).

type LiveEvent = keyof ServerToClientEvents;
type Listener = (...args: never[]) => void;

/** The part of a socket.io client socket we use; small so tests can hand in a fake. */
export interface LiveSocket {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  disconnect(): unknown;
}

export type LiveOptions = Partial<ManagerOptions & SocketOptions>;
export type IoFactory = (options: LiveOptions) => LiveSocket;

/**
 * The default factory: loads socket.io-client (lib/socket-io.ts) on the first connection, so guests never
 * download it (issue 8), and hands back at once a socket that replays what was asked of it (listeners,
 * a disconnect) on the real one when it arrives.
 */
const lazySocketIo: IoFactory = (options) => {
  const socket = new DeferredSocket();
  import('./socket-io.ts').then(
    ({ socketIoFactory }) => socket.attach(socketIoFactory()(options)),
    // The page works without live events (SPEC §4); a reload after a deploy brings the chunk back.
    () => {},
  );
  return socket;
};

class DeferredSocket implements LiveSocket {
  private real: LiveSocket | null = null;
  private closed = false;
  private readonly pending: [event: string, listener: Listener][] = [];

  attach(real: LiveSocket): void {
    if (this.closed) {
      real.disconnect();
      return;
    }
    this.real = real;
    for (const [event, listener] of this.pending.splice(0)) real.on(event, listener);
  }

  on(event: string, listener: Listener): this {
    if (this.real) this.real.on(event, listener);
    else this.pending.push([event, listener]);
    return this;
  }

  off(event: string, listener: Listener): this {
    if (this.real) this.real.off(event, listener);
    const index = this.pending.findIndex(([e, l]) => e === event && l === listener);
    if (index >= 0) this.pending.splice(index, 1);
    return this;
  }

  disconnect(): this {
    this.closed = true;
    this.real?.disconnect();
    return this;
  }
}

let ioFactory: IoFactory = lazySocketIo;
let current: LiveSocket | null = null;
// Listeners outlive a single connection: they are attached to every new socket.
const listeners = new Map<LiveEvent, Set<Listener>>();

/** socket.io-client is a third-party boundary; tests replace it with a fake. */
export function setIoFactory(factory: IoFactory): void {
  ioFactory = factory;
}

export interface LiveIdentity {
  _id: string;
  role: string;
  token: string | null | undefined;
}

/** What every live connection is opened with (SPEC §4 transports, §7 path and query). */
export function liveOptions({ _id, role, token }: { _id: string; role: string; token: string }): LiveOptions {
  return {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    // Without this socket.io-client 4.8 never tries the next transport: a failed websocket only emits
    // connect_error (which we ignore) and every reconnect tries websocket again, so no fallback happens.
    tryAllTransports: true,
    auth: { token },
    query: { _id, role },
    // A new manager each time: a reused one would keep the previous user's query.
    forceNew: true,
  };
}

export function connectLive({ _id, role, token }: LiveIdentity): LiveSocket | null {
  disconnectLive();
  if (role !== ROLE_USER || !token) return null;
  const socket = ioFactory(liveOptions({ _id, role, token }));
  for (const [event, set] of listeners) {
    for (const listener of set) socket.on(event, listener);
  }
  current = socket;
  return socket;
}

export function disconnectLive(): void {
  if (!current) return;
  const socket = current;
  current = null;
  socket.disconnect();
}

/** Subscribes to a server event on the current and any later connection; returns the unsubscribe. */
export function onLive<E extends LiveEvent>(event: E, listener: ServerToClientEvents[E]): () => void {
  const fn = listener as unknown as Listener;
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(fn);
  current?.on(event, fn);
  return () => {
    set.delete(fn);
    current?.off(event, fn);
  };
}
