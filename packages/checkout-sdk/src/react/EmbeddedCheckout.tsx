/**
 * <EmbeddedCheckout />: a div that holds the framework-free core. The frame is created on mount, destroyed on
 * unmount, and recreated only when something that changes the URL changes. Callbacks, the wallet and the
 * connection are read through a ref at the moment they are used, so a new object on each render (an inline
 * callback, `useWallet()`'s adapter) never reloads the frame.
 */
import { type CSSProperties, useEffect, useRef } from 'react';
import { createEmbeddedCheckout } from '../embedded.ts';
import type {
  AuthDeclinedInfo,
  CreateEmbeddedCheckoutOptions,
  EmbeddedCheckoutOptions,
  InputErrorInfo,
  SolanaWallet,
  SuccessInfo,
} from '../types.ts';

export type EmbeddedCheckoutProps = EmbeddedCheckoutOptions & {
  className?: string;
  style?: CSSProperties;
};

// Read through the ref when used (callbacks, wallet, connection) or not part of the frame (className, style).
const NOT_IN_URL = new Set([
  'wallet',
  'connection',
  'onSuccess',
  'onAuthDeclined',
  'onHeightChange',
  'onInputError',
  'onError',
  'className',
  'style',
]);

/** A stable text of every option that shapes the frame (URL, overlay, timeout, title). */
function frameKey(props: EmbeddedCheckoutProps): string {
  const shaping: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) if (!NOT_IN_URL.has(name)) shaping[name] = value;
  shaping.useHeightChange = props.useHeightChange ?? Boolean(props.onHeightChange);
  shaping.hasWallet = props.wallet !== undefined;
  shaping.hasConnection = 'connection' in props && props.connection !== undefined;
  if (props.blockchain === 'solana') shaping.walletAddress = (props.wallet as SolanaWallet | undefined)?.publicKey?.toBase58();
  return JSON.stringify(shaping, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

/** An object that reads every property from whatever `read()` gives now (methods bound to it). */
function latestProxy<T extends object>(read: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const current = read() as Record<PropertyKey, unknown> | undefined;
      const value = current?.[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
    has(_target, property) {
      const current = read();
      return current !== undefined && property in current;
    },
  });
}

export function EmbeddedCheckout(props: EmbeddedCheckoutProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const key = frameKey(props);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const current = latest.current;
    const { className: _className, style: _style, ...options } = current;
    const instance = createEmbeddedCheckout({
      ...options,
      ...(current.wallet === undefined ? {} : { wallet: latestProxy(() => latest.current.wallet) }),
      ...('connection' in current && current.connection
        ? { connection: latestProxy(() => (latest.current as { connection?: object }).connection) }
        : {}),
      container,
      useHeightChange: current.useHeightChange ?? Boolean(current.onHeightChange),
      onSuccess: (info: SuccessInfo) => latest.current.onSuccess?.(info),
      onAuthDeclined: (info: AuthDeclinedInfo) => latest.current.onAuthDeclined?.(info),
      onHeightChange: (px: number) => latest.current.onHeightChange?.(px),
      onInputError: (info: InputErrorInfo) => latest.current.onInputError?.(info),
      onError: (error: Error) => latest.current.onError?.(error),
    } as CreateEmbeddedCheckoutOptions);
    return () => instance.destroy();
  }, [key]);

  return <div ref={containerRef} className={props.className} style={props.style} data-checkout-container="" />;
}
