// The store API's error codes (DESIGN §3, issue 25): every `code` of a failure envelope
// `{ success: false, message, code, field? }` is one of these, typed once here. The server's AppError
// (apps/server lib/errors.ts) accepts only these, and the web compares against them, so a code renamed or
// misspelt on either side fails the type check. Each says what the client may do about it.
export const ERROR_CODES = {
  // Any request
  BAD_REQUEST: 'The request could not be read as sent (a malformed body, header or parameter).',
  MALFORMED_JSON: 'The body is not valid JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'The body is of a content type this route does not take.',
  VALIDATION_FAILED: 'An input failed its check; `field` names it.',
  PAYLOAD_TOO_LARGE: 'The body is larger than this route takes.',
  BODY_TOO_DEEP: 'The JSON body nests deeper than the store reads.',
  URL_TOO_LONG: 'The address (a path parameter) is longer than the store reads.',
  BAD_URL: 'The address is not a valid URL (bad percent-encoding).',
  UNAUTHORIZED: 'No valid session: sign in.',
  FORBIDDEN: 'Signed in, but not allowed to do this.',
  NOT_FOUND: 'No such thing, or not yours (the same answer, so ids reveal nothing).',
  CONFLICT: 'The request conflicts with the current state; `field` names what.',
  UNPROCESSABLE: 'The request is well formed but cannot be done as asked.',
  RATE_LIMITED: 'Too many requests: wait for Retry-After.',
  COUNTRY_RESTRICTED: 'The store is not available in the country the request comes from; the session is ended.',
  DEMO_LOCAL_ONLY: 'A demo convenience that answers only on the same machine.',
  DATABASE_UNAVAILABLE: 'The database is down or overloaded: retry after Retry-After.',
  SERVER_BUSY: 'Too many sign-ins are being checked at once: retry after Retry-After.',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was used already for a different request: send a new key.',
  INTERNAL: "A fault on the store's side; nothing the client sent caused it.",

  // Accounts and sign-in
  INVALID_CREDENTIALS: 'The e-mail address or password is wrong.',
  EMAIL_NOT_VERIFIED: 'The account has not confirmed its e-mail address yet.',
  SIGN_IN_DELAYED: 'Too many wrong passwords: sign-in waits (the message says how long) or takes the e-mailed link.',
  EMAIL_TAKEN: 'Another account has this e-mail address.',
  SAME_EMAIL: 'The new e-mail address is the current one.',
  WRONG_CURRENT_PASSWORD: 'The current password given is not right.',
  TOKEN_INVALID: 'The e-mailed link is not one the store issued.',
  TOKEN_EXPIRED: 'The e-mailed link has expired: ask for a new one.',
  TOKEN_USED: 'The e-mailed link was used already.',
  SOCIAL_SIGN_IN_INVALID: 'The social sign-in could not be confirmed with its provider.',
  SOCIAL_LINK_INVALID: 'The social account could not be linked (not confirmed, or linked to another account).',
  LAST_SIGN_IN_METHOD: "The account's last way to sign in cannot be removed.",
  IDENTITY_IN_USE: 'The social account already signs in to another account here.',
  ALREADY_LINKED: 'The account already has a social account of this provider linked.',
  ADULT_CONFIRMATION_REQUIRED: 'The account has not confirmed being 18 or older; `field` is adultConfirmed.',

  // Images and files
  IMAGE_REQUIRED: 'The upload carried no image.',
  FILE_REQUIRED: 'The upload carried no file.',
  INVALID_IMAGE: 'The file is not an image the store can read.',
  UNSUPPORTED_IMAGE_TYPE: 'The image is of a type the store does not take.',
  IMAGE_TOO_LARGE: 'The image is larger than the store takes.',
  CSV_TOO_MANY_ROWS: 'The CSV file has more rows than one import takes: split it; nothing was imported.',

  // Orders and payments
  ORDER_STATE: 'The order is not in a state that allows this (already paid, failed, canceled …).',
  ALREADY_ORDERED: 'This cart or purchase was ordered already.',
  SOLD_OUT: 'Not enough of an item is left for the order.',
  PAYMENT_PROCESSING: 'A bank payment of the order is settling: it cannot be canceled now.',
  PAYMENT_MISMATCH: "The provider's payment does not match the order (amount, currency or order).",
  STATE_NOT_ALLOWED: "Not available in the state on the shopper's profile.",
  PAYMENT_METHOD_NOT_ALLOWED: 'This payment method is not allowed for the shopper: choose another.',
  PAYER_DETAILS_REQUIRED: "The payment needs the payer's details (billing address) first.",
  PAYMENT_METHOD_UNAVAILABLE: 'No payment provider serves this method now.',
  CARD_TOKEN_EXPIRED: "The card fields' token expired before it was used: enter the card again.",
  CARD_DECLINED: 'The card (or the payment) was declined.',
  INSUFFICIENT_FUNDS: 'The card or account lacks the funds.',
  BANK_PAYMENT_FAILED: 'The bank payment could not be made or was returned.',
  ACCOUNT_FLAGGED: 'A returned bank payment flagged the account: it pays by bank account no more.',
  CARD_ATTEMPTS_LIMITED: 'Too many card attempts: wait before trying a card again.',
  VAULT_SESSION_EXPIRED: "The card fields' session expired: they ask for a new one.",
  VAULT_SESSION_INVALID: "The card fields' session is not one the store issued: the page opens new fields.",
  VAULT_TOKENIZE_LIMITED: 'Too many card entries from this session or address: wait, as the message says.',
  PROVIDER_UNAVAILABLE: 'The payment, identity or sign-in provider could not be reached: nothing changed; try again.',
  BAD_SIGNATURE: "A provider's notification did not carry a valid signature.",
  INVALID_SIGNATURE: 'A signed request (a game provider, an identity callback) did not verify.',
  BAD_NOTIFICATION: "A provider's notification could not be read.",
  STALE_REQUEST: "A signed callback's timestamp is too far from now.",
  STALE_NOTIFICATION: "A provider's notification is older than the state the store holds.",
  ALREADY_REFUNDED: 'The order was refunded already.',
  REFUND_IN_PROGRESS: 'A refund of the order is under way.',
  REFUND_UNAVAILABLE: 'The provider that took the payment is not available, so it cannot be refunded here.',
  REFUND_DECLINED: 'The provider declined the refund; nothing changed.',

  // Wallet, gift-card codes and cash-outs
  GIFT_CARD_CODE_UNKNOWN: 'No gift-card code like this was sold.',
  GIFT_CARD_CODE_REDEEMED: 'This gift-card code was redeemed already.',
  VERIFICATION_REQUIRED: 'Identity verification must pass first.',
  BELOW_MINIMUM: 'The amount is below the smallest allowed.',
  ABOVE_MAXIMUM: 'The amount is above the largest allowed.',
  INSUFFICIENT_WINNINGS: 'The cash-out asks for more coins than the winnings hold.',
  DAILY_LIMIT: "The cash-out passes the day's limit; the message says what is left.",
  ACH_HOLD: 'Cash-outs wait a while after a bank purchase settles; the message says until when.',
  BANK_ACCOUNT_NOT_FOUND: 'No saved bank account of the shopper has this id.',
  PAYOUT_UNAVAILABLE: 'Payouts cannot be made right now.',
  CASHOUT_ALREADY_DECIDED: 'The cash-out was approved or rejected already.',

  // Session recordings
  RECORDING_NOT_FOUND: 'No such recording (never issued, or deleted): start another.',
  RECORDING_FORBIDDEN: "The batch did not carry the recording's secret.",
  RECORDING_FULL: 'The recording holds as much as one recording may: stop recording it.',
  RECORDING_ADDRESS_LIMITED: 'The address sent as much as it may this hour: wait for Retry-After.',
  RECORDING_BUSY: 'Too many batches are waiting to be read: send this one again after Retry-After.',
  RECORDING_NOT_FOR_ADMINS: 'Admin sessions are not recorded.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
