import {
  BaseError,
  HttpRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
  fallback,
  http,
  webSocket,
  type Transport,
} from 'viem';
import { withNodeTimeout } from '../timeout.ts';

export interface EvmTransportOptions {
  rpcUrl: string;
  wsUrl?: string;
  rpcTimeoutMs: number;
  /** §7: at most this many reconnects (0 = unlimited), this far apart. */
  wsReconnectAttempts: number;
  wsReconnectDelayMs: number;
}

/**
 * JSON-RPC to the node: over WebSocket when configured (autoconnect, reconnect every wsReconnectDelayMs ms at
 * most wsReconnectAttempts times, §7), with HTTP as the fallback for any call the socket cannot carry; HTTP
 * alone otherwise. Every request has the time limit; viem's own retries are off (we report, the caller retries).
 */
export function createEvmTransport(options: EvmTransportOptions): { transport: Transport; closeSocket(): Promise<void> } {
  const httpTransport = http(options.rpcUrl, { timeout: options.rpcTimeoutMs, retryCount: 0 });
  if (!options.wsUrl) return { transport: httpTransport, closeSocket: () => Promise.resolve() };
  const wsTransport = webSocket(options.wsUrl, {
    timeout: options.rpcTimeoutMs,
    retryCount: 0,
    reconnect: {
      attempts: options.wsReconnectAttempts === 0 ? Number.POSITIVE_INFINITY : options.wsReconnectAttempts,
      delay: options.wsReconnectDelayMs,
    },
    keepAlive: { interval: 30_000 },
  });
  let socketOpened = false;
  const transport: Transport = (params) => {
    const created = fallback([wsTransport, httpTransport], { retryCount: 0 })(params);
    socketOpened = true;
    return created;
  };
  return {
    transport,
    async closeSocket() {
      if (!socketOpened) return;
      try {
        const rpcClient = await withNodeTimeout('EVM', options.rpcTimeoutMs, () => wsTransport({}).value!.getRpcClient());
        const socket = rpcClient.socket as { close(code?: number, reason?: string): void };
        // viem's close() sends no status code; §9 wants 1000 (normal closure), so close the socket itself first.
        (Object.getPrototypeOf(socket) as { close(this: unknown, code?: number, reason?: string): void }).close.call(
          socket,
          1000,
          'closing',
        );
        rpcClient.close();
      } catch {
        // Never connected, or already gone: nothing to close.
      }
    },
  };
}

/** True when an error means the node did not answer (refused, reset, timed out, socket closed), not that it answered with an error. */
export function isTransportFailure(error: unknown): boolean {
  if (!(error instanceof BaseError)) return error instanceof TypeError; // fetch's "fetch failed"
  return Boolean(
    error.walk(
      (e) =>
        e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError || e instanceof SocketClosedError,
    ),
  );
}
