// A shopper's live connection as the web app opens it (SPEC §7: path /socket.io/, query _id and role,
// the session token in auth), for tests that check what reaches the shopper's open tabs.
import { io as connectClient, type Socket } from 'socket.io-client';
import {
  CHAT_NAMESPACE,
  type ChatMessage,
  type ChatServerToClientEvents,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@store/shared';

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

/** The chat namespace's socket (ADR 027) as the web app's widget and inbox open it. */
export type ChatSocket = Socket<ChatServerToClientEvents, Record<string, never>>;

/**
 * Opens the chat namespace with the web app's options (lib/chat-socket.ts): socket.io-client's own
 * reconnection stays on, so a test can tell whether a closed socket would try again (socket.active).
 * Not awaited: see connectedOrRefused. The caller disconnects it.
 */
export function openChatSocket(baseUrl: string, auth: { token: string; inbox?: true } | { chatKey: string }): ChatSocket {
  return connectClient(`${baseUrl}${CHAT_NAMESPACE}`, { path: '/socket.io/', transports: ['websocket'], auth, forceNew: true });
}

/** A shopper's live connection as the web app opens it (lib/socket.ts): reconnection on, not awaited. */
export function openShopperSocket(baseUrl: string, shopper: { id: string; token: string }): ShopperSocket {
  return connectClient(baseUrl, {
    path: '/socket.io/',
    transports: ['websocket'],
    auth: { token: shopper.token },
    query: { _id: shopper.id, role: 'USER' },
    forceNew: true,
  });
}

/** 'connected', or the message the server refused the handshake with. */
export function connectedOrRefused(socket: { once(event: 'connect' | 'connect_error', listener: (err: Error) => void): unknown }) {
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err: Error) => resolve(err.message));
  });
}

/** Every chat message the socket hears from now on, in order of arrival. */
export function chatMessagesHeard(socket: ChatSocket): ChatMessage[] {
  const heard: ChatMessage[] = [];
  socket.on('chatMessage', ({ message }) => void heard.push(message));
  return heard;
}

/** An answer of the API as a browser gets it: the status and the parsed body. */
export interface ApiAnswer {
  status: number;
  body: { success: boolean; data?: unknown; message?: string; code?: string } & Record<string, unknown>;
}

/**
 * One call to a listening store over real HTTP, as a visitor at `address` (the trusted proxy's
 * X-Forwarded-For: the app under test must trust 127.0.0.1), with a session token or a chat key.
 */
export async function callStore(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { address: string; token?: string; chatKey?: string; body?: unknown },
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.address };
  if (opts.token) headers['x-auth-token'] = opts.token;
  if (opts.chatKey) headers['x-chat-key'] = opts.chatKey;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}
