// The Stripe sandbox's refusals, in Stripe's error shape (`{ error: { type, code, message, param } }`
// with Stripe's HTTP status), so the `stripe` package raises the same error classes as against Stripe.
// The API (api.ts) answers a StripeSandboxError as it is; anything else thrown is the sandbox's own 500.

/** An answer in Stripe's error shape. */
export class StripeSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown> & { type: string; message: string },
  ) {
    super(error.message);
  }
}

export const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeSandboxError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
export const missing = (id: string, param = 'id') =>
  new StripeSandboxError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param });

/** A card's decline as Stripe words it (the body of a 402, or a PaymentIntent's last_payment_error). */
export const cardError = (declineCode: string, message: string, extra: Record<string, unknown> = {}) => ({
  type: 'card_error',
  code: 'card_declined',
  decline_code: declineCode,
  message,
  ...extra,
});
