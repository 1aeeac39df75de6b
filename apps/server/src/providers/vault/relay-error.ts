// Why the vault did not relay a request (ADR 010). The message never holds card data or the request's
// body: callers log it.

export type RelayErrorCode =
  /** The URL is not under a configured provider's address: nothing was read or sent. */
  | 'DESTINATION_NOT_ALLOWED'
  /** Plain http to another machine: card data travels over https only. */
  | 'INSECURE_DESTINATION'
  /** Not a JSON body, an unknown placeholder, or more cards than one request carries: our own bug. */
  | 'BAD_REQUEST'
  /** A card token the vault does not hold (the shopper's token is wrong): nothing was sent. */
  | 'UNKNOWN_CARD'
  /** A CVV token the vault does not hold, or no longer (CVVs are kept 15 minutes): nothing was sent. */
  | 'CVV_UNAVAILABLE'
  /** The provider did not answer in time; it may have received the request. */
  | 'TIMEOUT'
  /** The provider could not be reached, or its answer broke off. */
  | 'UNREACHABLE'
  /** The provider's answer was larger than any answer of a card call. */
  | 'RESPONSE_TOO_LARGE';

export class VaultRelayError extends Error {
  override name = 'VaultRelayError';
  constructor(
    readonly code: RelayErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The shopper's card data is not in the vault (an unknown card token, a CVV token unknown or expired):
 * nothing reached the provider, and a payment is declined as the provider would decline it.
 */
export const isCardDataUnavailable = (err: unknown): err is VaultRelayError =>
  err instanceof VaultRelayError && (err.code === 'UNKNOWN_CARD' || err.code === 'CVV_UNAVAILABLE');
