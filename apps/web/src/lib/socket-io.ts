import { io } from 'socket.io-client';
import type { IoFactory, LiveSocket } from './live-socket.ts';

/**
 * socket.io-client's own factory. Without an origin it connects to the page's host (the server serves
 * the app and /socket.io/ on one port); tests hand in a server's origin. Its own module, so the library
 * is downloaded only when a signed-in shopper connects (lib/socket.ts loads it), never by a guest.
 */
export function socketIoFactory(origin?: string): IoFactory {
  return (options) => (origin ? io(origin, options) : io(options)) as unknown as LiveSocket;
}
