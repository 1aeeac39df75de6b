import { ROLE_USER, SOCKET_PATH, type KeyValueStore, type ServerToClientEvents } from '@store/shared';
import { createLiveCursor, type LiveCursor } from './live-cursor.ts';
import type {
  IoFactory,
  Listener,
  LiveConnection,
  LiveConnectionOptions,
  LiveIdentity,
  LiveOptions,
  LiveSocket,
  LiveSlot,
} from './live-socket.ts';

// SPEC §4 "Live connection": only for role USER with a stored token; any earlier connection is closed
// first; websocket preferred with polling fallback; connect/disconnect/connect_error have no effect
// (socket.io reconnects by itself, and the page works without live events).
// Issue 10: every open and reopen names the last event id this tab saw (lib/live-cursor.ts), the server
// replays what came after it, and an event heard twice (same id) reaches the listeners once.

type LiveEvent = keyof ServerToClientEvents;

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

const noStorage: KeyValueStore = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
const browserStorage = (): KeyValueStore => (typeof localStorage === 'undefined' ? noStorage : localStorage);

/**
 * One store's live connection (issue 25: a store-scoped service, not module state). `ioFactory` is the
 * socket.io-client boundary (tests hand in a fake); `cursorStore` keeps the last event id across reloads
 * and tabs (localStorage by default).
 */
export function createLiveConnection({
  ioFactory = lazySocketIo,
  cursorStore = browserStorage(),
}: LiveConnectionOptions = {}): LiveConnection {
  let current: LiveSocket | null = null;
  // Listeners outlive a single connection. Each socket gets one dispatcher per event, which drops an
  // event already seen and hands the others to the listeners of the moment.
  const listeners = new Map<LiveEvent, Set<Listener>>();
  const dispatchers = new Map<LiveEvent, Listener>();
  let cursor: LiveCursor | null = null;
  // The events the current socket has a dispatcher for (each at most once).
  let attached = new Set<LiveEvent>();

  function dispatcher(event: LiveEvent): Listener {
    let dispatch = dispatchers.get(event);
    if (!dispatch) {
      dispatch = ((payload: unknown, eventId?: unknown) => {
        // Stored events carry their id; one heard before (a replay overlapping a live send) is dropped.
        if (typeof eventId === 'number' && cursor && !cursor.accept(eventId)) return;
        const args = eventId === undefined ? [payload] : [payload, eventId];
        for (const listener of [...(listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
      }) as Listener;
      dispatchers.set(event, dispatch);
    }
    return dispatch;
  }

  function attach(socket: LiveSocket, event: LiveEvent): void {
    if (attached.has(event)) return;
    attached.add(event);
    socket.on(event, dispatcher(event));
  }

  const onSynced = (({ lastEventId }: { lastEventId: number }) => cursor?.synced(lastEventId)) as unknown as Listener;

  function disconnect(): void {
    if (!current) return;
    const socket = current;
    current = null;
    socket.disconnect();
  }

  return {
    connect({ _id, role, token }: LiveIdentity): LiveSocket | null {
      disconnect();
      if (role !== ROLE_USER || !token) return null;
      // The same shopper again (a new token, a reconnect of the app) keeps this tab's last id.
      if (cursor?.userId !== _id) cursor = createLiveCursor(_id, cursorStore);
      const socketCursor = cursor;
      const socket = ioFactory(liveOptions({ _id, role, token, lastEventId: () => socketCursor.lastEventId() }));
      socket.on('liveSynced', onSynced);
      attached = new Set();
      for (const event of listeners.keys()) attach(socket, event);
      current = socket;
      return socket;
    },
    disconnect,
    on<E extends LiveEvent>(event: E, listener: ServerToClientEvents[E]): () => void {
      const fn = listener as unknown as Listener;
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(fn);
      if (current) attach(current, event);
      return () => {
        set.delete(fn);
      };
    },
  };
}

/** The store's live connection (its `live` slot), made on first use by the signed-in code that uses it. */
export function liveConnectionOf(slot: LiveSlot): LiveConnection {
  return (slot.connection ??= createLiveConnection(slot.options));
}

/**
 * What every live connection is opened with (SPEC §4 transports, §7 path and query). auth is a function
 * so that each reconnect names the last event id seen by then, not the one of the first open.
 */
export function liveOptions({
  _id,
  role,
  token,
  lastEventId = () => undefined,
}: {
  _id: string;
  role: string;
  token: string;
  lastEventId?: () => number | undefined;
}): LiveOptions {
  return {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    // Without this socket.io-client 4.8 never tries the next transport: a failed websocket only emits
    // connect_error (which we ignore) and every reconnect tries websocket again, so no fallback happens.
    tryAllTransports: true,
    auth: (send) => {
      const last = lastEventId();
      send(last === undefined ? { token } : { token, lastEventId: last });
    },
    query: { _id, role },
    // A new manager each time: a reused one would keep the previous user's query.
    forceNew: true,
  };
}
