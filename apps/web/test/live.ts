import type { LiveConnectionOptions, LiveSocket } from '../src/lib/live-socket.ts';

type Listener = (payload: unknown) => void;

/**
 * A store's socket.io-client boundary whose socket keeps the listeners the screen registers in `listeners`,
 * so a test plays the server's events by calling them (`makeStore(…, { live })`, `renderRoutes(…, { live })`).
 */
export function listeningLive(listeners: Map<string, Listener[]>): LiveConnectionOptions {
  return {
    ioFactory: () => {
      const socket: LiveSocket = {
        on: (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener as Listener]),
        off: (event, listener) =>
          listeners.set(
            event,
            (listeners.get(event) ?? []).filter((l) => l !== listener),
          ),
        disconnect: () => undefined,
      };
      return socket;
    },
  };
}
