// The payer data a page may send with a card or bank payment (SPEC §2 `email` and `customerInfo`): the
// customerInfo schema is the wire contract's (@store/checkout-sdk/wire), shared with the page.
import { customerInfoSchema, type CustomerInfo } from '@store/checkout-sdk/wire';
import { z } from 'zod';

export type { CustomerInfo };
/** The payer fields of a page's payment body: both optional. */
export const payerBodyFields = {
  email: z.string().email().max(254).optional(),
  customerInfo: customerInfoSchema.optional(),
};

/** What the page sent of the payer with one payment. */
export interface PayerGiven {
  email?: string;
  customerInfo?: CustomerInfo;
}
