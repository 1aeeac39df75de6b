// A shopper's live connection as the web app opens it (SPEC §7: path /socket.io/, query _id and role,
// the session token in auth), for tests that check what reaches the shopper's open tabs.
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@store/shared';

export type ShopperSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connected (or rejected with the server's connect error); the caller disconnects it. */
export async function connectShopperSocket(baseUrl: string, shopper: { id: string; token: string }): Promise<ShopperSocket> {
  const socket: ShopperSocket = connectClient(baseUrl, {
    path: '/socket.io/',
    transports: ['websocket'],
    auth: { token: shopper.token },
    query: { _id: shopper.id, role: 'USER' },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Every payload of one event the socket receives from now on, in order of arrival. */
export function collectEvents<E extends keyof ServerToClientEvents>(socket: ShopperSocket, event: E): Payload<E>[] {
  const seen: Payload<E>[] = [];
  socket.on(event, ((payload: Payload<E>) => void seen.push(payload)) as never);
  return seen;
}
