// What the store tells the embedded checkout about the shopper (issue 23): the SDK's `email` and `customerInfo`,
// from their profile, so the frame's "Your details" block is filled and a card or bank payment carries the
// billing data the profile has. A profile is typed freely ("United Kingdom" as a country, a long street): a
// field the checkout's wire contract would refuse is left out rather than failing the whole frame.
import { customerInfoSchema, type CustomerInfo } from '@store/checkout-sdk/wire';
import type { ShopperBillingDetails } from '../core-port.ts';

export interface CheckoutPrefill {
  email?: string;
  customerInfo?: Pick<CustomerInfo, 'firstName' | 'lastName' | 'address' | 'city' | 'state' | 'zip' | 'country'>;
}

/** Each field on its own against the wire contract's CustomerInfo: only what it takes is kept. */
function accepted(field: 'address' | 'city' | 'state' | 'zip' | 'country', value: string): string | undefined {
  if (!value) return undefined;
  const parsed = customerInfoSchema.safeParse({ [field]: value });
  return parsed.success ? (parsed.data[field] as string | undefined) : undefined;
}

export function checkoutPrefill(details: ShopperBillingDetails | undefined): CheckoutPrefill {
  if (!details) return {};
  const info: NonNullable<CheckoutPrefill['customerInfo']> = {};
  // The SDK's split name has both names or neither, so the two are checked together.
  const names = customerInfoSchema.safeParse({ firstName: details.firstName, lastName: details.lastName });
  if (names.success && names.data.firstName && names.data.lastName)
    Object.assign(info, { firstName: names.data.firstName, lastName: names.data.lastName });
  const address = accepted('address', details.street);
  const city = accepted('city', details.city);
  const state = accepted('state', details.state);
  const zip = accepted('zip', details.zip);
  const country = accepted('country', details.country);
  Object.assign(info, {
    ...(address ? { address } : {}),
    ...(city ? { city } : {}),
    ...(state ? { state } : {}),
    ...(zip ? { zip } : {}),
    ...(country ? { country } : {}),
  });
  const email = customerInfoSchema.safeParse({ email: details.email }).success ? details.email : undefined;
  return { ...(email ? { email } : {}), ...(Object.keys(info).length ? { customerInfo: info } : {}) };
}
