import { CHAT_NAMESPACE, SOCKET_PATH, type ChatServerToClientEvents } from '@store/shared';

// The live chat's connection (ADR 027): the socket.io namespace CHAT_NAMESPACE. socket.io-client shares one
// transport per server between namespaces, so for a signed-in shopper this rides the live connection they
// already have. The library is loaded with the first chat connection, never in the first load. Shared by the
// visitors' widget (features/chat) and the agents' inbox (features/admin): lib/ is where features meet.

type Handlers = { [E in keyof ChatServerToClientEvents]?: ChatServerToClientEvents[E] };

export interface ChatConnection {
  close(): void;
}

/**
 * Who is listening: a session (a shopper's conversation on every device), an admin's session asking for the
 * agents' inbox (inbox: true; only then is an agent online), or a guest's conversation key.
 */
export type ChatCredentials = { token: string; inbox?: true } | { chatKey: string };

/** Opens the chat namespace and calls `handlers` for its events until close(). */
export function connectChat(credentials: ChatCredentials, handlers: Handlers): ChatConnection {
  let closed = false;
  let socket: { disconnect(): unknown } | null = null;
  import('socket.io-client').then(
    ({ io }) => {
      if (closed) return;
      const s = io(CHAT_NAMESPACE, {
        path: SOCKET_PATH,
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        auth: credentials,
      });
      for (const [event, handler] of Object.entries(handlers)) s.on(event, handler as (...args: unknown[]) => void);
      socket = s;
    },
    // The chat works without live events: the next reload asks the server for everything.
    () => {},
  );
  return {
    close() {
      closed = true;
      socket?.disconnect();
    },
  };
}
